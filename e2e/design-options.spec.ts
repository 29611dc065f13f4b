import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test.ts';
import { decodeImageFile, pngSize } from './fixtures/decode.ts';
import { download, fillFields, generate } from './fixtures/generator.ts';

const CONTENT = 'https://qrcraft.example/design-options?check=1';

/** Width, height and the alpha of the top-left pixel, as Chromium decodes the file. */
async function imageFacts(page: Page, bytes: Uint8Array, type: string) {
  return page.evaluate(
    async ({ data, type }) => {
      const bmp = await createImageBitmap(new Blob([new Uint8Array(data)], { type }));
      const c = new OffscreenCanvas(bmp.width, bmp.height);
      const ctx = c.getContext('2d')!;
      ctx.drawImage(bmp, 0, 0);
      return { width: bmp.width, height: bmp.height, cornerAlpha: ctx.getImageData(0, 0, 1, 1).data[3] };
    },
    { data: [...bytes], type },
  );
}

async function downloadAt(page: Page, format: string, px: number) {
  await page.getByLabel('Download format').selectOption(format);
  await page.getByLabel('Image size in pixels').selectOption(String(px));
  return download(page, format);
}

test('design options: eyes, gradient, transparent background and margin reach the JPEG, WebP and PNG downloads', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto('/create');
  await fillFields(page, { URL: CONTENT });
  await generate(page);

  await page.getByRole('tab', { name: 'Eyes' }).click();
  await page.getByRole('radiogroup', { name: 'Eye frame shape' }).getByText('Circle').click();
  await page.getByRole('radiogroup', { name: 'Eye centre shape' }).getByText('Leaf').click();

  await page.getByRole('tab', { name: 'Shape & Colors' }).click();
  await page.getByLabel('Gradient', { exact: true }).selectOption('linear');
  await expect(page.getByLabel('Gradient colour 2 hex')).toBeVisible();

  await page.getByRole('tab', { name: 'Background & Margin' }).click();
  await page.getByText('Transparent', { exact: true }).click();
  await page.getByLabel('Margin (quiet zone, in modules)').fill('2');
  await expect(page.getByText(/A margin under 4 modules/)).toBeVisible();

  const png = await downloadAt(page, 'png', 512);
  expect(png.download.suggestedFilename()).toBe('qrcode.png');
  expect(pngSize(png.bytes)).toEqual({ width: 512, height: 512 });
  expect((await imageFacts(page, png.bytes, 'image/png')).cornerAlpha).toBe(0);
  // Signed out on /create, the save prompt follows the first download; decline it to go on.
  await page.getByRole('dialog').getByRole('button', { name: 'Maybe Later' }).click();

  const jpeg = await downloadAt(page, 'jpeg', 2048);
  expect(jpeg.download.suggestedFilename()).toBe('qrcode.jpg');
  expect([jpeg.bytes[0], jpeg.bytes[1]]).toEqual([0xff, 0xd8]);
  // JPEG has no alpha: flattened on the (white) background, and it scans.
  expect(await imageFacts(page, jpeg.bytes, 'image/jpeg')).toEqual({ width: 2048, height: 2048, cornerAlpha: 255 });
  expect(await decodeImageFile(jpeg.bytes)).toEqual([CONTENT]);

  const webp = await downloadAt(page, 'webp', 256);
  expect(webp.download.suggestedFilename()).toBe('qrcode.webp');
  expect(new TextDecoder().decode(webp.bytes.slice(8, 12))).toBe('WEBP');
  expect(await imageFacts(page, webp.bytes, 'image/webp')).toEqual({ width: 256, height: 256, cornerAlpha: 0 });
});

test('design templates signed out: save, survive a reload, apply, delete', async ({ page }) => {
  await page.goto('/create');
  await fillFields(page, { URL: CONTENT });
  await generate(page);

  await page.getByRole('tab', { name: 'Eyes' }).click();
  await page.getByRole('radiogroup', { name: 'Eye frame shape' }).getByText('Leaf').click();
  await page.getByRole('tab', { name: 'Templates' }).click();
  await page.getByLabel('Template name').fill('My brand');
  await page.getByRole('button', { name: 'Save current design' }).click();
  await expect(page.getByRole('button', { name: 'Apply template My brand' })).toBeVisible();

  // After the app has mounted: this test is about templates, not clicks made before hydration.
  await page.goto('/create');
  await page.getByRole('tab', { name: 'Templates' }).click();
  await expect(page.getByRole('button', { name: 'Apply template My brand' })).toBeVisible();

  // A built-in template changes the eyes; the saved one brings the leaf back.
  await page.getByRole('button', { name: 'Apply template Ocean gradient' }).click();
  await page.getByRole('tab', { name: 'Eyes' }).click();
  await expect(
    page.getByRole('radiogroup', { name: 'Eye frame shape' }).getByRole('radio', { name: 'Circle' }),
  ).toBeChecked();
  await page.getByRole('tab', { name: 'Templates' }).click();
  await page.getByRole('button', { name: 'Apply template My brand' }).click();
  await page.getByRole('tab', { name: 'Eyes' }).click();
  await expect(
    page.getByRole('radiogroup', { name: 'Eye frame shape' }).getByRole('radio', { name: 'Leaf' }),
  ).toBeChecked();

  await page.getByRole('tab', { name: 'Templates' }).click();
  await page.getByRole('button', { name: 'Delete template My brand' }).click();
  await expect(page.getByRole('button', { name: 'Apply template My brand' })).toHaveCount(0);
  await page.goto('/create');
  await page.getByRole('tab', { name: 'Templates' }).click();
  await expect(page.getByText('None saved yet.')).toBeVisible();
  // Built-ins cannot be deleted.
  await expect(page.getByRole('button', { name: /Delete template Ocean/ })).toHaveCount(0);
});
