/**
 * Bulk creation (/create/bulk, issue 16): a spreadsheet with bad rows is reported row by row, the ZIP of the
 * rest is unzipped here and every PNG and SVG is read back by zxing-wasm (a decoder nobody here wrote) to its
 * row's content; Cancel stops the workers with nothing downloaded; a signed-in dynamic batch over the free
 * plan's limit is refused before anything is saved, and a save the database refuses leaves nothing behind.
 */
import { readFileSync } from 'node:fs';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, occurs, test } from './fixtures/test.ts';
import { unzipSync, strFromU8 } from 'fflate';
import Papa from 'papaparse';
import { accessToken, register } from './fixtures/auth.ts';
import { seriousViolations } from './fixtures/axe.ts';
import { decodeImageFile } from './fixtures/decode.ts';

// The e2e data server of playwright.config.ts (same offset rule) and the Supabase CLI's public demo anon key.
const API = `http://127.0.0.1:${54329 + Number(process.env.E2E_PORT_OFFSET ?? 0)}`;
const ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

/**
 * Chromium has showSaveFilePicker, whose native dialog a test cannot answer: without it the page takes its other
 * path (the streamed chunks as Blob parts, downloaded), which is what this spec reads.
 */
async function withoutSavePicker(page: Page) {
  await page.addInitScript('delete window.showSaveFilePicker');
}

/** 50 rows: links and texts, some with design overrides, and three bad ones at spreadsheet rows 11, 21 and 31. */
function fiftyRows(): { csv: string; bad: Map<number, RegExp>; good: Map<string, string> } {
  const lines = ['name,content,type,foreground,background,shape,frame,frame_text,level'];
  const bad = new Map<number, RegExp>();
  const good = new Map<string, string>();
  for (let i = 0; i < 50; i++) {
    const row = i + 2;
    const name = i % 7 === 0 ? `Menu: table ${i}/A` : `Item ${i}`;
    if (row === 11) {
      lines.push(`${name},,website,,,,,,`);
      bad.set(row, /content is empty/);
    } else if (row === 21) {
      lines.push(`${name},not a web address,website,,,,,,`);
      bad.set(row, /"not a web address" is not a web address/);
    } else if (row === 31) {
      lines.push(`${name},https://example.com/${i},website,,,star,,,`);
      bad.set(row, /Unknown shape "star"/);
    } else if (i % 3 === 0) {
      const content = `Plain text number ${i}, with a comma`;
      lines.push(`${name},"${content}",text,#1A2BB2,#FFFFFF,dots,bottomText,SCAN ${i},Q`);
      good.set(name, content);
    } else {
      const content = `https://example.com/bulk/${i}?ref=sheet`;
      lines.push(`${name},${content},,,,${i % 2 ? 'rounded' : ''},${i % 5 === 0 ? 'banner' : ''},,`);
      good.set(name, content);
    }
  }
  return { csv: lines.join('\n'), bad, good };
}

async function upload(page: Page, csv: string, name = 'codes.csv') {
  await page.getByLabel('Upload a CSV file').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(csv) });
}

/** An SVG rasterised by Skia (@napi-rs/canvas) at 800 px, as PNG bytes for the decoder. */
async function rasteriseSvg(svg: Uint8Array): Promise<Uint8Array> {
  const image = await loadImage(Buffer.from(svg));
  const canvas = createCanvas(800, 800);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, 800, 800);
  ctx.drawImage(image, 0, 0, 800, 800);
  return new Uint8Array(canvas.toBuffer('image/png'));
}

test('a 50-row CSV with 3 bad rows: the report names them, the ZIP holds every other row, each file scans', async ({
  page,
}) => {
  await withoutSavePicker(page);
  const { csv, bad, good } = fiftyRows();
  await page.goto('/create/bulk');
  await upload(page, csv);

  await expect(page.getByTestId('bulk-summary')).toHaveText('codes.csv: 50 rows, 47 ready, 3 rows with problems.');
  for (const [row, reason] of bad) {
    await expect(page.locator(`tr[data-row="${row}"]`)).toContainText(reason);
  }
  await expect(page.locator('tr[data-bad]')).toHaveCount(3);
  expect(await seriousViolations(page)).toEqual([]);

  // Nothing is made while bad rows are neither fixed nor skipped.
  const create = page.getByRole('button', { name: 'Create ZIP of 47 codes' });
  await expect(create).toBeDisabled();
  await page.getByRole('button', { name: 'Skip the 3 bad rows' }).click();
  const [file] = await Promise.all([page.waitForEvent('download'), create.click()]);
  expect(file.suggestedFilename()).toBe('qr-codes.zip');
  await expect(page.getByTestId('bulk-progress')).toHaveAttribute('data-status', 'done');

  const zip = unzipSync(new Uint8Array(readFileSync(await file.path())));
  const manifest = Papa.parse<Record<string, string>>(strFromU8(zip['manifest.csv']!), {
    header: true,
    skipEmptyLines: true,
  });
  expect(manifest.errors).toEqual([]);
  expect(manifest.data).toHaveLength(47);
  expect(Object.keys(zip)).toHaveLength(47 * 2 + 1);
  // No bad row is in it; every good one is, with its own files.
  expect(manifest.data.map((m) => Number(m.row)).filter((r) => bad.has(r))).toEqual([]);
  for (const entry of manifest.data) {
    const expected = good.get(entry.name!);
    expect(expected, entry.name).toBeDefined();
    expect(entry.content).toBe(expected);
    expect(entry.png).not.toMatch(/[/:]/);
    expect(await decodeImageFile(zip[entry.png!]!), entry.png).toEqual([expected]);
    expect(await decodeImageFile(await rasteriseSvg(zip[entry.svg!]!)), entry.svg).toEqual([expected]);
  }
});

