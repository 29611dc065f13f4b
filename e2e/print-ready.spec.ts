import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from './fixtures/test.ts';
import { decodeEps, decodePdf } from './fixtures/decode.ts';
import { fillFields, generate } from './fixtures/generator.ts';
import { qpdfCheckFile } from '../tests/helpers/qpdfCheck.ts';

const CONTENT = 'https://qrcraft.example/print?run=1';
const PT_PER_MM = 72 / 25.4;

/** `pdfinfo -box` lines as name → numbers. */
function boxes(pdf: Uint8Array): Record<string, number[]> {
  const dir = mkdtempSync(join(tmpdir(), 'qrcraft-print-'));
  writeFileSync(join(dir, 'in.pdf'), pdf);
  qpdfCheckFile(join(dir, 'in.pdf'));
  const out = execFileSync('pdfinfo', ['-box', join(dir, 'in.pdf')], { encoding: 'utf8' });
  const found: Record<string, number[]> = {};
  for (const m of out.matchAll(/^(Page size|MediaBox|BleedBox|TrimBox):\s+(.*)$/gm))
    found[m[1]!] = (m[2]!.match(/-?\d+(\.\d+)?/g) ?? []).map(Number);
  return found;
}

test('print-ready PDF: set up in the download panel, saved with its trim, bleed and crop marks', async ({ page }) => {
  await page.goto('/create');
  await fillFields(page, { URL: CONTENT });
  await generate(page);
  await page.getByLabel('Download format').selectOption('print-pdf');
  const setup = page.getByRole('group', { name: 'Print setup' });
  await expect(setup.getByText(/Smallest safe size: \d+(\.\d)? mm \(0\.8 mm per module\)/)).toBeVisible();

  // Below the floor: a clear message and no download.
  await setup.getByLabel('Print size').fill('5');
  await expect(setup.getByText(/At least \d+(\.\d)? mm for this code/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download' })).toBeDisabled();

  await setup.getByLabel('Print size').fill('80');
  await setup.getByLabel('Bleed (mm)').fill('3');
  await expect(setup.getByRole('checkbox', { name: 'Crop marks' })).toBeChecked();
  await expect(setup.getByLabel('Colours')).toHaveValue('cmyk');
  // Black on white converts without a visible change: no warning.
  await expect(setup.getByText(/print visibly different/)).toHaveCount(0);

  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download' }).click(),
  ]);
  expect(file.suggestedFilename()).toBe('qrcode-print.pdf');
  const bytes = new Uint8Array(readFileSync(await file.path()));
  const b = boxes(bytes);
  const trim = b['TrimBox']!;
  expect((trim[2]! - trim[0]!) / PT_PER_MM).toBeCloseTo(80, 1);
  expect(b['BleedBox']![2]! - trim[2]!).toBeCloseTo(3 * PT_PER_MM, 1);
  // Crop marks live outside the bleed: the page is larger than the bleed box.
  expect(b['MediaBox']![2]!).toBeGreaterThan(b['BleedBox']![2]! + 5 * PT_PER_MM);
  expect(await decodePdf(bytes)).toEqual([CONTENT]);
});

test('print-ready PDF: a colour that CMYK cannot hold gets a warning', async ({ page }) => {
  await page.goto('/create');
  await fillFields(page, { URL: CONTENT });
  await page.getByRole('tab', { name: 'Shape & Colors' }).click();
  await page.getByLabel('Foreground color hex').fill('#0000FF');
  await generate(page);
  await page.getByLabel('Download format').selectOption('print-pdf');
  const setup = page.getByRole('group', { name: 'Print setup' });
  await expect(
    setup.getByText('The foreground #0000FF will print visibly different in CMYK', { exact: false }),
  ).toBeVisible();
  await setup.getByLabel('Colours').selectOption('rgb');
  await expect(setup.getByText(/print visibly different/)).toHaveCount(0);
});

test('EPS: saved at the chosen physical size, in CMYK or RGB as chosen', async ({ page }) => {
  await page.goto('/create');
  await fillFields(page, { URL: CONTENT });
  await generate(page);
  await page.getByLabel('Download format').selectOption('eps');
  const setup = page.getByRole('group', { name: 'Print setup' });
  await expect(setup.getByText(/Smallest safe size: \d+(\.\d)? mm/)).toBeVisible();
  // Bleed and crop marks belong to the layout an EPS is placed in.
  await expect(setup.getByLabel('Bleed (mm)')).toHaveCount(0);
  await setup.getByLabel('Print size').fill('60');
  await expect(setup.getByLabel('Colours')).toHaveValue('cmyk');

  const save = async () => {
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download' }).click(),
    ]);
    expect(file.suggestedFilename()).toBe('qrcode.eps');
    return new Uint8Array(readFileSync(await file.path()));
  };
  const cmyk = await save();
  const text = new TextDecoder().decode(cmyk);
  const box = /%%HiResBoundingBox: 0 0 ([\d.]+) ([\d.]+)/.exec(text);
  expect(Number(box?.[1]) / PT_PER_MM).toBeCloseTo(60, 1);
  expect(text).toContain('setcmykcolor');
  expect(text).not.toContain('setrgbcolor');
  expect(await decodeEps(cmyk)).toEqual([CONTENT]);

  // Signed out, the save prompt follows the first download; decline it to go on.
  await page.getByRole('dialog').getByRole('button', { name: 'Maybe Later' }).click();
  await setup.getByLabel('Colours').selectOption('rgb');
  const rgb = new TextDecoder().decode(await save());
  expect(rgb).toContain('setrgbcolor');
  expect(rgb).not.toContain('setcmykcolor');
});
