// Issue 37: a signed-in user sets a dynamic code's scan rules in the app, the panel's tester says where a scan would
// go, and real scans (requests with the phone's headers) land where it said. Hostile addresses are refused in the
// panel and nothing is stored.
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures/test.ts';
import { register } from './fixtures/auth.ts';
import { seriousViolations } from './fixtures/axe.ts';
import { setPlan } from './fixtures/plan.ts';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0';

async function scan(request: APIRequestContext, url: string, userAgent: string) {
  const response = await request.get(url, { maxRedirects: 0, headers: { 'User-Agent': userAgent } });
  return { status: response.status(), location: response.headers()['location'] ?? null };
}

async function menuCode(page: Page): Promise<{ row: Locator; shortUrl: string }> {
  await register(page);
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
  await page.getByRole('button', { name: 'Load sample data' }).click();
  await expect(page.getByRole('region', { name: 'Recent QR Codes' }).getByText('Restaurant Menu')).toBeVisible();
  await page.goto('/dashboard/qr-codes');
  const row = page.getByRole('list', { name: 'QR codes' }).getByRole('listitem', { name: 'Restaurant Menu' });
  const text = (await row.textContent()) ?? '';
  const shortUrl = /(https?:\/\/\S+\/r\/[A-Za-z0-9_-]+)/.exec(text)?.[1];
  expect(shortUrl, text).toBeDefined();
  return { row, shortUrl: shortUrl! };
}

test('scan rules set in the panel: the tester and real scans agree, and rules are checked in order', async ({
  page,
  request,
}) => {
  const { row, shortUrl } = await menuCode(page);
  // Three rules: more than Free's two (the Free panel is tested below).
  await setPlan(page, request, 'pro');
  expect(await scan(request, shortUrl, IPHONE)).toEqual({ status: 302, location: 'https://example.com/menu' });

  await row.getByRole('button', { name: 'Scan rules of Restaurant Menu' }).click();
  const panel = page.getByRole('dialog', { name: 'Scan rules of “Restaurant Menu”' });
  await panel.getByLabel('App Store address (iPhone and iPad)').fill('https://apps.apple.com/app/id123');
  await panel.getByLabel('Google Play address (Android)').fill('https://play.google.com/store/apps/details?id=menu');
  await panel.getByRole('button', { name: 'Add app-store rules first' }).click();
  await panel.getByRole('button', { name: 'Add a rule' }).click();
  await panel.getByLabel('Rule 3, condition 1: kind').selectOption('country');
  await panel.getByLabel('Rule 3, condition 1: countries (two-letter codes)').fill('de, at');
  await panel.getByLabel('Rule 3 sends the visitor to').fill('https://example.com/de');

  const result = panel.getByRole('status', { name: 'Test result' });
  await panel.getByLabel('Visitor’s device').selectOption('iphone');
  await expect(result).toHaveText('Goes to https://apps.apple.com/app/id123 (rule 1).');
  await panel.getByLabel('Visitor’s device').selectOption('windows');
  await expect(result).toHaveText('Goes to https://example.com/menu (the default destination).');
  await panel.getByLabel('Country').fill('AT');
  await expect(result).toHaveText('Goes to https://example.com/de (rule 3).');

  // Reordered by keyboard: the country rule moves above the Android one (still below the iPhone one).
  await panel.getByRole('button', { name: 'Move rule 3 up' }).focus();
  await page.keyboard.press('Enter');
  await expect(panel.getByLabel('Rule 2 sends the visitor to')).toHaveValue('https://example.com/de');
  await expect(result).toHaveText('Goes to https://example.com/de (rule 2).');
  expect(await seriousViolations(page)).toEqual([]);

  // A hostile address is refused in the panel, and nothing is stored.
  await panel.getByLabel('Rule 2 sends the visitor to').fill('javascript:alert(1)');
  await panel.getByRole('button', { name: 'Save rules' }).click();
  await expect(panel.getByRole('alert')).toContainText('rules › 2 › to: Not a web address a code may redirect to');
  expect(await scan(request, shortUrl, IPHONE)).toEqual({ status: 302, location: 'https://example.com/menu' });

  await panel.getByLabel('Rule 2 sends the visitor to').fill('https://example.com/de');
  await panel.getByRole('button', { name: 'Save rules' }).click();
  await expect(panel).toBeHidden();
  expect(await scan(request, shortUrl, IPHONE)).toEqual({ status: 302, location: 'https://apps.apple.com/app/id123' });
  expect(await scan(request, shortUrl, ANDROID)).toEqual({
    status: 302,
    location: 'https://play.google.com/store/apps/details?id=menu',
  });
  expect(await scan(request, shortUrl, WINDOWS)).toEqual({ status: 302, location: 'https://example.com/menu' });

  // Opened again, the panel shows what is stored.
  await row.getByRole('button', { name: 'Scan rules of Restaurant Menu' }).click();
  await expect(panel.getByLabel('Rule 2 sends the visitor to')).toHaveValue('https://example.com/de');
  await expect(panel.getByLabel('Rule 3 sends the visitor to')).toHaveValue(
    'https://play.google.com/store/apps/details?id=menu',
  );
});