test('Cancel halfway: the workers stop, nothing is downloaded', async ({ page }) => {
  await withoutSavePicker(page);
  let downloads = 0;
  page.on('download', () => downloads++);
  const rows = Array.from({ length: 300 }, (_, i) => `Row ${i},https://example.com/cancel/${i}`);
  await page.goto('/create/bulk');
  await upload(page, ['name,content', ...rows].join('\n'), 'many.csv');
  await expect(page.getByTestId('bulk-summary')).toContainText('300 rows, 300 ready');
  const workersBefore = page.workers().length;

  // Heavy formats, so that the run is surely still going when Cancel is pressed.
  await page.getByRole('button', { name: 'PNG 2000 px' }).click();
  await page.getByRole('button', { name: 'EPS' }).click();
  await page.getByRole('button', { name: 'Create ZIP of 300 codes' }).click();
  const progress = page.getByTestId('bulk-progress');
  await expect(progress).toHaveAttribute('data-status', 'running');
  await expect(progress).toContainText(/^[1-9]\d* of 300 rows/, { timeout: 60_000 });
  const poolWorkers = Number(await progress.getAttribute('data-workers'));
  expect(poolWorkers).toBeGreaterThanOrEqual(2);
  const workersDuring = page.workers().length;
  expect(workersDuring).toBeGreaterThanOrEqual(workersBefore + poolWorkers);
  await page.getByRole('button', { name: 'Cancel' }).click();

  await expect(progress).toHaveAttribute('data-status', 'cancelled');
  await expect(progress).toHaveAttribute('data-in-flight', '0');
  await expect(progress).toHaveAttribute('data-workers', '0');
  await expect(progress).toContainText('Nothing was downloaded.');
  const done = Number(/after (\d+) of 300/.exec((await progress.textContent()) ?? '')?.[1]);
  expect(done).toBeLessThan(300);
  // The pool's workers are gone (terminated), as Chromium itself reports.
  await expect.poll(() => page.workers().length).toBe(workersDuring - poolWorkers);
  // And none comes late: a download within the next second fails the test at once.
  expect(await occurs(page.waitForEvent('download', { timeout: 1000 }))).toBe(false);
  expect(downloads).toBe(0);
});

/** Rows of `table` the user sees, counted by the server (a read returns at most API_MAX_ROWS rows). */
async function rowCount(request: APIRequestContext, token: string, table: string): Promise<number> {
  const response = await request.head(`${API}/rest/v1/${table}?select=*`, {
    headers: { apikey: ANON_KEY, Authorization: `Bearer ${token}`, Prefer: 'count=exact' },
  });
  expect(response.status()).toBeLessThan(300);
  // Content-Range: "0-249/603", or "*/0" when there are none.
  return Number(/\/(\d+)$/.exec(response.headers()['content-range'] ?? '')?.[1]);
}
const codeCount = (request: APIRequestContext, token: string) => rowCount(request, token, 'qr_codes');
const stagedCount = (request: APIRequestContext, token: string) => rowCount(request, token, 'code_batch_rows');

