import { expect } from './fixtures/test.ts';
import { decodeImageFile, pngSize } from './fixtures/decode.ts';
import { chooseType, download, fillFields, generate } from './fixtures/generator.ts';
import { test } from './fixtures/warm-page.ts';

interface TypeCase {
  label: string;
  popular: boolean;
  fields: Record<string, string>;
  /** Written out by hand from the formats' specs, not computed by our payload code. */
  expected: string;
}

const url = (path: string): TypeCase['fields'] => ({ URL: `https://example.com/${path}` });

const CASES: TypeCase[] = [
  { label: 'Website', popular: true, fields: url('site?x=1'), expected: 'https://example.com/site?x=1' },
  {
    label: 'Text',
    popular: true,
    fields: { Text: 'Hello QRCraft\nzweite Zeile ✓' },
    expected: 'Hello QRCraft\nzweite Zeile ✓',
  },
  {
    label: 'vCard',
    popular: true,
    fields: { 'Full Name': 'Jane Doe', Phone: '+1 555 0100', Email: 'jane@example.com' },
    expected:
      'BEGIN:VCARD\r\nVERSION:3.0\r\nN:Doe;Jane;;;\r\nFN:Jane Doe\r\nTEL;TYPE=CELL:+1 555 0100\r\nEMAIL:jane@example.com\r\nEND:VCARD',
  },
  {
    label: 'Email',
    popular: true,
    fields: { 'Email address': 'hi@example.com', Subject: 'Hello there', Message: 'Line one' },
    expected: 'mailto:hi@example.com?subject=Hello%20there&body=Line%20one',
  },
  {
    label: 'WiFi',
    popular: true,
    fields: { 'Network name (SSID)': 'Cafe;Guest', Password: 'pa:ss', Encryption: 'WPA' },
    expected: 'WIFI:T:WPA;S:Cafe\\;Guest;P:pa\\:ss;;',
  },
  {
    label: 'SMS',
    popular: true,
    fields: { 'Phone number': '+1 555 0100', Message: 'On my way' },
    expected: 'SMSTO:+15550100:On my way',
  },
  {
    label: 'WhatsApp',
    popular: false,
    fields: { 'WhatsApp number': '+1 (555) 010-0200', Message: 'Hi there' },
    expected: 'https://wa.me/15550100200?text=Hi%20there',
  },
  {
    label: 'vCard Plus',
    popular: false,
    fields: {
      'Full Name': 'Max',
      Phone: '0301234',
      Email: 'max@acme.test',
      Company: 'Acme',
      Website: 'https://acme.test',
    },
    expected:
      'BEGIN:VCARD\r\nVERSION:3.0\r\nN:Max;;;;\r\nFN:Max\r\nTEL;TYPE=CELL:0301234\r\nEMAIL:max@acme.test\r\nORG:Acme\r\nURL:https://acme.test\r\nEND:VCARD',
  },
  ...(
    [
      ['PDF', 'doc.pdf'],
      ['Product', 'product/42'],
      ['Images', 'gallery'],
      ['Video', 'video'],
      ['Links', 'links'],
      ['Business', 'about'],
      ['Menu', 'menu'],
      ['Coupon', 'coupon?code=SAVE10'],
      ['Audio', 'song.mp3'],
      ['App Store', 'app'],
      ['Landing Page', 'landing'],
      ['Feedback', 'feedback'],
      ['Playlist', 'playlist'],
      ['Social Media', 'social'],
    ] as const
  ).map(([label, path]) => ({ label, popular: false, fields: url(path), expected: `https://example.com/${path}` })),
  {
    label: 'Event',
    popular: false,
    fields: { 'Event title': 'Launch', Location: 'Berlin', Starts: '2025-03-01T18:30', Ends: '2025-03-01T21:00' },
    expected:
      'BEGIN:VEVENT\r\nSUMMARY:Launch\r\nDTSTART:20250301T183000\r\nDTEND:20250301T210000\r\nLOCATION:Berlin\r\nEND:VEVENT',
  },
  { label: 'Barcode', popular: false, fields: { 'Barcode value': '4006381333931' }, expected: '4006381333931' },
];

test('the case list covers all 24 types', () => {
  expect(new Set(CASES.map((c) => c.label)).size).toBe(24);
});

for (const c of CASES) {
  test(`${c.label}: fill, generate, download PNG, decode the exact payload`, async ({ page }) => {
    await page.goto('/create');
    await chooseType(page, c.label, c.popular);
    await fillFields(page, c.fields);
    await generate(page);
    const { download: file, bytes } = await download(page, 'png');
    expect(file.suggestedFilename()).toBe('qrcode.png');
    expect(pngSize(bytes)).toEqual({ width: 1000, height: 1000 });
    expect(await decodeImageFile(bytes)).toEqual([c.expected]);
  });
}
