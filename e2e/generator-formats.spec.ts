import { expect, test } from './fixtures/test.ts';
import { decodeEps, decodeImageFile, decodePdf, decodeSvg, pngSize } from './fixtures/decode.ts';
import { download, fillFields, generate } from './fixtures/generator.ts';

const CONTENT = 'https://qrcraft.example/formats?check=1';

for (const surface of [
  { path: '/', base: 'qr-code' },
  { path: '/create', base: 'qrcode' },
]) {
  test(`${surface.path}: every format has its file name, MIME type and decodes`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto(surface.path);
    await fillFields(page, { URL: CONTENT });
    await generate(page);

    const png = await download(page, 'png');
    expect(png.download.suggestedFilename()).toBe(`${surface.base}.png`);
    expect([...png.bytes.slice(1, 4)].map((b) => String.fromCharCode(b)).join('')).toBe('PNG');
    expect(pngSize(png.bytes)).toEqual({ width: 1000, height: 1000 });
    expect(await decodeImageFile(png.bytes)).toEqual([CONTENT]);
    if (surface.path === '/create') {
      // Signed out on /create, the save prompt follows the first download; decline it to go on.
      await page.getByRole('dialog').getByRole('button', { name: 'Maybe Later' }).click();
    }

    const svg = await download(page, 'svg');
    expect(svg.download.suggestedFilename()).toBe(`${surface.base}.svg`);
    const svgText = new TextDecoder().decode(svg.bytes);
    expect(svgText).toMatch(/^<svg[^>]+viewBox=/);
    expect(svgText).toContain('<title>');
    expect(await decodeSvg(page, svgText)).toEqual([CONTENT]);

    const pdf = await download(page, 'pdf');
    expect(pdf.download.suggestedFilename()).toBe(`${surface.base}.pdf`);
    expect(new TextDecoder().decode(pdf.bytes.slice(0, 5))).toBe('%PDF-');
    expect(await decodePdf(pdf.bytes)).toEqual([CONTENT]);

    const eps = await download(page, 'eps');
    // Right after the fourth download: one toast for the latest one, not a pile over the Download button.
    await expect(page.getByRole('status').filter({ hasText: /downloaded/i })).toHaveCount(1);
    expect(eps.download.suggestedFilename()).toBe(`${surface.base}.eps`);
    expect(new TextDecoder().decode(eps.bytes.slice(0, 11))).toBe('%!PS-Adobe-');
    expect(await decodeEps(eps.bytes)).toEqual([CONTENT]);
  });
}

test('/create print opens a window titled for printing with the vector art at its physical size', async ({ page }) => {
  await page.goto('/create');
  await fillFields(page, { URL: CONTENT });
  await generate(page);
  await page.getByLabel('Download format').selectOption('print');
  const setup = page.getByRole('group', { name: 'Print setup' });
  await setup.getByLabel('Print size').fill('60');
  // The print page calls print() when it loads: a no-op in every document of this context, so no dialog waits.
  // (Stubbing it in the popup raced with the popup's own navigation from about:blank to the page.)
  await page.context().addInitScript(() => {
    window.print = () => {};
  });
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('button', { name: 'Download' }).click(),
  ]);
  await popup.waitForURL(/^blob:/);
  const art = popup.getByRole('img', { name: 'QR code, 60 mm wide, ready to print' });
  await expect(art).toBeVisible();
  await expect(popup).toHaveTitle('Print QR Code');
  // Vector art, not a raster, sized in CSS millimetres (96 px per inch).
  expect(await art.evaluate((el) => [el.tagName, el.getAttribute('width')])).toEqual(['svg', '60mm']);
  const box = await art.boundingBox();
  expect(box?.width).toBeCloseTo((60 * 96) / 25.4, 0);
  expect(await decodeImageFile(new Uint8Array(await art.screenshot()))).toEqual([CONTENT]);
});
