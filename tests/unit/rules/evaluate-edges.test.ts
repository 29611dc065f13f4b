// Edge cases of each condition type, the gates' order, UTM appending and the schema's refusals (hostile URLs,
// oversized lists, unknown condition types).
import { describe, expect, it } from 'vitest';
import { evaluateScan, variantOf, type CodeForScan } from '../../../src/shared/rules/evaluate.ts';
import { browserFamily, osFamily, preferredLanguage, type ScanFacts } from '../../../src/shared/rules/facts.ts';
import {
  MAX_CONDITIONS,
  MAX_RULES,
  appStoreRules,
  scanSettingsSchema,
  type ScanSettings,
} from '../../../src/shared/rules/schema.ts';
import { appendQuery, finalTarget } from '../../../src/shared/rules/target.ts';

const FACTS: ScanFacts = {
  deviceType: 'mobile',
  os: 'iOS',
  browser: 'Mobile Safari',
  country: 'DE',
  language: 'de',
  query: '',
  passwordOk: false,
  bucket: 0,
  countable: true,
};

function code(settings: ScanSettings | null, extra: Partial<CodeForScan> = {}): CodeForScan {
  return { destination: 'https://default.example/', settings, hasPassword: false, capUsed: 0, ...extra };
}

const at = (iso: string) => new Date(iso);
const target = (c: CodeForScan, facts: Partial<ScanFacts>, now: string) => {
  const d = evaluateScan(c, { ...FACTS, ...facts }, at(now));
  return d.outcome === 'redirect' ? d.target : d.outcome === 'app_page' ? 'app_page' : `gate:${d.gate}`;
};

describe('Accept-Language with quality values', () => {
  it.each([
    ['fr;q=0.9, en;q=0.95', 'en'],
    ['en;q=0, de', 'de'],
    ['*, fr;q=0.5', 'fr'],
    ['de-CH, de;q=0.9, en;q=0.8', 'de-ch'],
    ['en;q=0.8, fr;q=0.8', 'en'],
    ['en;q=1.5, fr;q=0.2', 'fr'],
    ['en;q=abc, ja;q=0.001', 'ja'],
    ['en;q=0.000', null],
    ['', null],
    ['12-34, -en', null],
  ])('%j → %j', (header, want) => {
    expect(preferredLanguage(header)).toBe(want);
  });

  it('matches a language and its regional variants, not the other way round', () => {
    const c = code({
      v: 1,
      rules: [
        { if: [{ type: 'language', in: ['pt'] }], to: 'https://pt.example/' },
        { if: [{ type: 'language', in: ['en-gb'] }], to: 'https://gb.example/' },
      ],
    });
    expect(target(c, { language: 'pt-br' }, '2026-05-01T12:00:00Z')).toBe('https://pt.example/');
    expect(target(c, { language: 'ptx' }, '2026-05-01T12:00:00Z')).toBe('https://default.example/');
    expect(target(c, { language: 'en' }, '2026-05-01T12:00:00Z')).toBe('https://default.example/');
    expect(target(c, { language: 'en-gb' }, '2026-05-01T12:00:00Z')).toBe('https://gb.example/');
    expect(target(c, { language: null }, '2026-05-01T12:00:00Z')).toBe('https://default.example/');
  });
});

