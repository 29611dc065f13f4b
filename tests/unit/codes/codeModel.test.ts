import { describe, expect, it } from 'vitest';
import {
  codeRequest,
  createdDate,
  DEFAULT_CODE_DESIGN,
  downloadName,
  encodedContent,
  parseDesign,
  toSavedCode,
  typeLabel,
  type QrCodeRow,
} from '../../../src/features/codes/codeModel.ts';
import {
  CodesConfigError,
  isShortUrl,
  readRedirectBaseUrl,
  shortUrl,
} from '../../../src/features/codes/codesConfig.ts';

const row: QrCodeRow = {
  id: 'a1',
  name: 'Restaurant Menu',
  type: 'Menu',
  content: '',
  destination: 'https://example.com/menu',
  design: {},
  is_dynamic: true,
  slug: 'Ab_9-xYz',
  status: 'active',
  created_at: '2026-09-24T10:11:12.000Z',
  updated_at: '2026-09-24T10:11:12.000Z',
};

describe('redirect base URL', () => {
  it('uses VITE_REDIRECT_BASE_URL when set, without a trailing slash', () => {
    expect(
      readRedirectBaseUrl({
        VITE_REDIRECT_BASE_URL: 'https://ref.supabase.co/functions/v1/r/',
        VITE_SUPABASE_URL: 'x',
      }),
    ).toBe('https://ref.supabase.co/functions/v1/r');
  });
  it('defaults to the Supabase URL plus /r (the local server)', () => {
    expect(readRedirectBaseUrl({ VITE_SUPABASE_URL: 'http://127.0.0.1:54321/' })).toBe('http://127.0.0.1:54321/r');
  });
  it('throws a typed error when nothing is configured', () => {
    expect(() => readRedirectBaseUrl({})).toThrow(CodesConfigError);
  });
  it('builds and recognises short URLs', () => {
    expect(shortUrl('Ab_9-xYz', 'http://h/r/')).toBe('http://h/r/Ab_9-xYz');
    expect(isShortUrl('http://h/r/Ab_9-xYz', 'http://h/r')).toBe(true);
    expect(isShortUrl('http://h/rx', 'http://h/r')).toBe(false);
  });
});

describe('saved code model', () => {
  it('fills a missing or broken design with defaults, field by field', () => {
    expect(parseDesign({})).toEqual(DEFAULT_CODE_DESIGN);
    expect(parseDesign(null)).toEqual(DEFAULT_CODE_DESIGN);
    expect(parseDesign({ shape: 'dots', fg: 'red', ecl: 'H', frame: 'banner', frameText: 'Hi', logo: 'x' })).toEqual({
      ...DEFAULT_CODE_DESIGN,
      shape: 'dots',
      ecl: 'H',
      frame: 'banner',
      frameText: 'Hi',
    });
  });
  it('maps a row and encodes the short URL for a dynamic code, the content for a static one', () => {
    const code = toSavedCode(row, { scans: 1234, uniqueScans: 864 });
    expect(code).toMatchObject({ isDynamic: true, status: 'active', scans: 1234, uniqueScans: 864, slug: 'Ab_9-xYz' });
    expect(toSavedCode(row)).toMatchObject({ scans: 0, uniqueScans: 0 });
    expect(encodedContent(code, 'http://h/r')).toBe('http://h/r/Ab_9-xYz');
    const fixed = toSavedCode({ ...row, is_dynamic: false, content: 'WIFI:T:WPA;S:x;P:y;;', status: 'paused' });
    expect(fixed.status).toBe('paused');
    expect(encodedContent(fixed, 'http://h/r')).toBe('WIFI:T:WPA;S:x;P:y;;');
  });
  it('builds a worker request from the stored design, never with a logo', () => {
    const code = toSavedCode({
      ...row,
      design: { shape: 'rounded', fg: '#1A2BB2', bg: '#FFFFFF', frame: 'square', frameText: 'MENU', ecl: 'Q' },
    });
    expect(codeRequest(code, 'http://h/r')).toEqual({
      content: 'http://h/r/Ab_9-xYz',
      ecl: 'Q',
      kind: 'url',
      // A row saved before the design options: each new option takes the value a new code starts with.
      style: {
        shape: 'rounded',
        fg: '#1A2BB2',
        bg: '#FFFFFF',
        frame: 'square',
        frameText: 'MENU',
        logoId: null,
        eyeFrame: 'auto',
        eyeFrameColour: null,
        eyeCentre: 'auto',
        eyeCentreColour: null,
        gradient: null,
        transparent: false,
        margin: 4,
      },
    });
  });
  it('keeps the design options a code was saved with, and drops a malformed one', () => {
    const gradient = { type: 'linear', angle: 45, stops: ['#1A2BB2', '#0F5132'] };
    const code = toSavedCode({
      ...row,
      design: { shape: 'dots', eyeFrame: 'leaf', eyeCentreColour: '#0F5132', gradient, margin: 2, transparent: true },
    });
    expect(codeRequest(code, 'http://h/r').style).toMatchObject({
      shape: 'dots',
      eyeFrame: 'leaf',
      eyeCentreColour: '#0F5132',
      gradient,
      margin: 2,
      transparent: true,
    });
    const broken = toSavedCode({ ...row, design: { shape: 'dots', margin: 99, eyeFrame: 'star' } });
    expect(codeRequest(broken, 'http://h/r').style).toMatchObject({ shape: 'dots', margin: 4, eyeFrame: 'auto' });
  });
  it('labels generator type ids and keeps other stored types as they are', () => {
    expect(typeLabel('website')).toBe('Website');
    expect(typeLabel('vcardplus')).toBe('vCard Plus');
    expect(typeLabel('URL')).toBe('URL');
  });
  it('formats dates and file names', () => {
    expect(createdDate(row.created_at)).toBe('2026-09-24');
    expect(downloadName('Restaurant Menu', 'png')).toBe('restaurant-menu.png');
    expect(downloadName('Café «Spécial» 2026!', 'svg')).toBe('cafe-special-2026.svg');
    expect(downloadName('***', 'pdf')).toBe('qrcode.pdf');
  });
});