test('a schedule that has ended stops scans on the owner’s fallback, as the tester says', async ({ page, request }) => {
  const { row, shortUrl } = await menuCode(page);
  await row.getByRole('button', { name: 'Scan rules of Restaurant Menu' }).click();
  const panel = page.getByRole('dialog', { name: 'Scan rules of “Restaurant Menu”' });
  await panel.getByLabel('Ends at').fill('2026-01-01T12:00');
  await panel.getByLabel('When stopped, send visitors to').fill('https://example.com/closed');
  await expect(panel.getByRole('status', { name: 'Test result' })).toHaveText(
    'Stopped (ended): the visitor goes to https://example.com/closed.',
  );
  await panel.getByRole('button', { name: 'Save rules' }).click();
  await expect(panel).toBeHidden();
  expect(await scan(request, shortUrl, WINDOWS)).toEqual({ status: 302, location: 'https://example.com/closed' });
});

test('a password set in the panel gates scans, and the password page works with JavaScript off', async ({
  page,
  browser,
}) => {
  const { row, shortUrl } = await menuCode(page);
  await row.getByRole('button', { name: 'Scan rules of Restaurant Menu' }).click();
  const panel = page.getByRole('dialog', { name: 'Scan rules of “Restaurant Menu”' });
  const password = panel.getByRole('region', { name: 'Password' });
  await password.getByLabel('Password').fill('abc');
  await password.getByRole('button', { name: 'Set password' }).click();
  await expect(password.getByText('Use at least 4 characters.')).toBeVisible();
  await password.getByLabel('Password').fill('open sesame');
  await password.getByRole('button', { name: 'Set password' }).click();
  await expect(password.getByText('Scans ask for a password before any rule.')).toBeVisible();
  await panel.getByText('The visitor has entered the password').click();
  await expect(panel.getByRole('status', { name: 'Test result' })).toHaveText(
    'Stopped (password needed): the visitor sees our page saying so.',
  );

  // A visitor's phone without JavaScript: the form posts, a wrong password is refused, the right one goes through.
  const visitor = await browser.newContext({ javaScriptEnabled: false });
  await visitor.route('https://example.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Menu</title><h1>Menu</h1>' }),
  );
  const phone = await visitor.newPage();
  await phone.goto(shortUrl);
  await phone.getByLabel(/password/i).fill('wrong one');
  await phone.getByRole('button', { name: /open|continue|submit|enter/i }).click();
  await expect(phone.getByRole('alert')).toBeVisible();
  await phone.getByLabel(/password/i).fill('open sesame');
  await phone.getByRole('button', { name: /open|continue|submit|enter/i }).click();
  await expect(phone).toHaveURL('https://example.com/menu');
  await expect(phone.getByRole('heading', { name: 'Menu' })).toBeVisible();
  await visitor.close();
});

