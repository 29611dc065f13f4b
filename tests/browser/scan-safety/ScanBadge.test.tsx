/**
 * The badge in a real React tree with the real QR worker and scan worker: for a design jsQR loses on a phone
 * photo (scan-check.test.ts checks that against the readers themselves) it must not claim the code scans, and
 * it must name the reader; for a plain design it states what it checked and a print size.
 */
import { ChakraProvider } from '@chakra-ui/react';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, expect, test } from 'vitest';
import { getAppSystem } from '../../../src/app/theme.ts';
import { ScanBadge } from '../../../src/features/generator/ScanBadge.tsx';
import type { QrRequest } from '../../../src/worker-client/index.ts';
import { CONTENTS } from './matrix.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;
let container: HTMLElement | null = null;
afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
  root = null;
});

function mount(request: QrRequest): HTMLElement {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  act(() =>
    root!.render(
      <ChakraProvider value={getAppSystem()}>
        <ScanBadge request={request} />
      </ChakraProvider>,
    ),
  );
  return container;
}

const style = { fg: '#000000', bg: '#FFFFFF', frameText: '', logoId: null } as const;

test('a design jsQR cannot read from a phone photo: "May not scan", and jsQR named', async () => {
  const el = mount({
    content: CONTENTS.long,
    ecl: 'H',
    kind: 'url',
    style: { ...style, shape: 'square', frame: 'circular' },
  });
  await expect.poll(() => el.textContent, { timeout: 60_000 }).toMatch(/May not scan/);
  expect(el.textContent).toMatch(/jsQR[^.]* could not read it from a phone photo/);
  expect(el.textContent).not.toMatch(/Scans with/);
});

test('a plain design: what was checked, and the smallest safe print width', async () => {
  const el = mount({
    content: CONTENTS.short,
    ecl: 'M',
    kind: 'url',
    style: { ...style, shape: 'square', frame: 'none' },
  });
  await expect.poll(() => el.textContent, { timeout: 60_000 }).toMatch(/Scans with 3 readers, also from a phone photo/);
  expect(el.textContent).toMatch(/Print it at least \d+(\.\d)? cm wide\./);
});
