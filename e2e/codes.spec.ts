import { readFileSync } from 'node:fs';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures/test.ts';
import { accessToken, register } from './fixtures/auth.ts';
import { decodeImageFile, decodeSvg, pngPixels } from './fixtures/decode.ts';
import { chooseType, download, fillFields, generate } from './fixtures/generator.ts';
import { seriousViolations } from './fixtures/axe.ts';

// The e2e data server of playwright.config.ts (same offset rule) and the Supabase CLI's public demo anon key.
const API = `http://127.0.0.1:${54329 + Number(process.env.E2E_PORT_OFFSET ?? 0)}`;
const ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

async function signUp(page: Page) {
  await register(page);
  // Password hashing on a busy shared machine can take a while.
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
}

async function loadSampleData(page: Page) {
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Load sample data' }).click();
  await expect(page.getByRole('region', { name: 'Recent QR Codes' }).getByText('Restaurant Menu')).toBeVisible();
}

/** Picks Dynamic or Static as a user does: by clicking its label (the radio input itself is visually hidden). */
async function chooseKind(dialog: Locator, kind: 'Dynamic' | 'Static') {
  await dialog.getByText(kind, { exact: true }).click();
  await expect(dialog.getByRole('radio', { name: kind })).toBeChecked();
}

/** Fills the generator on /create with a website URL, generates and saves it under `name`. */
async function saveFromCreate(page: Page, url: string, name: string, kind: 'Dynamic' | 'Static'): Promise<Locator> {
  if (!page.url().endsWith('/create')) await page.goto('/create');
  await fillFields(page, { URL: url });
  await generate(page);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Save QR code' });
  await dialog.getByLabel('Name').fill(name);
  await chooseKind(dialog, kind);
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  return dialog;
}

/** One scan of a short URL, as a phone would do it, without following the redirect. */
async function scan(request: APIRequestContext, url: string) {
  const response = await request.get(url, { maxRedirects: 0 });
  return { status: response.status(), location: response.headers()['location'] ?? null };
}

function row(page: Page, name: string): Locator {
  return page.getByRole('list', { name: 'QR codes' }).getByRole('listitem', { name, exact: true });
}

test('sample data fills the overview with real figures; the row buttons download, edit and link to analytics', async ({
  page,
}) => {
  await signUp(page);
  const recent = page.getByRole('region', { name: 'Recent QR Codes' });
  await expect(recent.getByText('No QR codes yet')).toBeVisible();
  const summary = page.getByRole('list', { name: 'Summary' });
  await expect(summary.getByRole('listitem').filter({ hasText: 'Total QR Codes' })).toHaveText(
    /^Total QR Codes0\+0 this month$/,
  );

  await loadSampleData(page);
  // Scans of load_sample_data(): i = 1..n at now − ((i·7919) mod 129600) minutes; the last 30 days are < 43200 minutes.
  const last30 = [1234, 456, 2890].reduce(
    (sum, n) => sum + Array.from({ length: n }, (_, i) => ((i + 1) * 7919) % 129_600).filter((m) => m < 43_200).length,
    0,
  );
  const avg = Math.round((last30 / 30) * 10) / 10;
  const expectCard = (title: string, value: string) =>
    expect(summary.getByRole('listitem').filter({ hasText: title })).toHaveText(
      new RegExp(`^${title.replace('.', '\\.')}${value.replace('.', '\\.')}(?![\\d.])`),
    );
  await expectCard('Total QR Codes', '3');
  await expectCard('Total Scans', '4.6K');
  await expectCard('Active Campaigns', '2');
  await expectCard('Avg. Scans/Day', avg >= 1000 ? `${(avg / 1000).toFixed(1)}K` : String(avg));

  const menu = recent.getByRole('listitem').filter({ hasText: 'Restaurant Menu' });
  await expect(menu).toContainText('Menu · 1,234 scans');
  await expect(menu.getByRole('link', { name: 'Analytics for Restaurant Menu' })).toHaveAttribute(
    'href',
    /\/dashboard\/analytics\?code=[0-9a-f-]{36}$/,
  );

  // Download (PNG through the worker): the file holds the short URL of the dynamic sample code.
  await menu.getByRole('button', { name: 'Download Restaurant Menu' }).click();
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: /^PNG/ }).click(),
  ]);
  expect(file.suggestedFilename()).toBe('restaurant-menu.png');
  const [shortUrl] = await decodeImageFile(new Uint8Array(readFileSync(await file.path())));
  expect(shortUrl).toMatch(new RegExp(`^${API.replace(/[.:/]/g, '\\$&')}/r/[A-Za-z0-9_-]{8}$`));

  // Edit from the overview: rename.
  await menu.getByRole('button', { name: 'Edit Restaurant Menu' }).click();
  const dialog = page.getByRole('dialog', { name: /Edit/ });
  await expect(dialog.getByLabel('Destination URL')).toHaveValue('https://example.com/menu');
  await dialog.getByLabel('Name').fill('Lunch Menu');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog).toBeHidden();
  await expect(recent.getByRole('listitem').filter({ hasText: 'Lunch Menu' })).toContainText('Menu · 1,234 scans');
  expect(await seriousViolations(page)).toEqual([]);
});