describe('time windows in the owner zone', () => {
  const night = code({
    v: 1,
    timeZone: 'Europe/Berlin',
    // Friday night 22:00 until 02:00 Saturday, Berlin time.
    rules: [{ if: [{ type: 'time', from: '22:00', to: '02:00', days: [5] }], to: 'https://night.example/' }],
  });

  it('crosses midnight and belongs to the day it starts on', () => {
    // 2026-05-01 is a Friday; Berlin is UTC+2 in May.
    expect(target(night, {}, '2026-05-01T19:59:00Z')).toBe('https://default.example/');
    expect(target(night, {}, '2026-05-01T20:00:00Z')).toBe('https://night.example/'); // Fri 22:00
    expect(target(night, {}, '2026-05-01T23:30:00Z')).toBe('https://night.example/'); // Sat 01:30
    expect(target(night, {}, '2026-05-02T00:00:00Z')).toBe('https://default.example/'); // Sat 02:00 (end excluded)
    expect(target(night, {}, '2026-05-02T20:30:00Z')).toBe('https://default.example/'); // Sat 22:30: not Friday
    expect(target(night, {}, '2026-04-30T23:30:00Z')).toBe('https://default.example/'); // Fri 01:30: Thursday's night
  });

  it('follows the zone across daylight-saving changes', () => {
    const office = code({
      v: 1,
      timeZone: 'Europe/Berlin',
      rules: [{ if: [{ type: 'time', from: '09:00', to: '17:00' }], to: 'https://open.example/' }],
    });
    // Winter: UTC+1, 09:00 local = 08:00 UTC. Summer: UTC+2, 09:00 local = 07:00 UTC.
    expect(target(office, {}, '2026-01-15T07:59:00Z')).toBe('https://default.example/');
    expect(target(office, {}, '2026-01-15T08:00:00Z')).toBe('https://open.example/');
    expect(target(office, {}, '2026-07-15T07:00:00Z')).toBe('https://open.example/');
    expect(target(office, {}, '2026-07-15T15:00:00Z')).toBe('https://default.example/');
    // The night of the spring change (29 March 2026, 02:00 → 03:00): a window 02:00-03:00 never opens.
    const skipped = code({
      v: 1,
      timeZone: 'Europe/Berlin',
      rules: [{ if: [{ type: 'time', from: '02:00', to: '03:00' }], to: 'https://x.example/' }],
    });
    for (let m = 0; m < 180; m += 5) {
      const now = new Date(Date.UTC(2026, 2, 28, 23, 30) + m * 60_000).toISOString();
      expect(target(skipped, {}, now)).toBe('https://default.example/');
    }
    // The autumn change (25 October 2026, 03:00 → 02:00): 02:30 happens twice, both match.
    expect(target(skipped, {}, '2026-10-25T00:30:00Z')).toBe('https://x.example/');
    expect(target(skipped, {}, '2026-10-25T01:30:00Z')).toBe('https://x.example/');
    expect(target(skipped, {}, '2026-10-25T02:00:00Z')).toBe('https://default.example/');
  });
});

describe('the other conditions', () => {
  it('an unknown country matches no country rule', () => {
    const c = code({ v: 1, rules: [{ if: [{ type: 'country', in: ['DE', 'AT'] }], to: 'https://dach.example/' }] });
    expect(target(c, { country: 'AT' }, '2026-05-01T12:00:00Z')).toBe('https://dach.example/');
    expect(target(c, { country: null }, '2026-05-01T12:00:00Z')).toBe('https://default.example/');
  });

  it('date after is inclusive, before exclusive', () => {
    const c = code({
      v: 1,
      rules: [
        {
          if: [{ type: 'date', after: '2026-06-01T00:00:00Z', before: '2026-06-02T00:00:00Z' }],
          to: 'https://day.example/',
        },
      ],
    });
    expect(target(c, {}, '2026-05-31T23:59:59Z')).toBe('https://default.example/');
    expect(target(c, {}, '2026-06-01T00:00:00Z')).toBe('https://day.example/');
    expect(target(c, {}, '2026-06-02T00:00:00Z')).toBe('https://default.example/');
  });

  it('the app-store preset sends iOS and Android to their stores, the rest to the default', () => {
    const c = code({
      v: 1,
      rules: appStoreRules('https://apps.apple.com/app/id1', 'https://play.google.com/store/apps/details?id=x'),
    });
    expect(target(c, { os: 'iOS', deviceType: 'tablet' }, '2026-05-01T12:00:00Z')).toBe(
      'https://apps.apple.com/app/id1',
    );
    expect(target(c, { os: 'Android' }, '2026-05-01T12:00:00Z')).toBe(
      'https://play.google.com/store/apps/details?id=x',
    );
    expect(target(c, { os: 'Windows', deviceType: 'desktop' }, '2026-05-01T12:00:00Z')).toBe(
      'https://default.example/',
    );
  });

  it('query present and equals', () => {
    const c = code({
      v: 1,
      rules: [
        { if: [{ type: 'query', name: 'src', equals: 'flyer' }], to: 'https://flyer.example/' },
        { if: [{ type: 'query', name: 'src' }], to: 'https://any.example/' },
      ],
    });
    expect(target(c, { query: 'src=flyer' }, '2026-05-01T12:00:00Z')).toBe('https://flyer.example/');
    expect(target(c, { query: 'src=poster' }, '2026-05-01T12:00:00Z')).toBe('https://any.example/');
    expect(target(c, { query: 'source=flyer' }, '2026-05-01T12:00:00Z')).toBe('https://default.example/');
  });

  it('families of parser names', () => {
    expect([osFamily('Mac OS'), osFamily('Windows Phone'), osFamily('Chromium OS'), osFamily(null)]).toEqual([
      'macos',
      null,
      'chromeos',
      null,
    ]);
    expect([
      browserFamily('Mobile Chrome'),
      browserFamily('Chrome WebView'),
      browserFamily('Samsung Browser'),
      browserFamily('Edge'),
    ]).toEqual(['chrome', 'chrome', 'samsung', 'edge']);
  });
});

