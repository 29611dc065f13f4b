import { describe, expect, it } from 'vitest';
import { QR_TYPES } from '../../../src/content/qrTypes.ts';
import { buildPayload, fieldsFor, isUrlType, validateForGenerate } from '../../../src/payload/index.ts';

/** ZXing's WifiResultParser rule, written from its description: fields split on unescaped ';', '\' escapes. */
function parseWifi(text: string): Record<string, string> {
  expect(text.startsWith('WIFI:')).toBe(true);
  const fields: Record<string, string> = {};
  let key = '';
  let value = '';
  let inKey = true;
  for (let i = 5; i < text.length; i++) {
    const ch = text[i];
    if (ch === '\\') {
      value += text[++i];
    } else if (inKey && ch === ':') {
      inKey = false;
    } else if (ch === ';') {
      if (key) fields[key] = value;
      key = '';
      value = '';
      inKey = true;
    } else if (inKey) {
      key += ch;
    } else {
      value += ch;
    }
  }
  return fields;
}

describe('WIFI payload', () => {
  it('escapes \\ ; , : and " so a parser gets the exact SSID and password back', () => {
    const ssid = 'Café;"Guest",net:\\5';
    const password = 'p;a:s,s"\\w';
    const text = buildPayload('wifi', { ssid, password, encryption: 'WPA' });
    expect(text.endsWith(';;')).toBe(true);
    expect(parseWifi(text)).toEqual({ T: 'WPA', S: ssid, P: password });
  });
  it('leaves the password out of an open network and defaults to WPA', () => {
    expect(parseWifi(buildPayload('wifi', { ssid: 'Open', password: 'x', encryption: 'nopass' }))).toEqual({
      T: 'nopass',
      S: 'Open',
    });
    expect(parseWifi(buildPayload('wifi', { ssid: 'Home', password: 'pw' })).T).toBe('WPA');
  });
});

describe('vCard 3.0 payloads', () => {
  it('writes FN, TEL and EMAIL with CRLF line ends and RFC 2426 escapes', () => {
    const text = buildPayload('vcard', { name: 'Doe, Jane; Jr', phone: '+1 555 0100', email: 'jane@example.com' });
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('BEGIN:VCARD');
    expect(lines).toContain('VERSION:3.0');
    expect(lines).toContain('FN:Doe\\, Jane\\; Jr');
    expect(lines).toContain('N:Jr;Doe\\, Jane\\;;;;');
    expect(lines).toContain('TEL;TYPE=CELL:+1 555 0100');
    expect(lines).toContain('EMAIL:jane@example.com');
    expect(lines.at(-1)).toBe('END:VCARD');
    expect(text).not.toMatch(/ORG:|URL:/);
  });
  it('vCard Plus adds ORG and URL', () => {
    const lines = buildPayload('vcardplus', { name: 'Jane', company: 'Acme', website: 'https://acme.test' }).split(
      '\r\n',
    );
    expect(lines).toContain('ORG:Acme');
    expect(lines).toContain('URL:https://acme.test');
  });
});

describe('links', () => {
  it('mailto: carries subject and body, percent-encoded, readable by a URL parser', () => {
    const text = buildPayload('email', {
      email: 'hi@example.com',
      subject: 'Hello & welcome?',
      body: 'Line 1\nLine 2 = ok',
    });
    const url = new URL(text);
    expect(url.protocol).toBe('mailto:');
    expect(url.pathname).toBe('hi@example.com');
    expect(url.searchParams.get('subject')).toBe('Hello & welcome?');
    expect(url.searchParams.get('body')).toBe('Line 1\r\nLine 2 = ok');
    expect(text).not.toContain('+');
  });
  it('WhatsApp keeps digits only and uses a wa.me link with the message', () => {
    const url = new URL(buildPayload('whatsapp', { phone: '+1 (555) 010-0200', message: 'Hi there!' }));
    expect(url.host).toBe('wa.me');
    expect(url.pathname).toBe('/15550100200');
    expect(url.searchParams.get('text')).toBe('Hi there!');
  });
  it('SMS is SMSTO:number:message', () => {
    expect(buildPayload('sms', { phone: '+1 555-0100', message: 'On my way: 5 min' })).toBe(
      'SMSTO:+15550100:On my way: 5 min',
    );
  });
  it('every URL type encodes the trimmed URL as typed', () => {
    for (const type of QR_TYPES.filter((t) => isUrlType(t.id))) {
      expect(buildPayload(type.id, { url: `  https://example.com/${type.id}?q=1 ` })).toBe(
        `https://example.com/${type.id}?q=1`,
      );
    }
  });
});

describe('event (iCalendar VEVENT)', () => {
  it('writes SUMMARY, DTSTART/DTEND as floating local times, and escapes text', () => {
    const text = buildPayload('event', {
      title: 'Launch; party',
      start: '2025-03-01T18:30',
      end: '2025-03-01T21:00',
      location: 'Hall 1, Berlin',
      description: 'Bring\nfriends',
    });
    expect(text.split('\r\n')).toEqual([
      'BEGIN:VEVENT',
      'SUMMARY:Launch\\; party',
      'DTSTART:20250301T183000',
      'DTEND:20250301T210000',
      'LOCATION:Hall 1\\, Berlin',
      'DESCRIPTION:Bring\\nfriends',
      'END:VEVENT',
    ]);
  });
});

describe('every type', () => {
  it('has a form whose required fields, once filled, make a non-empty payload', () => {
    const sample: Record<string, string> = {
      url: 'https://example.com',
      text: 'hello',
      name: 'Jane',
      phone: '15550100',
      email: 'a@b.co',
      ssid: 'Net',
      title: 'Meetup',
      start: '2025-01-01T10:00',
      barcode: '4006381333931',
    };
    for (const type of QR_TYPES) {
      const fields = fieldsFor(type.id);
      expect(fields.length, type.id).toBeGreaterThan(0);
      expect(buildPayload(type.id, {}), type.id).toBe('');
      const values = Object.fromEntries(fields.filter((f) => f.required).map((f) => [f.name, sample[f.name]]));
      expect(buildPayload(type.id, values), type.id).not.toBe('');
    }
  });
  it('keeps text exactly as typed, including surrounding spaces and line breaks', () => {
    expect(buildPayload('text', { text: '  two\nlines  ' })).toBe('  two\nlines  ');
  });
});

describe('Generate validation (spec §5)', () => {
  it('landing: empty or whitespace content is an error with the spec message', () => {
    expect(validateForGenerate('text', { text: '   ' }, 'landing')).toEqual({
      title: 'Error',
      description: 'Please enter content for your QR code',
    });
    expect(validateForGenerate('website', { url: 'example.com' }, 'landing')).toBeNull();
  });
  it('/create: "Content Required", and URL types must start with http:// or https://', () => {
    expect(validateForGenerate('website', { url: '' }, 'create')?.title).toBe('Content Required');
    for (const type of ['website', 'pdf', 'images', 'video'] as const) {
      expect(validateForGenerate(type, { url: 'ftp://x' }, 'create')).toMatchObject({
        title: 'Invalid URL',
        description: 'URL must start with http:// or https://',
      });
      expect(validateForGenerate(type, { url: 'HTTPS://example.com' }, 'create')).toBeNull();
    }
    expect(validateForGenerate('text', { text: 'not a url' }, 'create')).toBeNull();
  });
});