test('a dynamic code saved on /create redirects, follows edits and pauses, and is deleted after confirmation', async ({
  page,
  request,
}) => {
  await signUp(page);
  await page.goto('/create');
  await expect(page.getByRole('button', { name: 'Create Free Account' })).toHaveCount(0);
  const dialog = await saveFromCreate(page, 'https://example.com/first', 'Launch page', 'Dynamic');
  await expect(dialog).toBeHidden();
  const notice = page.getByRole('status').filter({ hasText: 'is saved as a dynamic code' });
  await expect(notice).toBeVisible();

  // The generator now shows the code to print: its PNG holds the short URL, not the destination.
  const { bytes } = await download(page, 'png');
  const decoded = await decodeImageFile(bytes);
  expect(decoded).toHaveLength(1);
  const shortUrl = decoded[0]!;
  expect(shortUrl.startsWith(`${API}/r/`)).toBe(true);
  await expect(notice).toContainText(shortUrl);
  expect(await scan(request, shortUrl)).toEqual({ status: 302, location: 'https://example.com/first' });

  await page.goto('/dashboard/qr-codes');
  const launch = row(page, 'Launch page');
  await expect(launch).toContainText('Website · 1 scan ·');
  await expect(launch).toContainText(`${shortUrl} → https://example.com/first`);
  await expect(launch.getByRole('img', { name: 'QR code of Launch page' })).toBeVisible();

  // Downloads from the list, in two formats, hold the same short URL.
  await launch.getByRole('button', { name: 'Download Launch page' }).click();
  const [svgFile] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: /^SVG/ }).click(),
  ]);
  expect(svgFile.suggestedFilename()).toBe('launch-page.svg');
  expect(await decodeSvg(page, readFileSync(await svgFile.path(), 'utf8'))).toEqual([shortUrl]);

  // Edit the destination: the printed code stays, the next scan goes to the new place.
  await launch.getByRole('button', { name: 'Edit Launch page' }).click();
  const edit = page.getByRole('dialog', { name: /Edit/ });
  await edit.getByLabel('Destination URL').fill('not a url');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit.getByText('The destination must start with http:// or https://')).toBeVisible();
  await edit.getByLabel('Destination URL').fill('https://example.org/second');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit).toBeHidden();
  await expect(launch).toContainText('→ https://example.org/second');
  expect(await scan(request, shortUrl)).toEqual({ status: 302, location: 'https://example.org/second' });

  // Pause: the short URL answers 404; activate: it redirects again.
  await launch.getByRole('button', { name: 'Pause Launch page' }).click();
  await expect(launch.getByText('Paused', { exact: true })).toBeVisible();
  expect((await scan(request, shortUrl)).status).toBe(404);
  await launch.getByRole('button', { name: 'Activate Launch page' }).click();
  await expect(launch.getByText('Active', { exact: true })).toBeVisible();
  expect(await scan(request, shortUrl)).toEqual({ status: 302, location: 'https://example.org/second' });
  await page.reload();
  await expect(row(page, 'Launch page')).toContainText('Website · 3 scans ·');

  // Delete asks first; Cancel keeps the code.
  await launch.getByRole('button', { name: 'Delete Launch page' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete “Launch page”?' });
  await expect(confirm).toContainText('Printed copies of this dynamic code will stop working');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(launch).toBeVisible();
  await launch.getByRole('button', { name: 'Delete Launch page' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('No saved QR codes yet')).toBeVisible();
  expect((await scan(request, shortUrl)).status).toBe(404);
});

test('the 4th dynamic code is refused with the plan-limit message; static codes and non-link types explain themselves', async ({
  page,
}) => {
  await signUp(page);
  await loadSampleData(page); // two dynamic codes
  await expect(await saveFromCreate(page, 'https://example.com/three', 'Third', 'Dynamic')).toBeHidden();
  // The generator now holds a short URL: saving it again as dynamic is not offered.
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  let dialog = page.getByRole('dialog', { name: 'Save QR code' });
  await expect(dialog.getByRole('radio', { name: 'Dynamic' })).toBeDisabled();
  await expect(dialog).toContainText('already the short URL of a dynamic code');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  dialog = await saveFromCreate(page, 'https://example.com/four', 'Fourth', 'Dynamic');
  await expect(dialog.getByRole('alert')).toContainText('Free plan limit reached: at most 3 dynamic QR codes');
  await expect(dialog.getByRole('alert')).toContainText('upgrade to Pro');
  await chooseKind(dialog, 'Static');
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(dialog).toBeHidden();

  await chooseType(page, 'Text', true);
  await fillFields(page, { Text: 'Hello there' });
  await generate(page);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  dialog = page.getByRole('dialog', { name: 'Save QR code' });
  await expect(dialog.getByRole('radio', { name: 'Dynamic' })).toBeDisabled();
  await expect(dialog.getByRole('radio', { name: 'Static' })).toBeChecked();
  await expect(dialog).toContainText('A Text code keeps its content inside the code itself');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await page.goto('/dashboard/qr-codes');
  await expect(row(page, 'Fourth')).toContainText('Static');
  await expect(row(page, 'Fourth')).toContainText('Website · 0 scans');
  await expect(page.getByRole('list', { name: 'QR codes' }).getByRole('listitem')).toHaveCount(5);
});

test('the list searches, sorts and pages; both pages pass axe', async ({ page, request }) => {
  await signUp(page);
  await loadSampleData(page);
  expect(await seriousViolations(page)).toEqual([]);
  const token = await accessToken(page);
  const names = Array.from({ length: 10 }, (_, i) => `Alpha ${String(i + 1).padStart(2, '0')}`);
  const response = await request.post(`${API}/rest/v1/qr_codes`, {
    headers: { apikey: ANON_KEY, Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    data: names.map((name) => ({ name, type: 'text', content: `static ${name}` })),
  });
  expect(response.status(), await response.text()).toBe(201);

  await page.goto('/dashboard/qr-codes');
  const list = page.getByRole('list', { name: 'QR codes' });
  const pages = page.getByRole('navigation', { name: 'Pages' });
  await expect(page.getByText('13 codes')).toBeVisible();
  await expect(pages).toContainText('Page 1 of 2');
  await expect(list.getByRole('listitem')).toHaveCount(10);
  await expect(pages.getByRole('button', { name: 'Previous' })).toBeDisabled();
  // Newest first: the ten static codes, then (page 2) the samples, created 60, 65 and 70 days ago.
  await pages.getByRole('button', { name: 'Next' }).click();
  await expect(pages).toContainText('Page 2 of 2');
  await expect(list.getByRole('listitem')).toHaveText([/Restaurant Menu/, /Business Card/, /Event Tickets/]);
  await expect(pages.getByRole('button', { name: 'Next' })).toBeDisabled();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByLabel('Sort by').selectOption('Most scans');
  await expect(pages).toContainText('Page 1 of 2');
  await expect(list.getByRole('listitem').nth(0)).toContainText('Event Tickets');
  await expect(list.getByRole('listitem').nth(0)).toContainText('2,890 scans');
  await expect(list.getByRole('listitem').nth(1)).toContainText('Restaurant Menu');
  await expect(list.getByRole('listitem').nth(2)).toContainText('Business Card');

  await page.getByLabel('Sort by').selectOption('Name (Z–A)');
  await expect(list.getByRole('listitem').nth(0)).toContainText('Restaurant Menu');
  await expect(list.getByRole('listitem').nth(3)).toContainText('Alpha 10');

  await page.getByLabel('Search by name').fill('menu');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/q=menu/);
  await expect(list.getByRole('listitem')).toHaveText([/Restaurant Menu/]);
  await expect(pages).toContainText('Page 1 of 1');

  // LIKE wildcards typed by the user are literal.
  await page.getByLabel('Search by name').fill('Alpha_0');
  await page.keyboard.press('Enter');
  await expect(page.getByText('No QR codes match your search')).toBeVisible();
  await page.getByLabel('Search by name').fill('alpha 0');
  await page.keyboard.press('Enter');
  await expect(page.getByText('9 codes matching “alpha 0”')).toBeVisible();

  // The edit dialog passes axe too.
  await row(page, 'Alpha 01').getByRole('button', { name: 'Edit Alpha 01' }).click();
  await expect(page.getByRole('dialog', { name: /Edit/ }).getByLabel('Content')).toHaveValue('static Alpha 01');
  expect(await seriousViolations(page)).toEqual([]);

  // A page past the last one (an old link; PostgREST answers 416 there), in both kinds of sort.
  for (const sort of ['', '&sort=scans_desc']) {
    await page.goto(`/dashboard/qr-codes?page=5${sort}`);
    await expect(page.getByText('Page 5 is empty now.')).toBeVisible();
    await page.getByRole('button', { name: 'Go to page 2' }).click();
    await expect(pages).toContainText('Page 2 of 2');
    await expect(list.getByRole('listitem')).toHaveCount(3);
  }
});

test('a failing server shows an error with "Try again"; the row menu works from the keyboard', async ({ page }) => {
  await signUp(page);
  await loadSampleData(page);
  await page.route('**/rest/v1/qr_codes?*', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ code: 'XX000', message: 'database is down', details: null, hint: null }),
    }),
  );
  await page.goto('/dashboard/qr-codes');
  await expect(page.getByRole('alert')).toHaveText('Something went wrong: database is down');
  await page.unroute('**/rest/v1/qr_codes?*');
  await page.getByRole('button', { name: 'Try again' }).click();
  const list = page.getByRole('list', { name: 'QR codes' });
  await expect(list.getByRole('listitem')).toHaveCount(3);

  // Keyboard only: focus the download button, open its menu, pick EPS.
  await row(page, 'Business Card').getByRole('button', { name: 'Download Business Card' }).focus();
  await page.keyboard.press('Enter');
  // The menu keeps focus and marks the highlighted item (aria-activedescendant): the first one on open.
  await expect(page.getByRole('menuitem', { name: /^PNG/ })).toHaveAttribute('data-highlighted', '');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  const [file] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  expect(file.suggestedFilename()).toBe('business-card.eps');
  expect(readFileSync(await file.path(), 'latin1').startsWith('%!PS-Adobe-3.0 EPSF-3.0')).toBe(true);
});

