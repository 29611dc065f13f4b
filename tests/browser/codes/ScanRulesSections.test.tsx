/**
 * The Scan rules panel's rules, split and link sections in a real React tree in Chromium: rules reorder by the
 * browser's own drag and drop with the real mouse (Playwright's drag), the move is announced, and the Free plan
 * sees the Pro controls disabled with a "Pro" note and a link to /pricing (a code kept from Pro can remove them).
 */
import { ChakraProvider } from '@chakra-ui/react';
import { act, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, expect, test } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { getAppSystem } from '../../../src/app/theme.ts';
import { LinkSection } from '../../../src/features/codes/scanRules/LinkSection.tsx';
import { RulesSection } from '../../../src/features/codes/scanRules/RulesSection.tsx';
import { SplitSection } from '../../../src/features/codes/scanRules/SplitSection.tsx';
import { FREE_MAX_RULES } from '../../../src/shared/rules/plan.ts';
import { MAX_RULES, type ScanSettings } from '../../../src/shared/rules/schema.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;
let container: HTMLElement | null = null;
afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
  root = null;
});

const RULES: ScanSettings['rules'] = [
  { if: [{ type: 'country', in: ['DE', 'AT'] }], to: 'https://example.com/de' },
  { if: [{ type: 'country', in: ['FR'] }], to: 'https://example.com/fr' },
  { if: [{ type: 'device', in: ['ios'] }], to: 'https://apps.apple.com/app/id1' },
];

/** The sections with their settings in state; `latest` is what they last stored. */
function mount(initial: ScanSettings, free: boolean) {
  const latest = { settings: initial };
  function Harness() {
    const [settings, setSettings] = useState(initial);
    const onChange = (next: ScanSettings) => {
      latest.settings = next;
      setSettings(next);
    };
    return (
      <>
        <RulesSection
          settings={settings}
          onChange={onChange}
          ruleLimit={free ? Math.max(FREE_MAX_RULES, initial.rules?.length ?? 0) : MAX_RULES}
        />
        <SplitSection settings={settings} onChange={onChange} locked={free} />
        <LinkSection settings={settings} onChange={onChange} locked={free} />
      </>
    );
  }
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  act(() =>
    root!.render(
      <ChakraProvider value={getAppSystem()}>
        <MemoryRouter>
          <Harness />
        </MemoryRouter>
      </ChakraProvider>,
    ),
  );
  return latest;
}

const targets = (settings: ScanSettings) => settings.rules?.map((r) => r.to);

test('a rule dragged by its handle onto the upper half of rule 1 becomes rule 1, announced; its editors move along', async () => {
  const latest = mount({ v: 1, rules: RULES }, false);
  const first = page.getByRole('listitem', { name: 'Rule 1' });
  await userEvent.dragAndDrop(page.getByTestId('drag rule 3'), first, { targetPosition: { x: 40, y: 6 } });
  await expect
    .poll(() => targets(latest.settings))
    .toEqual(['https://apps.apple.com/app/id1', 'https://example.com/de', 'https://example.com/fr']);
  await expect.element(page.getByText('Rule 3 moved to position 1 of 3.')).toBeInTheDocument();
  // The country lists are typed text of their own: they move with their rules.
  await expect.element(page.getByLabelText('Rule 2, condition 1: countries (two-letter codes)')).toHaveValue('DE, AT');
  await expect.element(page.getByLabelText('Rule 3, condition 1: countries (two-letter codes)')).toHaveValue('FR');

  // On a rule's lower half: after it. Rule 1 (now the iPhone rule) dropped on rule 2's lower half: second.
  const second = page.getByRole('listitem', { name: 'Rule 2' });
  const box = second.element().getBoundingClientRect();
  await userEvent.dragAndDrop(page.getByTestId('drag rule 1'), second, {
    targetPosition: { x: 40, y: Math.round(box.height) - 6 },
  });
  await expect
    .poll(() => targets(latest.settings))
    .toEqual(['https://example.com/de', 'https://apps.apple.com/app/id1', 'https://example.com/fr']);
  await expect.element(page.getByText('Rule 1 moved to position 2 of 3.')).toBeInTheDocument();
  // The keyboard way still works.
  await userEvent.click(page.getByRole('button', { name: 'Move rule 3 up' }));
  await expect.poll(() => targets(latest.settings)?.[1]).toBe('https://example.com/fr');
});