describe('gates', () => {
  const gated = code(
    {
      v: 1,
      startsAt: '2026-06-01T00:00:00Z',
      endsAt: '2026-07-01T00:00:00Z',
      scanCap: 3,
      fallbacks: { ended: 'https://over.example/' },
    },
    { hasPassword: true },
  );
  it('apply in order: starts at, ends at, cap, password', () => {
    expect(target(gated, {}, '2026-05-31T23:59:59Z')).toBe('gate:not_started');
    expect(target({ ...gated, capUsed: 3 }, {}, '2026-06-01T00:00:00Z')).toBe('gate:cap_reached');
    expect(target({ ...gated, capUsed: 3 }, {}, '2026-07-01T00:00:00Z')).toBe('gate:ended');
    expect(target(gated, {}, '2026-06-10T00:00:00Z')).toBe('gate:password');
    expect(target(gated, { passwordOk: true }, '2026-06-10T00:00:00Z')).toBe('https://default.example/');
  });
  it('answer with the fallback URL when the owner chose one, never counted', () => {
    const d = evaluateScan(gated, FACTS, at('2026-08-01T00:00:00Z'));
    expect(d).toEqual({ outcome: 'gate', gate: 'ended', target: 'https://over.example/', counted: false });
  });
  it('bots and prefetches are redirected but not counted', () => {
    const d = evaluateScan(code(null), { ...FACTS, countable: false }, at('2026-08-01T00:00:00Z'));
    expect(d).toEqual({ outcome: 'redirect', target: 'https://default.example/', counted: false });
  });
});

describe('A/B split', () => {
  it('splits buckets by weight and only while it runs', () => {
    const split = {
      variants: [
        { to: 'https://a.example/', weight: 5 },
        { to: 'https://b.example/', weight: 95 },
      ],
      startsAt: '2026-06-01T00:00:00Z',
    };
    expect([variantOf(split, 0), variantOf(split, 499), variantOf(split, 500), variantOf(split, 9999)]).toEqual([
      0, 0, 1, 1,
    ]);
    const c = code({ v: 1, split });
    expect(target(c, { bucket: 100 }, '2026-06-01T00:00:00Z')).toBe('https://a.example/');
    expect(target(c, { bucket: 100 }, '2026-05-31T00:00:00Z')).toBe('https://default.example/');
  });
});

describe('UTM and query forwarding', () => {
  it('appends without breaking query or fragment, the URL own parameters win', () => {
    expect(appendQuery('https://a.example/p?x=1#frag', [['utm_source', 'qr code']])).toBe(
      'https://a.example/p?x=1&utm_source=qr+code#frag',
    );
    expect(appendQuery('https://a.example/p?#f', [['a', 'b']])).toBe('https://a.example/p?a=b#f');
    expect(appendQuery('https://a.example/?utm_source=mine', [['utm_source', 'qr']])).toBe(
      'https://a.example/?utm_source=mine',
    );
    expect(appendQuery('https://a.example/#x?y', [['a', '&=#']])).toBe('https://a.example/?a=%26%3D%23#x?y');
  });
  it('forwards the scan query only when asked, and never lets it change the host', () => {
    const s: ScanSettings = { v: 1, utm: { source: 'qr' }, forwardQuery: true };
    expect(target(code(s), { query: 'ref=x&to=https://evil.example/' }, '2026-05-01T12:00:00Z')).toBe(
      'https://default.example/?utm_source=qr&ref=x&to=https%3A%2F%2Fevil.example%2F',
    );
    expect(target(code({ ...s, forwardQuery: false }), { query: 'ref=x' }, '2026-05-01T12:00:00Z')).toBe(
      'https://default.example/?utm_source=qr',
    );
  });
  it('drops the forwarded query when the URL would get too long', () => {
    const long = Array.from({ length: 6 }, (_, i) => `ref${i}=${'x'.repeat(500)}`).join('&');
    expect(finalTarget('https://a.example/', { source: 'qr' }, long)).toBe('https://a.example/?utm_source=qr');
  });
});

