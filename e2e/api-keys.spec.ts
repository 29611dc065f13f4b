import { expect, test } from './fixtures/test.ts';
import { accessToken, expectToast, register } from './fixtures/auth.ts';
import { seriousViolations } from './fixtures/axe.ts';

// Settings → API keys end to end: a key made in the app reads the user's codes through /api/v1 from outside
// the browser, is listed by its prefix with its last use, and stops working the moment it is revoked.
const SERVER = `http://127.0.0.1:${54329 + Number(process.env.E2E_PORT_OFFSET ?? 0)}`;
const ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

test('an API key created in Settings lists the user’s codes over the API until it is revoked', async ({
  page,
  context,
  request,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await register(page);
  await expect(page).toHaveURL(/\/dashboard$/);
  // A saved code of this user's, through the data API as the app saves codes.
  const saved = await request.post(`${SERVER}/rest/v1/qr_codes`, {
    headers: { apikey: ANON_KEY, Authorization: `Bearer ${await accessToken(page)}`, Prefer: 'return=minimal' },
    data: { name: 'Menu board', type: 'URL', content: 'https://example.com/menu' },
  });
  expect(saved.status()).toBe(201);

  await page.goto('/dashboard/settings');
  const section = page.getByRole('region', { name: 'API keys' });
  await expect(section.getByText('You have no API keys yet.')).toBeVisible();
  const form = section.getByRole('form', { name: 'Create an API key' });
  await form.getByRole('button', { name: 'Create key' }).click();
  await expect(form.getByText('Give the key a name')).toBeVisible();
  // By keyboard: Enter in the field submits.
  await form.getByLabel('Key name').fill('Inventory script');
  await form.getByLabel('Key name').press('Enter');
  await expectToast(page, 'API key created', 'Copy it now: it is shown only once.');

  const shown = section.getByLabel('New API key “Inventory script”');
  const key = await shown.inputValue();
  expect(key).toMatch(/^qrc_[A-Za-z0-9_-]{43}$/);
  await section.getByRole('button', { name: 'Copy' }).click();
  await expectToast(page, 'Copied!', 'The API key is on your clipboard.');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
  const row = section.getByRole('table', { name: 'Your API keys' }).getByRole('row', { name: /Inventory script/ });
  await expect(row).toContainText(`${key.slice(0, 12)}…`);
  await expect(row).toContainText('Never');
  expect(await seriousViolations(page)).toEqual([]);

  const listed = await request.get(`${SERVER}/api/v1/codes`, { headers: { Authorization: `Bearer ${key}` } });
  expect(listed.status()).toBe(200);
  const body = (await listed.json()) as { data: Array<{ name: string; content: string }> };
  expect(body.data.map((c) => [c.name, c.content])).toEqual([['Menu board', 'https://example.com/menu']]);

  // The interactive reference sends the same request with the key typed on its page.
  const reference = await context.newPage();
  await reference.goto(`${SERVER}/api/v1/docs`);
  await reference.getByLabel('Your API key').fill(key);
  const listOperation = reference.getByRole('form', { name: 'GET /codes', exact: true });
  await listOperation.getByLabel('limit (query)').fill('5');
  await listOperation.getByRole('button', { name: 'Send' }).click();
  await expect(listOperation.locator('pre')).toContainText('200');
  await expect(listOperation.locator('pre')).toContainText('"name":"Menu board"');
  expect(await seriousViolations(reference)).toEqual([]);
  await reference.close();

  // Gone once the page is left: the key is shown only once.
  await section.getByRole('button', { name: 'Done' }).click();
  await expect(shown).toHaveCount(0);
  await page.reload();
  await expect(row).toBeVisible();
  await expect(row).not.toContainText('Never');
  await expect(page.getByRole('textbox', { name: /New API key/ })).toHaveCount(0);

  await row.getByRole('button', { name: 'Revoke Inventory script' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Revoke “Inventory script”?' });
  await dialog.getByRole('button', { name: 'Revoke' }).click();
  await expectToast(page, 'API key revoked', '“Inventory script” no longer works.');
  await expect(section.getByText('You have no API keys yet.')).toBeVisible();

  const refused = await request.get(`${SERVER}/api/v1/codes`, { headers: { Authorization: `Bearer ${key}` } });
  expect(refused.status()).toBe(401);
  expect(await refused.json()).toEqual({
    error: { code: 'invalid_api_key', message: 'This API key is unknown or has been revoked' },
  });
});
