import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures/test.ts';
import { accessToken, expectToast, logIn, PASSWORD, register, signOutFromHeader } from './fixtures/auth.ts';
import { seriousViolations } from './fixtures/axe.ts';

// The e2e auth/data server of playwright.config.ts (same offset rule) and the Supabase CLI's public demo anon key,
// which that config gives the app.
const API = `http://127.0.0.1:${54329 + Number(process.env.E2E_PORT_OFFSET ?? 0)}`;
const ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
const DAY_MS = 86_400_000;

// Analytics count days in the user's time zone, by default the browser's: UTC here, whatever the host's zone, so
// the UTC-day figures below hold (the Los Angeles block at the end sets its own).
test.use({ timezoneId: 'UTC' });

const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const addDays = (day: string, n: number) => utcDay(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS);
const fmt = (n: number) => n.toLocaleString('en-US');
const longDay = (day: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(
    Date.parse(`${day}T00:00:00Z`),
  );

/** PostgREST calls as the user: the figures the page must show are computed from these, never guessed. */
function restAs(request: APIRequestContext, token: string) {
  const headers = { apikey: ANON_KEY, Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
  return {
    async rpc<T>(fn: string, args: object = {}): Promise<T> {
      const response = await request.post(`${API}/rest/v1/rpc/${fn}`, { headers, data: args });
      expect(response.status(), `${fn}: ${await response.text()}`).toBeLessThan(300);
      return (await response.json()) as T;
    },
    async user(): Promise<{ user_metadata: Record<string, unknown> }> {
      const response = await request.get(`${API}/auth/v1/user`, { headers });
      expect(response.status(), await response.text()).toBe(200);
      return (await response.json()) as { user_metadata: Record<string, unknown> };
    },
    async select<T>(table: string, query: string): Promise<T[]> {
      const response = await request.get(`${API}/rest/v1/${table}?${query}`, { headers });
      expect(response.status(), await response.text()).toBe(200);
      return (await response.json()) as T[];
    },
    async insertCode(row: Record<string, unknown>): Promise<{ id: string; slug: string }> {
      const response = await request.post(`${API}/rest/v1/qr_codes`, {
        headers: { ...headers, Prefer: 'return=representation' },
        data: row,
      });
      expect(response.status(), await response.text()).toBe(201);
      return ((await response.json()) as { id: string; slug: string }[])[0]!;
    },
  };
}
type Rest = ReturnType<typeof restAs>;

interface Expected {
  total: number;
  allTime: number;
  countries: number[];
  devices: number[];
  os: number[];
}

/** The day `ms` falls on in the zone, as YYYY-MM-DD. */
const dayIn = (ms: number, timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(ms);

/**
 * The instant a day starts in Europe/Berlin, worked out independently of the app: whichever of its two offsets
 * makes that instant midnight there.
 */
function berlinMidnight(day: string): string {
  for (const offset of ['+01:00', '+02:00']) {
    const ms = Date.parse(`${day}T00:00:00${offset}`);
    const hour = new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Berlin', hour: 'numeric', hourCycle: 'h23' });
    if (Number(hour.format(ms)) === 0) return new Date(ms).toISOString();
  }
  throw new Error(`No Berlin midnight on ${day}`);
}

/** What the page must show for the inclusive UTC day range and code, straight from the RPCs. */
async function expected(rest: Rest, from: string, to: string, codeId: string | null): Promise<Expected> {
  const ts = { p_from: `${from}T00:00:00.000Z`, p_to: `${addDays(to, 1)}T00:00:00.000Z`, p_code_id: codeId };
  const perDay = await rest.rpc<{ scans: number }[]>('scans_per_day', { p_from: from, p_to: to, p_code_id: codeId });
  const counts = async (fn: string, args: object) =>
    (await rest.rpc<{ scans: number }[]>(fn, args)).map((r) => Number(r.scans));
  const allTime = await counts('scans_by_device', { p_code_id: codeId });
  return {
    total: perDay.reduce((sum, d) => sum + Number(d.scans), 0),
    allTime: allTime.reduce((a, b) => a + b, 0),
    countries: await counts('scans_by_country', ts),
    devices: await counts('scans_by_device', ts),
    os: await counts('scans_by_os', ts),
  };
}

function stat(page: Page, label: string) {
  return page.getByRole('group', { name: label, exact: true });
}

/** A column of a chart's data table, in row order: 1 = "Scans", 2 = "Unique scans". */
async function tableColumn(page: Page, name: string, column: 1 | 2): Promise<number[]> {
  const table = page.getByRole('table', { name });
  await expect(table.getByRole('columnheader').nth(column)).toHaveText(column === 1 ? 'Scans' : 'Unique scans');
  const cells = await table
    .locator('tbody tr')
    .evaluateAll((rows, i) => rows.map((r) => r.children[i]?.textContent ?? ''), column);
  return cells.map((c) => Number(c.replace(/,/g, '')));
}

const tableScans = (page: Page, name: string) => tableColumn(page, name, 1);

async function expectFigures(page: Page, want: Expected) {
  await expect(stat(page, 'Scans in period')).toContainText(fmt(want.total));
  await expect(stat(page, 'All-time scans')).toContainText(fmt(want.allTime));
  expect(await tableScans(page, 'Scans by country')).toEqual(want.countries);
  expect(await tableScans(page, 'Scans by device')).toEqual(want.devices);
  expect(await tableScans(page, 'Scans by operating system')).toEqual(want.os);
  const perDay = await tableScans(page, 'Scans over time');
  expect(perDay.reduce((a, b) => a + b, 0)).toBe(want.total);
}

test('analytics shows the sample data as the database counts it, per period and per code', async ({ page }) => {
  await register(page);
  await expect(page).toHaveURL(/\/dashboard$/);
  // The dashboard's own "Load sample data" (rpc load_sample_data: 1234 / 456 / 2890 scans over 90 days).
  await page.getByRole('button', { name: 'Load sample data' }).click();
  await expectToast(page, 'Sample data loaded', 'Three sample codes with their scans were added to your account.');
  const rest = restAs(page.request, await accessToken(page));
  const codes = await rest.select<{ id: string; name: string }>('qr_codes', 'select=id,name');
  expect(codes.map((c) => c.name).sort()).toEqual(['Business Card', 'Event Tickets', 'Restaurant Menu']);
  const byName = new Map(codes.map((c) => [c.name, c.id]));
  const today = utcDay(Date.now());

  // Default period: the last 30 days, all codes.
  await page.goto('/dashboard/analytics');
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Last 30 days' })).toHaveAttribute('aria-pressed', 'true');
  const last30 = await expected(rest, addDays(today, -29), today, null);
  expect(last30.allTime).toBe(1234 + 456 + 2890);
  await expectFigures(page, last30);
  const top = await rest.rpc<{ name: string; scans: number }[]>('top_codes', {
    p_limit: 5,
    p_from: `${addDays(today, -29)}T00:00:00.000Z`,
    p_to: `${addDays(today, 1)}T00:00:00.000Z`,
  });
  const topTable = page.getByRole('table', { name: 'Top codes' });
  await expect(topTable.locator('tbody tr')).toHaveCount(top.length);
  await expect(topTable.locator('tbody tr').first()).toContainText(top[0]!.name);
  await expect(topTable.locator('tbody tr').first()).toContainText(fmt(Number(top[0]!.scans)));
  expect(await seriousViolations(page)).toEqual([]);

  // Another preset changes the numbers (and the URL).
  await page.getByRole('button', { name: 'Last 90 days' }).click();
  await expect(page).toHaveURL(/range=90/);
  const last90 = await expected(rest, addDays(today, -89), today, null);
  expect(last90.total).toBeGreaterThan(last30.total);
  await expectFigures(page, last90);

  // One code: the selector writes ?code=, and every figure narrows to that code.
  await page.getByLabel('QR code').selectOption({ label: 'Event Tickets' });
  await expect(page).toHaveURL(new RegExp(`code=${byName.get('Event Tickets')}`));
  await expect(page.getByRole('heading', { name: 'Totals for “Event Tickets”' })).toBeVisible();
  const tickets90 = await expected(rest, addDays(today, -89), today, byName.get('Event Tickets')!);
  expect(tickets90.allTime).toBe(2890);
  expect(tickets90.total).toBeLessThan(last90.total);
  await expectFigures(page, tickets90);

  // A link from the overview or the list (?code=<id>) opens with that code chosen, and the choice survives a reload.
  await page.goto(`/dashboard/analytics?code=${byName.get('Business Card')}&range=7`);
  await expect(page.getByLabel('QR code')).toHaveValue(byName.get('Business Card')!);
  await expect(page.getByRole('button', { name: 'Last 7 days' })).toHaveAttribute('aria-pressed', 'true');
  const card7 = await expected(rest, addDays(today, -6), today, byName.get('Business Card')!);
  await expect(stat(page, 'All-time scans')).toContainText(fmt(456));
  await expect(stat(page, 'Scans in period')).toContainText(fmt(card7.total));

  // The tables are visually hidden until asked for; the button says whether its table is shown.
  const showCountries = page.getByRole('button', { name: 'Show table for Scans by country' });
  await expect(showCountries).toHaveAttribute('aria-expanded', 'false');
  await showCountries.click();
  await expect(page.getByRole('button', { name: 'Hide table for Scans by country' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  await expect(page.getByRole('table', { name: 'Scans by country' })).toBeVisible();
  expect(await tableScans(page, 'Scans by country')).toEqual(
    (await expected(rest, addDays(today, -6), today, byName.get('Business Card')!)).countries,
  );

  // A ?code= that is not one of the user's codes falls back to all codes, and says so.
  await page.goto('/dashboard/analytics?code=00000000-0000-4000-8000-000000000000');
  await expect(page.getByText('That QR code was not found in your account, so all codes are shown.')).toBeVisible();
  await expect(page.getByLabel('QR code')).toHaveValue('');
  await expect(stat(page, 'Scans in period')).toContainText(fmt(last30.total));

  // Custom period: validated, then applied.
  await page.goto('/dashboard/analytics');
  await page.getByRole('button', { name: 'Custom' }).click();
  const custom = page.getByRole('form', { name: 'Custom period' });
  await custom.getByLabel('From').fill(addDays(today, -10));
  await custom.getByLabel('To').fill(addDays(today, -20));
  await custom.getByRole('button', { name: 'Apply' }).click();
  await expect(custom.getByText('The start date must be on or before the end date')).toBeVisible();
  await custom.getByLabel('From').fill(addDays(today, -59));
  await custom.getByLabel('To').fill(addDays(today, -30));
  await custom.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(new RegExp(`from=${addDays(today, -59)}&to=${addDays(today, -30)}`));
  await expect(page.getByText(`${longDay(addDays(today, -59))} – ${longDay(addDays(today, -30))} (UTC)`)).toBeVisible();
  await expectFigures(page, await expected(rest, addDays(today, -59), addDays(today, -30), null));

  // A period without scans says so instead of drawing empty charts.
  await page.goto('/dashboard/analytics?from=2020-01-01&to=2020-01-31');
  await expect(page.getByRole('heading', { name: 'No scans in this period' })).toBeVisible();
  await expect(stat(page, 'Scans in period')).toContainText('0');
  await expect(stat(page, 'All-time scans')).toContainText(fmt(4580));
  await expect(page.getByRole('table', { name: 'Scans by country' })).toHaveCount(0);
});

test('a real scan through /r/<slug> shows up in today’s count', async ({ page }) => {
  await register(page);
  await expect(page).toHaveURL(/\/dashboard$/);
  const rest = restAs(page.request, await accessToken(page));
  const code = await rest.insertCode({
    name: 'Live poster',
    type: 'URL',
    is_dynamic: true,
    destination: 'https://example.com/live-poster',
  });

  await page.goto(`/dashboard/analytics?code=${code.id}&range=7`);
  await expect(page.getByLabel('QR code')).toHaveValue(code.id);
  await expect(page.getByRole('heading', { name: 'No scans in this period' })).toBeVisible();
  await expect(stat(page, 'Scans in period')).toContainText('0');

  const scan = await page.request.get(`${API}/r/${code.slug}`, {
    maxRedirects: 0,
    headers: {
      'User-Agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
    },
  });
  expect(scan.status()).toBe(302);
  expect(scan.headers().location).toBe('https://example.com/live-poster');

  await page.reload();
  await expect(stat(page, 'Scans in period')).toContainText('1');
  const todayRow = page
    .getByRole('table', { name: 'Scans over time' })
    .getByRole('row', { name: longDay(utcDay(Date.now())) });
  await expect(todayRow.getByRole('cell').nth(1)).toHaveText('1');
  await expect(page.getByRole('table', { name: 'Scans by device' }).getByRole('row', { name: /Mobile/ })).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Scans by operating system' }).getByRole('row', { name: /iOS/ }),
  ).toBeVisible();
});

test('settings: the name is saved, the password changes, and the forms say what is wrong', async ({ page }) => {
  const { email } = await register(page, { fullName: 'Ada Lovelace' });
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/dashboard/settings');
  const profile = page.getByRole('form', { name: 'Profile' });
  await expect(profile.getByLabel('Full name')).toHaveValue('Ada Lovelace');
  await expect(profile.getByLabel('Email')).toHaveValue(email);
  await expect(profile.getByLabel('Email')).toHaveAttribute('readonly', '');
  // Free plan, no files yet (public.storage_usage(), docs/storage.md).
  await expect(page.getByTestId('storage-usage')).toHaveText(
    'Storage: 0 bytes of 100 MB used (files up to 20 MB each)',
  );
  expect(await seriousViolations(page)).toEqual([]);

  await profile.getByLabel('Full name').fill('A');
  await profile.getByRole('button', { name: 'Save profile' }).click();
  await expect(profile.getByText('Full name must be at least 2 characters')).toBeVisible();
  await profile.getByLabel('Full name').fill('Augusta Ada King');
  await profile.getByRole('button', { name: 'Save profile' }).click();
  await expectToast(page, 'Profile updated', 'Your name has been saved.');
  await page.reload();
  await expect(page.getByRole('form', { name: 'Profile' }).getByLabel('Full name')).toHaveValue('Augusta Ada King');

  const passwordForm = page.getByRole('form', { name: 'Change password' });
  await passwordForm.getByLabel('New password', { exact: true }).fill('short');
  await passwordForm.getByLabel('Confirm new password').fill('short');
  await passwordForm.getByRole('button', { name: 'Change password' }).click();
  await expect(passwordForm.getByText('Password must be at least 6 characters')).toBeVisible();
  await passwordForm.getByLabel('New password', { exact: true }).fill('new-horse-battery');
  await passwordForm.getByLabel('Confirm new password').fill('new-horse-batterx');
  await passwordForm.getByRole('button', { name: 'Change password' }).click();
  await expect(passwordForm.getByText("Passwords don't match")).toBeVisible();
  // The server's own message when it refuses (same password as now: 422 same_password).
  await passwordForm.getByLabel('New password', { exact: true }).fill(PASSWORD);
  await passwordForm.getByLabel('Confirm new password').fill(PASSWORD);
  await passwordForm.getByRole('button', { name: 'Change password' }).click();
  await expectToast(page, 'Password not changed', 'New password should be different from the old password.');

  const newPassword = 'new-horse-battery';
  await passwordForm.getByLabel('New password', { exact: true }).fill(newPassword);
  await passwordForm.getByLabel('Confirm new password').fill(newPassword);
  await passwordForm.getByRole('button', { name: 'Change password' }).click();
  await expectToast(page, 'Password changed', 'Use your new password next time.');
  await expect(passwordForm.getByLabel('New password', { exact: true })).toHaveValue('');

  await signOutFromHeader(page);
  await page.goto('/auth');
  await logIn(page, email, PASSWORD);
  await expectToast(page, 'Login failed', 'Invalid email or password. Please try again.');
  await expect(page).toHaveURL(/\/auth$/);
  await logIn(page, email, newPassword);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('sign out everywhere ends the session in another browser too', async ({ page, browser }) => {
  await register(page);
  await expect(page).toHaveURL(/\/dashboard$/);
  const other = await browser.newContext({ storageState: await page.context().storageState() });
  try {
    const otherPage = await other.newPage();
    await otherPage.goto('/dashboard');
    await expect(otherPage.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(otherPage).toHaveURL(/\/dashboard$/);

    await page.goto('/dashboard/settings');
    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Sign out everywhere?' });
    await expect(dialog).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    // Cancel keeps everything as it was.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/dashboard\/settings$/);

    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Sign out everywhere' }).click();
    await expectToast(page, 'Signed out everywhere', 'Every device signed in to your account has been signed out.');
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/auth$/);

    // The other browser still holds the (now deleted) session in localStorage; on refresh it asks the server and loses it.
    await otherPage.reload();
    await expect(otherPage).toHaveURL(/\/auth$/);
    const stored = await otherPage.evaluate(() =>
      Object.keys(localStorage).filter((k) => /^sb-.*-auth-token$/.test(k)),
    );
    expect(stored).toEqual([]);
  } finally {
    await other.close();
  }
});

test('recharts is fetched on the analytics page only, never on the landing page', async ({ page }) => {
  const chartScripts = new Set<string>();
  page.on('response', async (response) => {
    const url = response.url();
    if (url.endsWith('.js') && (await response.text().catch(() => '')).includes('recharts-wrapper'))
      chartScripts.add(url);
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect([...chartScripts]).toEqual([]);

  await register(page);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('button', { name: 'Load sample data' }).click();
  await expectToast(page, 'Sample data loaded', 'Three sample codes with their scans were added to your account.');
  await page.goto('/dashboard/analytics?range=90');
  await expect(page.getByRole('heading', { name: 'Scans over time' })).toBeVisible();
  await expect(page.locator('.recharts-wrapper').first()).toBeVisible();
  expect([...chartScripts].map((u) => u.split('/').pop())).toEqual([expect.stringMatching(/^DashboardAnalyticsPage-/)]);
});

test('analytics: a failed request shows the error, and "Try again" recovers', async ({ page }) => {
  await register(page);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.route('**/rest/v1/qr_codes?*', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ code: 'XX000', message: 'Server exploded' }),
    }),
  );
  await page.goto('/dashboard/analytics');
  await expect(page.getByText('Analytics could not be loaded')).toBeVisible();
  await expect(page.getByText('Could not load your QR codes: Server exploded')).toBeVisible();
  await page.unroute('**/rest/v1/qr_codes?*');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { name: 'No scan data yet' })).toBeVisible();
  await expect(page.getByText('Analytics could not be loaded')).toHaveCount(0);
});

test.describe('on a device in Los Angeles', () => {
  // The browser's own zone, so "this device's time zone" is neither UTC nor the zone chosen below.
  test.use({ timezoneId: 'America/Los_Angeles' });

  test('the time zone chosen in Settings follows the account; analytics count its days, scans and unique scans', async ({
    page,
  }) => {
    const BERLIN = 'Europe/Berlin';
    await register(page);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.getByRole('button', { name: 'Load sample data' }).click();
    await expectToast(page, 'Sample data loaded', 'Three sample codes with their scans were added to your account.');
    const rest = restAs(page.request, await accessToken(page));
    // load_sample_data() marks scan i unique when (i * 7) % 10 < 7: 7 in every 10, so of 1234 / 456 / 2890 scans
    // 863 / 319 / 2023 are unique, 3205 in all.
    const summary = await rest.rpc<{ total_scans: number; total_unique_scans: number }>('dashboard_summary', {
      p_tz: BERLIN,
    });
    expect([summary.total_scans, summary.total_unique_scans]).toEqual([4580, 3205]);

    // The overview and the list show unique scans next to scans.
    await expect(page.getByRole('list', { name: 'Summary' }).getByRole('listitem').nth(1)).toContainText(
      'Unique scans: 3.2K',
    );
    await page.goto('/dashboard/qr-codes');
    await expect(page.getByRole('listitem', { name: 'Restaurant Menu' })).toContainText(
      '1,234 scans · 863 unique scans',
    );
    await expect(page.getByRole('listitem', { name: 'Event Tickets' })).toContainText(
      '2,890 scans · 2,023 unique scans',
    );
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption('scans_desc');
    await expect(page.getByRole('list', { name: 'QR codes' }).getByRole('listitem').first()).toContainText(
      '2,890 scans · 2,023 unique scans',
    );

    // Settings: the default is this device's zone; a zone is found by typing and chosen with the keyboard.
    await page.goto('/dashboard/settings');
    const form = page.getByRole('form', { name: 'Time zone' });
    const zone = form.getByRole('combobox', { name: 'Time zone' });
    await expect(zone).toHaveValue("Use this device's time zone (America/Los_Angeles)");
    expect(await seriousViolations(page)).toEqual([]);
    await zone.fill('berlin');
    const option = page.getByRole('option', { name: /^Europe\/Berlin \(UTC\+0[12]:00\)$/ });
    await expect(option).toBeVisible();
    await expect(page.getByRole('option')).toHaveCount(1);
    expect(await seriousViolations(page)).toEqual([]);
    await zone.press('ArrowDown');
    await zone.press('Enter');
    await expect(zone).toHaveValue(/^Europe\/Berlin \(UTC\+0[12]:00\)$/);
    await form.getByRole('button', { name: 'Save time zone' }).click();
    await expectToast(page, 'Time zone saved', `Analytics are shown in ${BERLIN}.`);
    // Saved with the account (user_metadata), not in this browser.
    expect((await rest.user()).user_metadata.time_zone).toBe(BERLIN);
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Time zone' })).toHaveValue(/^Europe\/Berlin /);

    // Analytics: days are Berlin days, the page says so, and every figure is the database's for those days.
    await page.goto('/dashboard/analytics');
    await expect(page.getByText(`Times in ${BERLIN}.`)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Change time zone in Settings' })).toHaveAttribute(
      'href',
      '/dashboard/settings#time-zone',
    );
    const today = dayIn(Date.now(), BERLIN);
    const from = addDays(today, -29);
    await expect(page.getByText(`${longDay(from)} – ${longDay(today)} (${BERLIN})`)).toBeVisible();
    const perDay = await rest.rpc<{ day: string; scans: number; unique_scans: number }[]>('scans_per_day', {
      p_from: from,
      p_to: today,
      p_code_id: null,
      p_tz: BERLIN,
    });
    const utcPerDay = await rest.rpc<{ scans: number }[]>('scans_per_day', { p_from: from, p_to: today });
    // The sample scans are spread over every minute of the day, so Berlin days and UTC days count differently.
    expect(perDay.map((d) => d.scans)).not.toEqual(utcPerDay.map((d) => d.scans));
    const total = perDay.reduce((a, d) => a + Number(d.scans), 0);
    const unique = perDay.reduce((a, d) => a + Number(d.unique_scans), 0);
    expect(unique).toBeGreaterThan(total * 0.6);
    expect(unique).toBeLessThan(total * 0.8);
    await expect(stat(page, 'Scans in period')).toContainText(fmt(total));
    await expect(stat(page, 'Unique scans in period')).toContainText(fmt(unique));
    await expect(stat(page, 'All-time scans')).toContainText(fmt(4580));
    await expect(stat(page, 'All-time unique scans')).toContainText(fmt(3205));
    await expect(page.getByText(`Scans and unique scans per day (${BERLIN})`)).toBeVisible();
    expect(await tableColumn(page, 'Scans over time', 1)).toEqual(perDay.map((d) => Number(d.scans)));
    expect(await tableColumn(page, 'Scans over time', 2)).toEqual(perDay.map((d) => Number(d.unique_scans)));
    await expect(
      page.getByRole('table', { name: 'Scans over time' }).locator('tbody tr').first().locator('td').first(),
    ).toHaveText(longDay(from));

    const berlinPeriod = { p_from: berlinMidnight(from), p_to: berlinMidnight(addDays(today, 1)) };
    for (const [fn, table] of [
      ['scans_by_country', 'Scans by country'],
      ['scans_by_device', 'Scans by device'],
      ['scans_by_os', 'Scans by operating system'],
    ] as const) {
      const rows = await rest.rpc<{ scans: number; unique_scans: number }[]>(fn, { ...berlinPeriod, p_code_id: null });
      expect(
        rows.reduce((a, r) => a + Number(r.scans), 0),
        fn,
      ).toBe(total);
      expect(await tableColumn(page, table, 1), table).toEqual(rows.map((r) => Number(r.scans)));
      expect(await tableColumn(page, table, 2), table).toEqual(rows.map((r) => Number(r.unique_scans)));
    }
    const top = await rest.rpc<{ name: string; scans: number; unique_scans: number }[]>('top_codes', {
      p_limit: 5,
      ...berlinPeriod,
    });
    expect(await tableColumn(page, 'Top codes', 1)).toEqual(top.map((r) => Number(r.scans)));
    expect(await tableColumn(page, 'Top codes', 2)).toEqual(top.map((r) => Number(r.unique_scans)));
    expect(await seriousViolations(page)).toEqual([]);

    // Back to "this device": the saved zone is removed, and analytics follow the browser's zone again.
    await page.getByRole('link', { name: 'Change time zone in Settings' }).click();
    await expect(page).toHaveURL(/\/dashboard\/settings#time-zone$/);
    const zoneAgain = page.getByRole('combobox', { name: 'Time zone' });
    await zoneAgain.fill('this device');
    // Wait for the filtered list, so the click does not land while the full list is being replaced.
    await expect(page.getByRole('option')).toHaveCount(1);
    await page.getByRole('option', { name: "Use this device's time zone (America/Los_Angeles)" }).click();
    await expect(zoneAgain).toHaveValue("Use this device's time zone (America/Los_Angeles)");
    await page.getByRole('button', { name: 'Save time zone' }).click();
    await expectToast(page, 'Time zone saved', 'Analytics are shown in America/Los_Angeles.');
    expect((await rest.user()).user_metadata).not.toHaveProperty('time_zone');
    await page.goto('/dashboard/analytics');
    await expect(page.getByText('Times in America/Los_Angeles.')).toBeVisible();
  });
});
