// Hosted pages in the app (issue 32): a signed-out visitor is told once that a hosted page needs an account; a
// signed-in user builds a Links, vCard Plus, Menu and Coupon page in the editor (the live preview is the server's
// renderer), saves it as a dynamic code whose PNG decodes to its short URL, and a phone with JavaScript off opens
// that URL: the page, its tel:/mailto: links and its .vcf (the uploaded photo embedded) work, an edit of each page
// changes what the same URL shows, a pause stops it, and the Free plan's 3 dynamic codes count pages too. One
// account, one test: the e2e lane is the slowest.
import { createCanvas, loadImage } from '@napi-rs/canvas';
import ICAL from 'ical.js';
import { expect, test } from './fixtures/test.ts';
import { register } from './fixtures/auth.ts';
import { seriousViolations } from './fixtures/axe.ts';
import { chooseType } from './fixtures/generator.ts';
import { field, group, phoneContext, preview, row, saveChanges, saveNewPage } from './fixtures/hostedPages.ts';

/** An 800 × 600 photo-sized PNG (two colours), larger than the 512 px a vCard photo is stored at. */
function photoPng(): Buffer {
  const canvas = createCanvas(800, 600);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#2b6cb0';
  ctx.fillRect(0, 0, 800, 600);
  ctx.fillStyle = '#f6ad55';
  ctx.fillRect(200, 150, 400, 300);
  return canvas.toBuffer('image/png');
}