test('a signed-in dynamic batch: the 4th dynamic code is refused up front, and a refused save leaves nothing', async ({
  page,
  request,
}) => {
  await withoutSavePicker(page);
  await register(page);
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
  const token = await accessToken(page);
  await page.getByRole('link', { name: 'Bulk create from CSV' }).click();
  await expect(page).toHaveURL(/\/create\/bulk$/);

  const links = (n: number) =>
    ['name,url', ...Array.from({ length: n }, (_, i) => `Link ${i},https://example.com/dyn/${i}`)].join('\n');
  await upload(page, links(4), 'four.csv');
  await expect(page.getByTestId('bulk-summary')).toContainText('4 rows, 4 ready');
  await page.getByText('Dynamic codes (a short URL').click();
  await page.getByRole('button', { name: 'Save 4 codes to my account' }).click();
  await expect(page.getByRole('alert')).toContainText(
    'The free plan allows 3 dynamic QR codes. You have 0 and this batch adds 4, 1 too many. Nothing was saved',
  );
  expect(await codeCount(request, token)).toBe(0);

  // Three fit; but another tab saves a dynamic code between the page's count and its commit: the database
  // refuses the whole batch (one transaction) and nothing of it is saved, its staged rows included.
  await upload(page, links(3), 'three.csv');
  await expect(page.getByTestId('bulk-summary')).toContainText('3 rows, 3 ready');
  await page.getByText('Dynamic codes (a short URL').click();
  await page.route('**/rest/v1/rpc/commit_code_batch*', async (route) => {
    if (route.request().method() === 'POST') {
      const other = await request.post(`${API}/rest/v1/qr_codes`, {
        headers: { apikey: ANON_KEY, Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        data: {
          name: 'Other tab',
          type: 'website',
          is_dynamic: true,
          content: '',
          destination: 'https://example.org/',
        },
      });
      expect(other.status(), await other.text()).toBe(201);
    }
    await route.continue();
  });
  await page.getByRole('button', { name: 'Save 3 codes to my account' }).click();
  await expect(page.getByRole('alert')).toContainText('Free plan limit reached');
  expect(await codeCount(request, token)).toBe(1);
  await expect.poll(() => stagedCount(request, token)).toBe(0);
  await page.unroute('**/rest/v1/rpc/commit_code_batch*');

  // Two more fit: saved in one go, and the ZIP's codes encode their short URLs, listed in manifest.csv.
  await upload(page, links(2), 'two.csv');
  await expect(page.getByTestId('bulk-summary')).toContainText('2 rows, 2 ready');
  await page.getByText('Dynamic codes (a short URL').click();
  await page.getByRole('button', { name: 'Save 2 codes to my account' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved 2 dynamic codes' })).toBeVisible();
  expect(await codeCount(request, token)).toBe(3);
  await page.getByRole('button', { name: 'SVG' }).click();
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Create ZIP of 2 codes' }).click(),
  ]);
  const zip = unzipSync(new Uint8Array(readFileSync(await file.path())));
  const manifest = Papa.parse<Record<string, string>>(strFromU8(zip['manifest.csv']!), {
    header: true,
    skipEmptyLines: true,
  });
  expect(manifest.data).toHaveLength(2);
  for (const entry of manifest.data) {
    expect(entry.short_url).toMatch(new RegExp(`^${API.replace(/[.:/]/g, '\\$&')}/r/[A-Za-z0-9_-]+$`));
    expect(await decodeImageFile(zip[entry.png!]!)).toEqual([entry.short_url]);
  }

  // A batch larger than one insert may carry (250 rows on PGlite) is saved whole as static codes.
  await upload(page, links(600), 'six-hundred.csv');
  await expect(page.getByTestId('bulk-summary')).toContainText('600 rows, 600 ready');
  await page.getByRole('button', { name: 'Save 600 codes to my account' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved 600 static codes' })).toBeVisible();
  expect(await codeCount(request, token)).toBe(603);
  expect(await stagedCount(request, token)).toBe(0);
});

test('a paste of 3,000 rows (over 100,000 characters) is checked as a file would be, without going into the box', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/create/bulk');
  const rows = Array.from({ length: 3000 }, (_, i) => `Table ${i + 1},https://example.com/menu/table/${i + 1}`);
  const csv = `name,content\n${rows.join('\n')}\n`;
  expect(csv.length).toBeGreaterThan(100_000);
  const box = page.getByLabel('Or paste rows');
  await box.click();
  await page.evaluate((text) => navigator.clipboard.writeText(text), csv);
  await page.keyboard.press('Control+V');
  await expect(page.getByRole('status').filter({ hasText: 'You pasted' })).toHaveText(
    `You pasted ${csv.length.toLocaleString('en-US')} characters: too many to edit here, so they are checked below as a file would be.`,
  );
  await expect(page.getByTestId('bulk-summary')).toHaveText(
    'the pasted rows: 3,000 rows, 3,000 ready. Every row is ready.',
  );
  await expect(box).toHaveValue('');
  // A short paste goes into the box as usual.
  await page.evaluate(() => navigator.clipboard.writeText('name,content\nMenu,https://example.com/menu'));
  await box.click();
  await page.keyboard.press('Control+V');
  await expect(box).toHaveValue('name,content\nMenu,https://example.com/menu');
  await expect(page.getByRole('status').filter({ hasText: 'You pasted' })).toHaveCount(0);
});