test('rules reorder by drag with the mouse: the tester, the stored order and real scans follow', async ({
  page,
  request,
}) => {
  const { row, shortUrl } = await menuCode(page);
  await row.getByRole('button', { name: 'Scan rules of Restaurant Menu' }).click();
  const panel = page.getByRole('dialog', { name: 'Scan rules of “Restaurant Menu”' });
  // Rule 1: a flyer's link parameter; rule 2: iPhones. An iPhone scanning the flyer's link matches both.
  await panel.getByRole('button', { name: 'Add a rule' }).click();
  await panel.getByLabel('Rule 1, condition 1: kind').selectOption('query');
  await panel.getByLabel('Rule 1, condition 1: parameter name').fill('src');
  await panel.getByLabel('Rule 1 sends the visitor to').fill('https://example.com/flyer');
  await panel.getByRole('button', { name: 'Add a rule' }).click();
  await panel.getByLabel('Rule 2 sends the visitor to').fill('https://apps.apple.com/app/id123');
  await panel.getByLabel('Scan link parameters').fill('src=flyer');
  const result = panel.getByRole('status', { name: 'Test result' });
  await expect(result).toHaveText('Goes to https://example.com/flyer (rule 1).');

  // Rule 2's handle dropped on the upper half of rule 1, with the real mouse (Chromium's native drag and drop).
  // Both in view first: a scroll between pressing the handle and moving the mouse would cancel the drag.
  const first = panel.getByRole('listitem', { name: 'Rule 1' });
  const handle = panel.getByTestId('drag rule 2');
  await first.scrollIntoViewIfNeeded();
  await expect(first).toBeInViewport({ ratio: 1 });
  await expect(handle).toBeInViewport();
  await handle.dragTo(first, { targetPosition: { x: 40, y: 8 } });
  await expect(panel.getByLabel('Rule 1 sends the visitor to')).toHaveValue('https://apps.apple.com/app/id123');
  await expect(panel.getByLabel('Rule 2 sends the visitor to')).toHaveValue('https://example.com/flyer');
  // The moved rule keeps its own condition.
  await expect(panel.getByLabel('Rule 2, condition 1: parameter name')).toHaveValue('src');
  await expect(result).toHaveText('Goes to https://apps.apple.com/app/id123 (rule 1).');
  await expect(panel.getByText('Rule 2 moved to position 1 of 2.')).toBeAttached();

  await panel.getByRole('button', { name: 'Save rules' }).click();
  await expect(panel).toBeHidden();
  expect(await scan(request, `${shortUrl}?src=flyer`, IPHONE)).toEqual({
    status: 302,
    location: 'https://apps.apple.com/app/id123',
  });
  expect(await scan(request, `${shortUrl}?src=flyer`, ANDROID)).toEqual({
    status: 302,
    location: 'https://example.com/flyer',
  });
});

