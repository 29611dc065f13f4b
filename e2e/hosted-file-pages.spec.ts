// Hosted PDF and Images pages in the app (issue 32): a signed-in user uploads a PDF and two images in the editor,
// saves each page as a dynamic code whose PNG decodes to its short URL, and a phone with JavaScript off opens that
// URL: the PDF downloads byte for byte and both images load, each through `…/r/<slug>/file/<n>` (a 302 to a signed
// URL). Edited in the editor, the same URL shows the new title, the new PDF and the new caption, and the replaced
// PDF is deleted from Storage (a URL signed for it before stops working). A paused code's page and files answer
// 404. Two dynamic codes: within the Free plan's three.
import { createCanvas } from '@napi-rs/canvas';
import { expect, test } from './fixtures/test.ts';
import { register } from './fixtures/auth.ts';
import { field, group, phoneContext, preview, row, saveChanges, saveNewPage } from './fixtures/hostedPages.ts';

/** A small valid PDF (one page, one line of text), with its cross-reference offsets counted. */
function tinyPdf(text: string): Buffer {
  const stream = `BT /F1 24 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets = objects.map((object, i) => {
    const at = body.length;
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
    return at;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** A PNG of one colour. */
function solidPng(width: number, height: number, colour: string): Buffer {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = colour;
  ctx.fillRect(0, 0, width, height);
  return canvas.toBuffer('image/png');
}

test('PDF and Images pages: uploaded in the editor, downloaded and shown on a phone without JavaScript, paused', async ({
  page,
  browser,
}) => {
  await register(page);
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
  const phone = await phoneContext(browser);
  const scan = await phone.newPage();

  // PDF: the file is uploaded as it is picked; the preview shows the page without loading the private file.
  const pdf = tinyPdf('Spring catalogue 2026');
  await page.goto('/dashboard/qr-codes?new-hosted-page=pdf');
  await page.getByRole('button', { name: 'Save page' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Choose a file' })).toBeVisible();
  await field(page, 'Title').fill('Spring catalogue');
  await field(page, 'Description').fill('Prices valid until May');
  await field(page, 'PDF file').setInputFiles({ name: 'catalogue.pdf', mimeType: 'application/pdf', buffer: pdf });
  await expect(page.getByText('On the page: “catalogue.pdf”')).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Choose a file' })).toHaveCount(0);
  await expect(preview(page).getByRole('heading', { name: 'Spring catalogue' })).toBeVisible();
  await expect(preview(page).getByRole('link', { name: 'Download' })).toHaveAttribute('href', '#file');
  const pdfUrl = await saveNewPage(page, 'Catalogue');

  await scan.goto(pdfUrl);
  await expect(scan.getByRole('heading', { name: 'Spring catalogue' })).toBeVisible();
  await expect(scan.getByText('Prices valid until May')).toBeVisible();
  await expect(scan.getByRole('link', { name: 'Open PDF' })).toBeVisible();
  const download = new URL((await scan.getByRole('link', { name: 'Download' }).getAttribute('href'))!, `${pdfUrl}/`);
  expect(download.pathname).toMatch(/\/r\/[A-Za-z0-9_-]{8}\/file\/0$/);
  const redirect = await phone.request.get(download.href, { maxRedirects: 0 });
  expect(redirect.status()).toBe(302);
  const file = await phone.request.get(download.href);
  expect(file.status()).toBe(200);
  expect(Buffer.compare(await file.body(), pdf)).toBe(0);

  // Edited: a new title and another PDF. The same URL shows both, and the replaced file goes from Storage (the e2e
  // server drains deletions every second): the URL signed for it a moment ago, good for a minute, now finds nothing.
  const signedBefore = new URL(redirect.headers().location!, download).href;
  const summer = tinyPdf('Summer catalogue 2026');
  await field(page, 'Title').fill('Summer catalogue');
  await field(page, 'PDF file').setInputFiles({ name: 'summer.pdf', mimeType: 'application/pdf', buffer: summer });
  await expect(page.getByText('On the page: “summer.pdf”')).toBeVisible();
  await saveChanges(page, 'Catalogue');
  await scan.reload();
  await expect(scan.getByRole('heading', { name: 'Summer catalogue' })).toBeVisible();
  expect(Buffer.compare(await (await phone.request.get(download.href)).body(), summer)).toBe(0);
  await expect.poll(async () => (await phone.request.get(signedBefore)).text()).toContain('Object not found');

  // Images: two uploads (resized to WebP in the worker), reordered from the keyboard, each with its caption.
  await page.goto('/dashboard/qr-codes?new-hosted-page=images');
  await field(page, 'Title').fill('The new shop');
  await field(group(page, 'Image 1'), 'Image file').setInputFiles('e2e/assets/logo.png');
  await field(group(page, 'Image 1'), 'Caption').fill('Our logo');
  await page.getByRole('button', { name: 'Add image' }).click();
  const red = solidPng(120, 80, '#c81e1e');
  await field(group(page, 'Image 2'), 'Image file').setInputFiles({
    name: 'red.png',
    mimeType: 'image/png',
    buffer: red,
  });
  await field(group(page, 'Image 2'), 'Caption').fill('A red wall');
  await expect(group(page, 'Image 2').getByText('On the page: “red.png”')).toBeVisible();
  await group(page, 'Image 2').getByRole('button', { name: 'Move Image 2 up' }).focus();
  await page.keyboard.press('Enter');
  await expect(field(group(page, 'Image 1'), 'Caption')).toHaveValue('A red wall');
  await expect(group(page, 'Image 2').getByText('On the page: “logo.png”')).toBeVisible();
  await expect(preview(page).getByRole('img', { name: 'A red wall' })).toBeVisible();
  const imagesUrl = await saveNewPage(page, 'Shop photos');

  await scan.goto(imagesUrl);
  await expect(scan.getByRole('heading', { name: 'The new shop' })).toBeVisible();
  const images = scan.getByRole('img');
  await expect(images).toHaveCount(2);
  await expect(scan.locator('figcaption')).toHaveText(['A red wall', 'Our logo']);
  const sizes: string[] = [];
  for (const [i, alt] of ['A red wall', 'Our logo'].entries()) {
    const img = scan.getByRole('img', { name: alt });
    const src = new URL((await img.getAttribute('src'))!, `${imagesUrl}/`);
    expect(src.pathname).toMatch(new RegExp(`/file/${i}$`));
    const loaded = await phone.request.get(src.href);
    expect(loaded.status()).toBe(200);
    expect(loaded.headers()['content-type']).toMatch(/^image\/(webp|jpeg)$/);
    sizes.push(`${await img.getAttribute('width')}×${await img.getAttribute('height')}`);
  }
  // The stored sizes are the uploads' own (neither is over 2000 px, so neither was scaled).
  expect(sizes).toEqual(['120×80', '64×48']);
  const firstImage = new URL((await images.first().getAttribute('src'))!, `${imagesUrl}/`).href;

  // Edited: a caption changes on the same URL.
  await field(group(page, 'Image 2'), 'Caption').fill('Our logo, 2026');
  await saveChanges(page, 'Shop photos');
  await scan.reload();
  await expect(scan.locator('figcaption')).toHaveText(['A red wall', 'Our logo, 2026']);

  // Paused: the pages and their files answer 404.
  await page.goto('/dashboard/qr-codes');
  for (const name of ['Catalogue', 'Shop photos']) {
    await row(page, name)
      .getByRole('button', { name: `Pause ${name}` })
      .click();
    await expect(row(page, name).getByText('Paused', { exact: true })).toBeVisible();
  }
  expect((await phone.request.get(download.href, { maxRedirects: 0 })).status()).toBe(404);
  expect((await scan.goto(pdfUrl))?.status()).toBe(404);
  expect((await phone.request.get(firstImage, { maxRedirects: 0 })).status()).toBe(404);
  expect((await scan.goto(imagesUrl))?.status()).toBe(404);
  await phone.close();
});