test('a code saved with a logo keeps it: the dashboard’s downloads match the generator’s, pixel for pixel', async ({
  page,
}) => {
  await signUp(page);
  await page.goto('/create');
  await fillFields(page, { URL: 'https://example.com/with-logo' });
  await page.getByRole('tab', { name: 'Error Level' }).click();
  await page.getByRole('tabpanel').getByText('H (30%)').click();
  await page.getByRole('tab', { name: 'Logo' }).click();
  await page.getByLabel('Upload logo').setInputFiles('e2e/assets/logo.png');
  await expect(page.getByText('logo.png')).toBeVisible();
  await generate(page);
  const original = await download(page, 'png');
  // Drawn with the logo: it differs from the same code without one.
  await page.getByRole('button', { name: 'Remove logo' }).click();
  const bare = await download(page, 'png');
  await page.getByLabel('Upload logo').setInputFiles('e2e/assets/logo.png');
  await expect(page.getByText('logo.png')).toBeVisible();

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Save QR code' });
  await expect(dialog).toContainText('and the logo');
  await dialog.getByLabel('Name').fill('Logo code');
  await chooseKind(dialog, 'Static');
  // A fault on the logo's insert: the code is taken back, the dialog says why and stays open.
  await page.route('**/rest/v1/code_logos*', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"Service unavailable"}' })
      : route.continue(),
  );
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(dialog.getByRole('alert')).toBeVisible();
  await expect(dialog).toBeVisible();
  const token = await accessToken(page);
  const codes = await page.request.get(`${API}/rest/v1/qr_codes?select=name`, {
    headers: { apikey: ANON_KEY, Authorization: `Bearer ${token}` },
  });
  expect(await codes.json()).toEqual([]);
  await page.unroute('**/rest/v1/code_logos*');
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(dialog).toBeHidden();

  await page.goto('/dashboard/qr-codes');
  const saved = row(page, 'Logo code');
  const fromDashboard = async (format: RegExp) => {
    await saved.getByRole('button', { name: 'Download Logo code' }).click();
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: format }).click(),
    ]);
    return new Uint8Array(readFileSync(await file.path()));
  };
  const png = await fromDashboard(/^PNG/);
  expect(await decodeImageFile(png)).toEqual(['https://example.com/with-logo']);
  const [ours, theirs, without] = await Promise.all([pngPixels(png), pngPixels(original.bytes), pngPixels(bare.bytes)]);
  expect(ours.width).toBe(theirs.width);
  const differing = (x: Uint8ClampedArray, y: Uint8ClampedArray) => x.reduce((n, v, i) => n + (v === y[i] ? 0 : 1), 0);
  expect(differing(ours.data, theirs.data)).toBe(0);
  expect(differing(ours.data, without.data)).toBeGreaterThan(1000);
  // The SVG carries the logo as an embedded image.
  const svg = new TextDecoder().decode(await fromDashboard(/^SVG/));
  expect(svg).toMatch(/<image [^>]*href="data:image\/png;base64,/);
});

