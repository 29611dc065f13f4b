import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test.ts';
import { accessToken, expectToast, register } from './fixtures/auth.ts';

// "Export CSV" on the analytics page: a hidden form POST to /functions/v1/scans-export whose answer the browser
// saves as a download. The file's rows must be the period's scans as the database counts them.
const API = `http://127.0.0.1:${54329 + Number(process.env.E2E_PORT_OFFSET ?? 0)}`;
const ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
const DAY_MS = 86_400_000;
const HEADER = 'scanned_at,code_name,slug,country,device_type,os,browser,unique';

test.use({ timezoneId: 'UTC' });

const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Clicks Export CSV (by keyboard when asked) and returns the saved file's name and lines. */
async function exportCsv(page: Page, by: 'mouse' | 'keyboard') {
  const button = page.getByRole('button', { name: 'Export CSV' });
  const download = page.waitForEvent('download');
  if (by === 'keyboard') {
    await button.focus();
    await page.keyboard.press('Enter');
  } else {
    await button.click();
  }
  // Said at once (toasts go after a few seconds), while the browser saves the file.
  await expectToast(page, 'Your CSV download has started', 'The file is saved by your browser as it arrives.');
  const file = await download;
  const text = await readFile((await file.path())!, 'utf8');
  // No code name of the sample data holds a comma, quote or line break, so a line is a record here.
  expect(text.endsWith('\r\n')).toBe(true);
  const [header, ...rows] = text.slice(0, -2).split('\r\n');
  expect(header).toBe(HEADER);
  return { name: file.suggestedFilename(), rows: rows.map((r) => r.split(',')) };
}

test('Export CSV downloads the period’s scans, for all codes and for one', async ({ page }) => {
  await register(page);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('button', { name: 'Load sample data' }).click();
  await expectToast(page, 'Sample data loaded', 'Three sample codes with their scans were added to your account.');
  const headers = { apikey: ANON_KEY, Authorization: `Bearer ${await accessToken(page)}` };
  const today = utcDay(Date.now());
  const from = utcDay(Date.now() - 89 * DAY_MS);
  /** Scans per code in the last 90 UTC days, as the database counts them. */
  const scansIn = async (code: string | null) => {
    const res = await page.request.post(`${API}/rest/v1/rpc/scans_per_day`, {
      headers,
      data: { p_from: from, p_to: today, p_code_id: code, p_tz: 'UTC' },
    });
    expect(res.status()).toBe(200);
    return ((await res.json()) as { scans: number }[]).reduce((sum, d) => sum + Number(d.scans), 0);
  };
  const codesRes = await page.request.get(`${API}/rest/v1/qr_codes?select=id,name,slug`, { headers });
  const codes = (await codesRes.json()) as { id: string; name: string; slug: string }[];
  const tickets = codes.find((c) => c.name === 'Event Tickets')!;

  await page.goto('/dashboard/analytics?range=90');
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
  const all = await exportCsv(page, 'mouse');
  expect(all.name).toBe(`qrcraft-scans-all-${from}-${today}.csv`);
  expect(all.rows).toHaveLength(await scansIn(null));
  expect(new Set(all.rows.map((r) => r[1]))).toEqual(new Set(codes.map((c) => c.name)));
  // One assertion over all rows: an expect per cell made thousands of trace steps (two minutes in all).
  const malformed = all.rows.filter(
    (row) =>
      row.length !== 8 ||
      !(row[0]! >= `${from}T00:00:00` && row[0]! < `${today}T24`) ||
      !['mobile', 'tablet', 'desktop', 'other'].includes(row[4]!) ||
      !['true', 'false'].includes(row[7]!),
  );
  expect(malformed).toEqual([]);

  await page.getByLabel('QR code').selectOption({ label: 'Event Tickets' });
  await expect(page).toHaveURL(new RegExp(`code=${tickets.id}`));
  const one = await exportCsv(page, 'keyboard');
  expect(one.name).toBe(`qrcraft-scans-${tickets.slug}-${from}-${today}.csv`);
  expect(one.rows).toHaveLength(await scansIn(tickets.id));
  expect(new Set(one.rows.map((r) => `${r[1]} ${r[2]}`))).toEqual(new Set([`Event Tickets ${tickets.slug}`]));
  // A download never loads the hidden frame, so no failure was reported.
  await expect(page.getByText('The export failed')).toHaveCount(0);

  // A refusal is a page, not a file: it loads the hidden frame, and the page says the export failed.
  await page.route(`${API}/functions/v1/scans-export`, (route) =>
    route.fulfill({ status: 400, contentType: 'application/json', body: '{"code":"bad_range","message":"…"}' }),
  );
  await page.getByRole('button', { name: 'Export CSV' }).click();
  await expectToast(page, 'The export failed', 'Check the period and try again, or sign in again.');
});
