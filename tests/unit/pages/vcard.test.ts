// The vCard Plus page's .vcf, read back by ical.js (Mozilla's iCalendar/vCard parser, which nobody here wrote):
// every field survives, including commas, semicolons, backslashes, line breaks, non-Latin text and lines long
// enough to be folded; every line ends in CRLF and none is longer than 75 octets.
// One difference between the RFCs shows: vCard 3.0 (RFC 2426, section 5) has no raw ";" in a text value, so we
// write "\;" as it requires (and phones read), while ical.js reads the text of single-value properties (FN, TITLE,
// NOTE) by vCard 4.0's rules (RFC 6350 allows a raw ";" there) and leaves "\;" as it is. Structured properties
// (N, ADR, ORG) it reads by RFC 2426's escapes. `text` below reads a single-value property as RFC 2426 means it.
// The page's photo is embedded as base64 and read back as an image by @napi-rs/canvas's decoder.
import { createCanvas, loadImage } from '@napi-rs/canvas';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import type { VcardPage } from '../../../src/shared/pages/schema.ts';
import { vcardOf } from '../../../src/shared/pages/vcard.ts';
import { SAMPLE_PAGES } from './samples.ts';

function read(vcf: string) {
  const card = new ICAL.Component(ICAL.parse(vcf) as unknown[]);
  const values = (name: string) => card.getAllProperties(name).map((p) => p.getValues());
  const one = (name: string) => card.getFirstPropertyValue(name);
  return { card, values, one, text: (name: string) => String(one(name)).replace(/\\;/g, ';') };
}

describe('vCard 3.0 of a vCard Plus page', () => {
  it('holds every field, read back by ical.js', () => {
    const page = SAMPLE_PAGES.vcard as VcardPage;
    const { one, values, text } = read(vcardOf(page));
    expect(one('version')).toBe('3.0');
    expect(one('fn')).toBe("Zoë O'Brien-Müller");
    expect(values('n')[0]).toEqual([["O'Brien-Müller", 'Zoë', '', '', '']]);
    expect(one('org')).toBe('Acme, Inc.; Europe');
    expect(one('title')).toBe('Head of Sales');
    expect(values('tel').flat()).toEqual(['+49 151 2345 6789', '+49 (30) 123-456']);
    expect(values('email').flat()).toEqual(['zoe@example.com']);
    expect(one('url')).toBe('https://example.com/zoe');
    expect(values('adr')[0]).toEqual([['', '', 'Unter den Linden 1', 'Berlin', '', '10117', 'Germany']]);
    expect(text('note')).toBe('Met at the trade fair;\ncall after 10:00, please.');
  });

  it('escapes and folds hostile and long text so that it reads back as typed', () => {
    const tricky = 'a\\b, c; d\ne 東京 😀 '.repeat(12);
    const page: VcardPage = {
      v: 1,
      type: 'vcard',
      firstName: 'A;B',
      lastName: 'C,D\\E',
      company: tricky.slice(0, 80),
      note: tricky.slice(0, 500),
    };
    const vcf = vcardOf(page);
    for (const line of vcf.split('\r\n').slice(0, -1)) {
      expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    }
    expect(vcf.endsWith('END:VCARD\r\n')).toBe(true);
    expect(vcf.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const { one, values, text } = read(vcf);
    expect(values('n')[0]).toEqual([['C,D\\E', 'A;B', '', '', '']]);
    expect(one('org')).toBe(page.company);
    expect(text('note')).toBe(page.note);
    expect(text('fn')).toBe('A;B C,D\\E');
  });
});

describe('the vCard Plus photo in the .vcf', () => {
  /** A JPEG or PNG drawn with @napi-rs/canvas: a red left half, a blue right half. */
  function drawn(type: 'jpeg' | 'png', width = 96, height = 64): Uint8Array {
    const canvas = createCanvas(width, height);
    const ctx = canvas.getContext('2d');
    ctx.fillStyle = '#e00000';
    ctx.fillRect(0, 0, width / 2, height);
    ctx.fillStyle = '#0000e0';
    ctx.fillRect(width / 2, 0, width / 2, height);
    return new Uint8Array(type === 'jpeg' ? canvas.toBuffer('image/jpeg') : canvas.toBuffer('image/png'));
  }
  const page: VcardPage = {
    ...(SAMPLE_PAGES.vcard as VcardPage),
    photo: { path: '0b7c1f0e-1d2a-4c3b-9e8f-123456789abc/zoe.jpg', width: 96, height: 64 },
  };

  it('is embedded as base64 (PHOTO;ENCODING=b;TYPE=JPEG), folded at 75 octets, and decodes to the same image', async () => {
    const jpeg = drawn('jpeg');
    const vcf = vcardOf(page, jpeg);
    for (const line of vcf.split('\r\n').slice(0, -1)) {
      expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    }
    expect(vcf).toMatch(/\r\nPHOTO;ENCODING=b;TYPE=JPEG:/);
    const { card, one } = read(vcf);
    const photo = card.getFirstProperty('photo')!;
    expect([photo.getParameter('encoding'), photo.getParameter('type')]).toEqual(['b', 'JPEG']);
    const bytes = Buffer.from(String(one('photo')), 'base64');
    expect(new Uint8Array(bytes)).toEqual(jpeg);
    // An image decoder reads it back: its size and its two colours.
    const image = await loadImage(bytes);
    expect([image.width, image.height]).toEqual([96, 64]);
    const ctx = createCanvas(96, 64).getContext('2d');
    ctx.drawImage(image, 0, 0);
    const [left, right] = [ctx.getImageData(10, 32, 1, 1).data, ctx.getImageData(86, 32, 1, 1).data];
    expect(left[0]! > 180 && left[2]! < 60 && right[2]! > 180 && right[0]! < 60).toBe(true);
    // Every other field is still there.
    expect(one('fn')).toBe("Zoë O'Brien-Müller");
    expect(one('email')).toBe('zoe@example.com');
  });

  it('takes a PNG by its bytes, and leaves out bytes that are not a JPEG or PNG (or no photo)', () => {
    expect(
      read(vcardOf(page, drawn('png')))
        .card.getFirstProperty('photo')
        ?.getParameter('type'),
    ).toBe('PNG');
    const webp = new Uint8Array([...'RIFF\0\0\0\0WEBPVP8 '].map((c) => c.charCodeAt(0)));
    for (const bytes of [webp, new TextEncoder().encode('<svg onload=alert(1)>'), null, undefined]) {
      const vcf = vcardOf(page, bytes);
      expect(vcf).not.toContain('PHOTO');
      expect(read(vcf).one('fn')).toBe("Zoë O'Brien-Müller");
    }
  });
});