describe('the schema', () => {
  const rule = (to: string) => ({ if: [{ type: 'country', in: ['DE'] }], to });
  it.each([
    ['javascript:', { v: 1, rules: [rule('javascript:alert(1)')] }],
    [
      'data:',
      {
        v: 1,
        split: {
          variants: [
            { to: 'data:text/html,x', weight: 50 },
            { to: 'https://a.example/', weight: 50 },
          ],
        },
      },
    ],
    ['credentials', { v: 1, rules: [rule('https://bank.example@evil.example/')] }],
    ['control character', { v: 1, rules: [rule('https://a.example/\n')] }],
    ['control character in UTM', { v: 1, utm: { source: 'a\u0000b' } }],
    ['too many rules', { v: 1, rules: Array.from({ length: MAX_RULES + 1 }, () => rule('https://a.example/')) }],
    [
      'too many conditions',
      {
        v: 1,
        rules: [
          {
            if: Array.from({ length: MAX_CONDITIONS + 1 }, () => ({ type: 'country', in: ['DE'] })),
            to: 'https://a.example/',
          },
        ],
      },
    ],
    ['unknown condition type', { v: 1, rules: [{ if: [{ type: 'ip', in: ['1.2.3.4'] }], to: 'https://a.example/' }] }],
    ['unknown key', { v: 1, redirUrl: 'https://a.example/' }],
    [
      'weights not 100',
      {
        v: 1,
        split: {
          variants: [
            { to: 'https://a.example/', weight: 50 },
            { to: 'https://b.example/', weight: 40 },
          ],
        },
      },
    ],
    [
      'weight under 5 %',
      {
        v: 1,
        split: {
          variants: [
            { to: 'https://a.example/', weight: 4 },
            { to: 'https://b.example/', weight: 96 },
          ],
        },
      },
    ],
    [
      'five variants',
      { v: 1, split: { variants: Array.from({ length: 5 }, () => ({ to: 'https://a.example/', weight: 20 })) } },
    ],
    ['a 30 February', { v: 1, startsAt: '2026-02-30T00:00:00Z' }],
    ['ends before it starts', { v: 1, startsAt: '2026-03-01T00:00:00Z', endsAt: '2026-02-01T00:00:00Z' }],
    ['an unknown zone', { v: 1, timeZone: 'Mars/Olympus' }],
    [
      'an empty window',
      { v: 1, rules: [{ if: [{ type: 'time', from: '10:00', to: '10:00' }], to: 'https://a.example/' }] },
    ],
    ['a cap of 0', { v: 1, scanCap: 0 }],
    ['no version', {}],
  ])('refuses %s', (_name, value) => {
    expect(scanSettingsSchema.safeParse(value).success).toBe(false);
  });
  it('accepts a full example', () => {
    const full = {
      v: 1,
      startsAt: '2026-06-01T00:00:00Z',
      endsAt: '2026-09-01T00:00:00Z',
      scanCap: 1000,
      fallbacks: {
        notStarted: 'https://soon.example/',
        ended: 'https://over.example/',
        capReached: 'https://full.example/',
      },
      timeZone: 'America/New_York',
      rules: [
        ...appStoreRules('https://apps.apple.com/app/id1', 'https://play.google.com/store/apps/details?id=x'),
        { if: [{ type: 'time', from: '22:00', to: '06:00', days: [5, 6] }], to: 'https://night.example/' },
      ],
      split: {
        variants: [
          { to: 'https://a.example/', weight: 50 },
          { to: 'https://b.example/', weight: 50 },
        ],
      },
      utm: { source: 'qr', medium: 'print', campaign: 'summer' },
      forwardQuery: true,
    };
    expect(scanSettingsSchema.parse(full)).toEqual(full);
  });
});
