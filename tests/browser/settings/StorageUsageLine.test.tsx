/**
 * Settings' storage line (src/features/settings/StorageUsageLine.tsx) in Chromium: the figures of
 * public.storage_usage() in words and as a meter with an accessible name and value.
 * The RPC itself is tested on both backends (tests/server/storage-rls.test.ts); here its answer is given.
 */
import { ChakraProvider } from '@chakra-ui/react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, expect, test, vi } from 'vitest';
import { page } from 'vitest/browser';
import { getAppSystem } from '../../../src/app/theme.ts';
import { StorageUsageLine } from '../../../src/features/settings/StorageUsageLine.tsx';

const usage = { used_bytes: 0, quota_bytes: 100_000_000, file_limit_bytes: 20_000_000 };
vi.mock('../../../src/features/settings/settingsApi.ts', () => ({
  loadStorageUsage: () => Promise.resolve({ ...usage }),
}));
// The line updates when the load answers: expect.element waits for it.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;

let root: Root | null = null;
afterEach(() => {
  root?.unmount();
  root = null;
});

function mount() {
  const container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  root.render(
    <ChakraProvider value={getAppSystem()}>
      <StorageUsageLine />
    </ChakraProvider>,
  );
}

test('shows what the files take of the plan as a line and a meter', async () => {
  usage.used_bytes = 42_500_000;
  mount();
  await expect
    .element(page.getByTestId('storage-usage'))
    .toHaveTextContent('Storage: 42.5 MB of 100 MB used (files up to 20 MB each)');
  const meter = page.getByRole('progressbar', { name: 'Storage used' });
  await expect.element(meter).toHaveAttribute('aria-valuenow', '42.5');
  await expect.element(meter).toHaveAttribute('aria-valuetext', '42.5 MB of 100 MB');
});

test('a full quota fills the meter', async () => {
  usage.used_bytes = 100_000_000;
  mount();
  const meter = page.getByRole('progressbar', { name: 'Storage used' });
  await expect.element(meter).toHaveAttribute('aria-valuenow', '100');
});