test('the landing generator saves too when signed in, with its design (and without a logo)', async ({ page }) => {
  await signUp(page);
  await page.goto('/');
  const generator = page.locator('#generator');
  await fillFields(page, { URL: 'https://example.com/landing' });
  await generate(page);
  await generator.getByRole('button', { name: 'Save', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Save QR code' });
  await expect(dialog.getByLabel('Name')).toHaveValue('example.com/landing');
  await expect(dialog).toContainText('error level, eyes, gradient, margin).');
  await chooseKind(dialog, 'Static');
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(dialog).toBeHidden();
  // A static save leaves the generator's content as it was.
  await expect(page.getByLabel(/^URL/)).toHaveValue('https://example.com/landing');

  await page.goto('/dashboard/qr-codes');
  const saved = row(page, 'example.com/landing');
  await expect(saved).toContainText('Static');
  await saved.getByRole('button', { name: 'Edit example.com/landing' }).click();
  const edit = page.getByRole('dialog', { name: /Edit/ });
  await expect(edit.getByLabel('Content')).toHaveValue('https://example.com/landing');
  // The landing generator's default foreground (#1A2BB2, spec §3) was stored with the code.
  await expect(edit.getByLabel('Foreground colour')).toHaveValue('#1a2bb2');
  await expect(edit.getByLabel('Error level')).toHaveValue('M');
});