test('Free: a 3rd rule, the split, UTM tags and forwarding are disabled, each with a Pro note and a link to the plans', async () => {
  mount({ v: 1, rules: RULES.slice(0, 2) }, true);
  await expect.element(page.getByRole('button', { name: 'Add a rule' })).toBeDisabled();
  await expect.element(page.getByText('Up to 20 rules per code on Pro and Business.')).toBeVisible();
  await expect.element(page.getByRole('button', { name: 'Split the destination' })).toBeDisabled();
  await expect.element(page.getByText('A/B splits are on Pro and Business.')).toBeVisible();
  await expect.element(page.getByLabelText('utm_source')).toBeDisabled();
  await expect.element(page.getByRole('checkbox', { name: /Pass on the scan link/ })).toBeDisabled();
  const links = page.getByRole('link', { name: 'See plans' }).elements();
  expect(links.map((a) => a.getAttribute('href'))).toEqual(['/pricing', '/pricing', '/pricing']);
  // The time zone (used by time-of-day rules, which Free has) stays open.
  await expect.element(page.getByLabelText('Time zone for time-of-day rules')).toBeEnabled();
});

test('Free with one rule may still add a second; Pro has no Pro notes', async () => {
  mount({ v: 1, rules: RULES.slice(0, 1) }, true);
  await expect.element(page.getByRole('button', { name: 'Add a rule' })).toBeEnabled();
  act(() => root?.unmount());
  mount({ v: 1, rules: RULES }, false);
  await expect.element(page.getByRole('button', { name: 'Add a rule' })).toBeEnabled();
  await expect.element(page.getByRole('button', { name: 'Split the destination' })).toBeEnabled();
  await expect.element(page.getByLabelText('utm_source')).toBeEnabled();
  expect(page.getByText('See plans').elements()).toHaveLength(0);
});

test('Free with a split and UTM tags kept from Pro: shown, not editable, removable', async () => {
  const latest = mount(
    {
      v: 1,
      split: {
        variants: [
          { to: 'https://example.com/a', weight: 50 },
          { to: 'https://example.com/b', weight: 50 },
        ],
      },
      utm: { source: 'qr' },
      forwardQuery: true,
    },
    true,
  );
  await expect.element(page.getByLabelText('Variant A address')).toBeDisabled();
  await expect.element(page.getByLabelText('utm_source')).toBeDisabled();
  await userEvent.click(page.getByRole('button', { name: 'Remove the split' }));
  await userEvent.click(page.getByRole('button', { name: 'Remove the UTM tags' }));
  await userEvent.click(page.getByText('Pass on the scan link’s own parameters (never its destination)'));
  await expect.poll(() => latest.settings).toEqual({ v: 1 });
  await expect.element(page.getByRole('checkbox', { name: /Pass on the scan link/ })).toBeDisabled();
});

test('the App-store preset’s badge page: off until both addresses are in, then follows them; off removes it', async () => {
  const latest = mount({ v: 1 }, true);
  const option = page.getByRole('checkbox', { name: /Others see a page with both store badges/ });
  await expect.element(option).toBeDisabled();
  await userEvent.fill(page.getByLabelText('App Store address (iPhone and iPad)'), 'https://apps.apple.com/app/id1');
  await userEvent.fill(page.getByLabelText('Google Play address (Android)'), 'https://play.google.com/x');
  await userEvent.click(page.getByText(/Others see a page with both store badges/));
  await expect
    .poll(() => latest.settings.appPage)
    .toEqual({ appStore: 'https://apps.apple.com/app/id1', googlePlay: 'https://play.google.com/x' });
  await userEvent.fill(page.getByLabelText('Google Play address (Android)'), 'https://play.google.com/y');
  await expect.poll(() => latest.settings.appPage?.googlePlay).toBe('https://play.google.com/y');
  // On Free the preset's two rules fit.
  await userEvent.click(page.getByRole('button', { name: 'Add app-store rules first' }));
  await expect.poll(() => latest.settings.rules?.length).toBe(2);
  await userEvent.click(page.getByText(/Others see a page with both store badges/));
  await expect.poll(() => 'appPage' in latest.settings).toBe(false);
});