test('on the Free plan the Pro controls are shown disabled with a link to the plans, and Pro opens them', async ({
  page,
  request,
}) => {
  const { row } = await menuCode(page);
  await row.getByRole('button', { name: 'Scan rules of Restaurant Menu' }).click();
  const panel = page.getByRole('dialog', { name: 'Scan rules of “Restaurant Menu”' });
  // Free's two rules: the app-store preset fits, a third rule does not.
  await panel.getByLabel('App Store address (iPhone and iPad)').fill('https://apps.apple.com/app/id123');
  await panel.getByLabel('Google Play address (Android)').fill('https://play.google.com/store/apps/details?id=menu');
  await panel.getByRole('button', { name: 'Add app-store rules first' }).click();
  await expect(panel.getByRole('button', { name: 'Add a rule' })).toBeDisabled();
  const rules = panel.getByRole('region', { name: 'Rules' });
  await expect(rules.getByText('Up to 20 rules per code on Pro and Business.')).toBeVisible();
  await expect(rules.getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/pricing');
  await expect(panel.getByRole('button', { name: 'Split the destination' })).toBeDisabled();
  await expect(panel.getByLabel('utm_source')).toBeDisabled();
  await expect(panel.getByRole('checkbox', { name: /Pass on the scan link/ })).toBeDisabled();
  // The gates stay open to Free.
  await expect(panel.getByLabel('Scan limit')).toBeEnabled();
  expect(await seriousViolations(page)).toEqual([]);
  await panel.getByRole('button', { name: 'Save rules' }).click();
  await expect(panel).toBeHidden();

  // On Pro the same panel opens them.
  await setPlan(page, request, 'pro');
  await row.getByRole('button', { name: 'Scan rules of Restaurant Menu' }).click();
  await expect(panel.getByLabel('Rule 2 sends the visitor to')).toHaveValue(
    'https://play.google.com/store/apps/details?id=menu',
  );
  await expect(panel.getByRole('button', { name: 'Add a rule' })).toBeEnabled();
  await expect(panel.getByRole('button', { name: 'Split the destination' })).toBeEnabled();
  await expect(panel.getByLabel('utm_source')).toBeEnabled();
  await expect(panel.getByText('See plans')).toHaveCount(0);

  // Moved down to Free while the panel is open: the database refuses the split, and the panel says why.
  await panel.getByRole('button', { name: 'Split the destination' }).click();
  await panel.getByLabel('Variant A address').fill('https://example.com/a');
  await panel.getByLabel('Variant B address').fill('https://example.com/b');
  await setPlan(page, request, 'free');
  await panel.getByRole('button', { name: 'Save rules' }).click();
  const alert = panel.getByRole('alert');
  await expect(alert).toContainText('Free plan limit reached: the A/B split is a Pro feature');
  await expect(alert).toContainText('Upgrade to Pro or Business');
});

test('a paused code goes to its paused address, and the App-store preset can show others both store badges', async ({
  page,
  request,
}) => {
  const { row, shortUrl } = await menuCode(page);
  await row.getByRole('button', { name: 'Scan rules of Restaurant Menu' }).click();
  const panel = page.getByRole('dialog', { name: 'Scan rules of “Restaurant Menu”' });
  await panel.getByLabel('When paused, send visitors to').fill('https://example.com/back-soon');
  await panel.getByLabel('App Store address (iPhone and iPad)').fill('https://apps.apple.com/app/id123');
  await panel.getByLabel('Google Play address (Android)').fill('https://play.google.com/store/apps/details?id=menu');
  await panel.getByRole('button', { name: 'Add app-store rules first' }).click();
  await panel.getByText(/Others see a page with both store badges/).click();
  const result = panel.getByRole('status', { name: 'Test result' });
  await panel.getByLabel('Visitor’s device').selectOption('windows');
  await expect(result).toHaveText('Sees our page with both store badges (App Store and Google Play).');
  await panel.getByLabel('Visitor’s device').selectOption('androidPhone');
  await expect(result).toHaveText('Goes to https://play.google.com/store/apps/details?id=menu (rule 2).');
  await panel.getByRole('button', { name: 'Save rules' }).click();
  await expect(panel).toBeHidden();

  // Everyone else: our page with both badges, linking to the two stores.
  await page.goto(shortUrl);
  await expect(page.getByRole('link', { name: /App Store/ })).toHaveAttribute(
    'href',
    'https://apps.apple.com/app/id123',
  );
  await expect(page.getByRole('link', { name: /Google Play/ })).toHaveAttribute(
    'href',
    'https://play.google.com/store/apps/details?id=menu',
  );
  expect(await scan(request, shortUrl, IPHONE)).toEqual({ status: 302, location: 'https://apps.apple.com/app/id123' });

  // Paused from the list of codes: scans go to the paused address, before any rule.
  await page.goto('/dashboard/qr-codes');
  await row.getByRole('button', { name: 'Pause Restaurant Menu' }).click();
  await expect(row.getByText('Paused', { exact: true })).toBeVisible();
  expect(await scan(request, shortUrl, IPHONE)).toEqual({ status: 302, location: 'https://example.com/back-soon' });

  // Opened again, the panel shows both.
  await row.getByRole('button', { name: 'Scan rules of Restaurant Menu' }).click();
  await expect(panel.getByLabel('When paused, send visitors to')).toHaveValue('https://example.com/back-soon');
  await expect(panel.getByRole('checkbox', { name: /Others see a page with both store badges/ })).toBeChecked();
  await expect(panel.getByLabel('App Store address (iPhone and iPad)')).toHaveValue('https://apps.apple.com/app/id123');
});

test('the analytics view of a code shows its scans by rule and the scans its gates stopped', async ({
  page,
  request,
}) => {
  const { row, shortUrl } = await menuCode(page);
  await row.getByRole('button', { name: 'Scan rules of Restaurant Menu' }).click();
  const panel = page.getByRole('dialog', { name: 'Scan rules of “Restaurant Menu”' });
  await panel.getByLabel('App Store address (iPhone and iPad)').fill('https://apps.apple.com/app/id123');
  await panel.getByLabel('Google Play address (Android)').fill('https://play.google.com/store/apps/details?id=menu');
  await panel.getByRole('button', { name: 'Add app-store rules first' }).click();
  await panel.getByLabel('Scan limit').fill('3');
  await panel.getByRole('button', { name: 'Save rules' }).click();
  await expect(panel).toBeHidden();
  // Three scans redirected (rule 1, rule 2, no rule), the fourth stopped by the limit.
  for (const ua of [IPHONE, ANDROID, WINDOWS]) expect((await scan(request, shortUrl, ua)).status).toBe(302);
  expect((await scan(request, shortUrl, WINDOWS)).status).toBe(410);

  await page.goto('/dashboard/analytics');
  await page.getByLabel('QR code').selectOption({ label: 'Restaurant Menu' });
  const outcomes = page.getByRole('region', { name: 'Scans by rule, variant and gate' });
  const byRule = outcomes.getByRole('table', { name: 'Scans by rule' });
  await expect(byRule.getByRole('row', { name: 'Rule 1 → apps.apple.com 1 1' })).toBeVisible();
  await expect(byRule.getByRole('row', { name: 'Rule 2 → play.google.com 1 1' })).toBeVisible();
  await expect(byRule.getByRole('row', { name: /^No rule matched/ })).toBeVisible();
  const stopped = outcomes.getByRole('table', { name: 'Stopped by gate' });
  await expect(stopped.getByRole('row', { name: 'Scan limit reached 1' })).toBeVisible();
  await expect(stopped.getByRole('columnheader')).toHaveText(['Gate', 'Scans']);
  await expect(outcomes.getByText('No A/B split in this period.')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