test('hosted pages: built in the editor, scanned on a phone without JavaScript, edited, paused, within the plan', async ({
  page,
  browser,
}) => {
  // Signed out: the generator keeps making a link code for these types, and says once what an account adds.
  await page.goto('/create');
  await chooseType(page, 'Links', false);
  const told = page.getByRole('status').filter({ hasText: 'A hosted page needs a free account' });
  await expect(told).toContainText('we host your Links page');
  await expect(field(page.getByRole('main'), 'URL')).toBeVisible();
  await chooseType(page, 'Menu', false);
  await expect(field(page.getByRole('main'), 'URL')).toBeVisible();
  await expect(told).toHaveCount(1);
  await told.getByRole('button', { name: 'Sign up free' }).click();
  await expect(page).toHaveURL(/\/auth$/);

  await register(page);
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
  const phone = await phoneContext(browser);
  const scan = await phone.newPage();

  // Links, from the generator: the offer beside Save leads to the editor.
  await page.goto('/create');
  await chooseType(page, 'Links', false);
  await expect(told).toHaveCount(0);
  await page.getByRole('link', { name: 'Build a Links page' }).click();
  await expect(page).toHaveURL(/\/dashboard\/qr-codes\?new-hosted-page=links$/);
  await page.getByRole('button', { name: 'Save page' }).click();
  await expect(field(page, 'Title')).toHaveAttribute('aria-invalid', 'true');
  await field(page, 'Title').fill('Ada’s Bakery');
  await field(page, 'Short bio').fill('Bread and cakes since 1843');
  await field(group(page, 'Link 1'), 'Label').fill('Order online');
  await field(group(page, 'Link 1'), 'Link').fill('https://example.com/order');
  await page.getByRole('button', { name: 'Add link' }).click();
  await field(group(page, 'Link 2'), 'Label').fill('Write to us');
  await field(group(page, 'Link 2'), 'Link').fill('mailto:hello@example.com');
  // Reordered from the keyboard; the focus stays on the button pressed.
  await group(page, 'Link 2').getByRole('button', { name: 'Move Link 2 up' }).focus();
  await page.keyboard.press('Enter');
  await expect(field(group(page, 'Link 1'), 'Label')).toHaveValue('Write to us');
  await expect(page.getByRole('button', { name: 'Move Link 1 up' })).toBeFocused();
  // The live preview is the page itself, in a sandbox without scripts.
  await expect(page.locator('iframe[title="Preview of your page"]')).toHaveAttribute('sandbox', '');
  await expect(preview(page).getByRole('heading', { name: 'Ada’s Bakery' })).toBeVisible();
  await expect(preview(page).getByRole('link').first()).toHaveText('Write to us');
  await field(page, 'Title').fill('Ada’s Bakery & Café');
  await expect(preview(page).getByRole('heading', { name: 'Ada’s Bakery & Café' })).toBeVisible();
  // The preview frame runs no script, so axe cannot run inside it: the page it shows is Lighthouse's to judge
  // (npm run bench:lighthouse, every page type).
  expect(await seriousViolations(page, { exclude: ['iframe[title="Preview of your page"]'] })).toEqual([]);
  const links = await saveNewPage(page, 'Bakery links');

  await scan.goto(links);
  await expect(scan.getByRole('heading', { name: 'Ada’s Bakery & Café' })).toBeVisible();
  await expect(scan.getByText('Bread and cakes since 1843')).toBeVisible();
  const nav = scan.getByRole('navigation', { name: 'Links' }).getByRole('link');
  await expect(nav).toHaveText(['Write to us', 'Order online']);
  await expect(nav.first()).toHaveAttribute('href', /mailto:hello@example\.com$/);

  // Edited from the dashboard: the list says what the code shows, its Edit leads to the page, the URL stays.
  await page.goto('/dashboard/qr-codes');
  await expect(row(page, 'Bakery links')).toContainText(`${links} → a hosted Links page`);
  await row(page, 'Bakery links').getByRole('button', { name: 'Edit Bakery links' }).click();
  await page.getByRole('dialog').getByRole('link', { name: 'Edit the page' }).click();
  await expect(page.getByRole('link', { name: links })).toBeVisible();
  await field(page, 'Title').fill('Ada’s Bakery, now open Sundays');
  await saveChanges(page, 'Bakery links');
  await scan.reload();
  await expect(scan.getByRole('heading', { name: 'Ada’s Bakery, now open Sundays' })).toBeVisible();

  // Paused: the same URL no longer shows the page.
  await page.goto('/dashboard/qr-codes');
  await row(page, 'Bakery links').getByRole('button', { name: 'Pause Bakery links' }).click();
  await expect(row(page, 'Bakery links').getByText('Paused', { exact: true })).toBeVisible();
  expect((await scan.reload())?.status()).toBe(404);
  await expect(scan.getByRole('heading', { name: /Ada’s Bakery/ })).toHaveCount(0);

  // vCard Plus: every field on the page and in its .vcf.
  await page.goto('/dashboard/qr-codes?new-hosted-page=vcardplus');
  const contact = {
    'First name': 'Zoë',
    'Last name': 'O’Brien',
    Role: 'Head of Sales',
    Company: 'Acme; Europe',
    Website: 'https://example.com/zoe',
    Street: 'Unter den Linden 1',
    City: 'Berlin',
    Postcode: '10117',
    Country: 'Germany',
    Note: 'Call after 10:00',
  };
  // In the form: the dashboard's navigation has regions with these names too.
  const form = page.getByRole('form', { name: 'vCard Plus page' });
  for (const [label, value] of Object.entries(contact)) await field(form, label).fill(value);
  await field(group(page, 'Phone 1'), 'Number').fill('+49 151 2345 6789');
  await field(group(page, 'Phone 1'), 'Label').fill('Mobile');
  await field(group(page, 'Email 1'), 'Address').fill('zoe@example.com');
  // A photo larger than a contact needs: the worker writes it as a JPEG of 512 px at most, for the .vcf.
  await field(form, 'Photo (optional)').setInputFiles({ name: 'zoe.png', mimeType: 'image/png', buffer: photoPng() });
  await expect(form.getByText('On the page: “zoe.png”')).toBeVisible();
  await expect(preview(page).getByRole('heading', { name: 'Zoë O’Brien' })).toBeVisible();
  const vcard = await saveNewPage(page, 'Zoë card');
  await scan.goto(vcard);
  await expect(scan.getByRole('heading', { name: 'Zoë O’Brien' })).toBeVisible();
  await expect(scan.getByText('Head of Sales · Acme; Europe')).toBeVisible();
  await expect(scan.getByRole('link', { name: '+49 151 2345 6789' })).toHaveAttribute('href', 'tel:+4915123456789');
  await expect(scan.getByRole('link', { name: 'zoe@example.com' })).toHaveAttribute('href', 'mailto:zoe@example.com');
  const save = scan.getByRole('link', { name: 'Save contact' });
  const vcf = await phone.request.get(new URL((await save.getAttribute('href'))!, vcard).href);
  expect(vcf.status()).toBe(200);
  const card = new ICAL.Component(ICAL.parse(await vcf.text()) as unknown[]);
  const one = (name: string) => String(card.getFirstPropertyValue(name)).replace(/\\;/g, ';');
  // The photo is embedded in the file (read from Storage by the server) and decodes as the resized image.
  expect(card.getFirstProperty('photo')?.getParameter('type')).toBe('JPEG');
  const embedded = await loadImage(Buffer.from(one('photo'), 'base64'));
  expect([embedded.width, embedded.height]).toEqual([512, 384]);
  await expect(scan.getByRole('img', { name: 'Photo of Zoë O’Brien' })).toHaveJSProperty('naturalWidth', 512);
  expect(one('fn')).toBe('Zoë O’Brien');
  expect(card.getFirstProperty('n')?.getValues()).toEqual([['O’Brien', 'Zoë', '', '', '']]);
  expect(one('title')).toBe('Head of Sales');
  expect(one('org')).toBe('Acme; Europe');
  expect(one('tel')).toBe('+49 151 2345 6789');
  expect(one('email')).toBe('zoe@example.com');
  expect(one('url')).toBe('https://example.com/zoe');
  expect(card.getFirstProperty('adr')?.getValues()).toEqual([
    ['', '', 'Unter den Linden 1', 'Berlin', '', '10117', 'Germany'],
  ]);
  expect(one('note')).toBe('Call after 10:00');
  // Edited in the editor the save left open: the same URL shows the new role.
  await field(form, 'Role').fill('Sales Director');
  await saveChanges(page, 'Zoë card');
  await scan.reload();
  await expect(scan.getByText('Sales Director · Acme; Europe')).toBeVisible();

  // Menu: sections and items; prices in the page's currency and locale.
  await page.goto('/dashboard/qr-codes?new-hosted-page=menu');
  await field(page, 'Title').fill('Trattoria Ada');
  await field(page, 'Price format').fill('de-DE');
  await field(page, 'Opening hours').fill('Tue–Sun 12:00–22:00');
  const section = group(page, 'Section 1');
  await field(section, 'Section name').fill('Pizza');
  await field(group(page, 'Item 1 of section 1'), 'Dish').fill('Margherita');
  await field(group(page, 'Item 1 of section 1'), 'Price').fill('9,50');
  await group(page, 'Item 1 of section 1').getByText('Vegetarian').click();
  await page.getByRole('button', { name: 'Add item to section 1' }).click();
  await field(group(page, 'Item 2 of section 1'), 'Dish').fill('Diavola');
  await field(group(page, 'Item 2 of section 1'), 'Price').fill('11');
  const menu = await saveNewPage(page, 'Trattoria menu');
  await scan.goto(menu);
  await expect(scan.getByRole('heading', { name: 'Pizza' })).toBeVisible();
  await expect(scan.getByText('Tue–Sun 12:00–22:00')).toBeVisible();
  const euro = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' });
  await expect(scan.getByRole('listitem').filter({ hasText: 'Margherita' })).toContainText(euro.format(9.5));
  await expect(scan.getByRole('listitem').filter({ hasText: 'Margherita' })).toContainText('vegetarian');
  await expect(scan.getByRole('listitem').filter({ hasText: 'Diavola' })).toContainText(euro.format(11));
  await field(group(page, 'Item 2 of section 1'), 'Dish').fill('Diavola piccante');
  await saveChanges(page, 'Trattoria menu');
  await scan.reload();
  await expect(scan.getByRole('listitem').filter({ hasText: 'Diavola piccante' })).toContainText(euro.format(11));

  // Coupon: a 4th dynamic code is over the Free plan; with the paused Links page deleted, it saves.
  await page.goto('/dashboard/qr-codes?new-hosted-page=coupon');
  await field(page, 'Headline').fill('20% off your next visit');
  await field(page, 'Coupon code').fill('SPRING20');
  await page.getByLabel('Time zone').selectOption('Europe/Paris');
  await field(page, 'Valid from').fill('2026-01-01T00:00');
  await field(page, 'Valid until').fill('2030-12-31T23:59');
  await field(page, 'Redeem link').fill('https://example.com/shop');
  await field(page, 'Name').fill('Spring coupon');
  await page.getByRole('button', { name: 'Save page' }).click();
  await expect(page.getByRole('alert')).toContainText('Free plan limit reached: at most 3 dynamic QR codes');
  const list = await page.context().newPage();
  await list.goto('/dashboard/qr-codes');
  await row(list, 'Bakery links').getByRole('button', { name: 'Delete Bakery links' }).click();
  await list.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(row(list, 'Bakery links')).toHaveCount(0);
  await list.close();
  const coupon = await saveNewPage(page, 'Spring coupon');
  await scan.goto(coupon);
  await expect(scan.getByRole('heading', { name: '20% off your next visit' })).toBeVisible();
  await expect(scan.getByText('SPRING20')).toBeVisible();
  // 23:59 in Paris is stored as 22:59 UTC and shown in Paris again.
  const paris = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Paris' });
  await expect(scan.getByText(`until ${paris.format(new Date('2030-12-31T22:59:00Z'))}`)).toBeVisible();
  await expect(scan.getByRole('link', { name: 'Redeem' })).toHaveAttribute('href', 'https://example.com/shop');
  await field(page, 'Coupon code').fill('SPRING25');
  await saveChanges(page, 'Spring coupon');
  await scan.reload();
  await expect(scan.getByText('SPRING25')).toBeVisible();
  await expect(scan.getByText('SPRING20')).toHaveCount(0);
  await phone.close();
});
