// Destinations of dynamic codes: the grammar the database applies (isRedirectableUrl) accepts only what WHATWG
// `new URL` parses as http(s) with a host, and what the app stores (normalizeDestination) passes that grammar and
// is already in `new URL`'s normal form. Checked on a fixed corpus of over 5,000 strings plus named examples.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  DESTINATION_REASONS,
  MAX_DESTINATION_LENGTH,
  decodePunycode,
  idnLetterRanges,
  isRedirectableUrl,
  normalizeDestination,
} from '../../../src/shared/destination.ts';
import { destinationCorpus } from './destinationCorpus.ts';

const corpus = destinationCorpus();

function parsesAsWebUrl(s: string): boolean {
  try {
    const url = new URL(s);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

const show = (items: string[]) =>
  items.slice(0, 10).map((s) => JSON.stringify(s.length > 200 ? `${s.slice(0, 200)}…` : s));

describe('the destination corpus', () => {
  it('holds at least 5,000 distinct strings, many accepted and many refused', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(5000);
    expect(new Set(corpus).size).toBe(corpus.length);
    const accepted = corpus.filter(isRedirectableUrl).length;
    expect(accepted).toBeGreaterThan(2000);
    expect(corpus.length - accepted).toBeGreaterThan(2000);
  });
});

describe('isRedirectableUrl (the database rule)', () => {
  it('accepts only strings that new URL parses as http(s) with a host', () => {
    const broken = corpus.filter((s) => isRedirectableUrl(s) && !parsesAsWebUrl(s));
    expect(show(broken)).toEqual([]);
  });

  it('refuses the defect and the parser quirks it replaces', () => {
    for (const s of [
      'https://x:99999/',
      'https://x:65536/',
      'https://x:0/',
      'https://x:/',
      'https://user:pass@example.com/',
      'https://example.com@evil.example/',
      'https://[::1]/',
      'https://1.2.3/',
      'https://1.2.3.999/',
      'https://01.2.3.4/',
      'https://0x7f.0.0.1/',
      'https://1.2.3.4.5/',
      'https://a.1/',
      'https://a.0x/',
      'https://a..b/',
      'https://-a.example/',
      'https:x',
      'https:///x',
      'https://exam\tple.com/',
      'https://example.com/a b',
      'https://münchen.de/',
      'https://xn--a.example/',
      'https://xn--abc-.example/',
      `https://${'a'.repeat(64)}.example/`,
      `https://example.com/${'a'.repeat(MAX_DESTINATION_LENGTH)}`,
    ]) {
      expect(isRedirectableUrl(s), s).toBe(false);
    }
  });

  it('accepts ordinary destinations as they are written', () => {
    for (const s of [
      'https://example.com/menu',
      'HTTPS://Example.COM',
      'http://example.com:8080/a?b=c#d',
      'https://x:1/',
      'https://x:65535/',
      'https://x:00443/',
      'https://1.2.3.4/',
      'https://0.0.0.0/',
      'https://a.0xg/',
      'https://a_b.example./',
      'https://a--b.example/',
      'https://xn--mnchen-3ya.de/',
      'https://XN--MNCHEN-3YA.DE/',
      'https://example.com/a\\b',
      `https://${'a'.repeat(63)}.example/`,
    ]) {
      expect(isRedirectableUrl(s), s).toBe(true);
    }
  });
});

describe('normalizeDestination (what the app stores)', () => {
  it('returns only URLs the database accepts, already in new URL normal form', () => {
    const broken = corpus.filter((s) => {
      const r = normalizeDestination(s);
      return (
        r.ok && !(isRedirectableUrl(r.url) && new URL(r.url).href === r.url && r.url.length <= MAX_DESTINATION_LENGTH)
      );
    });
    expect(show(broken)).toEqual([]);
  });

  it('accepts what isRedirectableUrl accepts (unless its normal form is too long), unchanged when already normal', () => {
    const refused = corpus.filter(
      (s) => isRedirectableUrl(s) && !normalizeDestination(s).ok && new URL(s).href.length <= MAX_DESTINATION_LENGTH,
    );
    expect(show(refused)).toEqual([]);
    const changed = corpus.filter((s) => {
      const r = normalizeDestination(s);
      return isRedirectableUrl(s) && new URL(s).href === s && r.ok && r.url !== s;
    });
    expect(show(changed)).toEqual([]);
  });

  it('refuses https://x:99999/ with the port reason', () => {
    expect(normalizeDestination('https://x:99999/')).toEqual({
      ok: false,
      reason: 'The port must be between 1 and 65535',
    });
    expect(normalizeDestination('https://x:0/')).toEqual({ ok: false, reason: DESTINATION_REASONS.port });
    expect(normalizeDestination('https://x:65536/')).toEqual({ ok: false, reason: DESTINATION_REASONS.port });
  });

  it('accepts and normalizes ordinary addresses', () => {
    expect(normalizeDestination('https://example.com/menu')).toEqual({ ok: true, url: 'https://example.com/menu' });
    expect(normalizeDestination('HTTPS://Example.COM')).toEqual({ ok: true, url: 'https://example.com/' });
    expect(normalizeDestination('  https://example.com:443/a b?c d#e f  ')).toEqual({
      ok: true,
      url: 'https://example.com/a%20b?c%20d#e%20f',
    });
    expect(normalizeDestination('http://example.com:80')).toEqual({ ok: true, url: 'http://example.com/' });
    expect(normalizeDestination('https://0x7f.1/')).toEqual({ ok: true, url: 'https://127.0.0.1/' });
    expect(normalizeDestination('https://x:00080/')).toEqual({ ok: true, url: 'https://x:80/' });
  });

  it('punycodes IDN hosts and percent-encodes Unicode paths', () => {
    expect(normalizeDestination('https://münchen.de/straße?q=ä#ö')).toEqual({
      ok: true,
      url: 'https://xn--mnchen-3ya.de/stra%C3%9Fe?q=%C3%A4#%C3%B6',
    });
    expect(normalizeDestination('https://例え.テスト/')).toEqual({ ok: true, url: 'https://xn--r8jz45g.xn--zckzah/' });
    expect(normalizeDestination('https://пример.рф')).toEqual({ ok: true, url: 'https://xn--e1afmkfd.xn--p1ai/' });
  });

  it('gives a specific reason for each kind of refusal', () => {
    const reason = (s: string) => {
      const r = normalizeDestination(s);
      return r.ok ? null : r.reason;
    };
    expect(reason('example.com')).toBe('The destination must start with http:// or https://');
    expect(reason('')).toBe(DESTINATION_REASONS.scheme);
    expect(reason('ftp://example.com/')).toBe(DESTINATION_REASONS.scheme);
    expect(reason('javascript:alert(1)')).toBe(DESTINATION_REASONS.scheme);
    expect(reason('https:example.com')).toBe(DESTINATION_REASONS.scheme);
    expect(reason(`https://example.com/${'a'.repeat(2029)}`)).toBe('The destination can be at most 2048 characters');
    expect(reason(`https://example.com/${'ä'.repeat(400)}`)).toBe(DESTINATION_REASONS.length);
    expect(reason('https://user:pass@example.com/')).toBe('The destination must not contain a user name or password');
    expect(reason('https://example.com@evil.example/')).toBe(DESTINATION_REASONS.credentials);
    expect(reason('https://[::1]/')).toBe(DESTINATION_REASONS.ipv6);
    expect(reason('https://exam\tple.com/')).toBe(DESTINATION_REASONS.characters);
    expect(reason('https://exa mple.com/')).toBe('The destination is not a valid web address');
    expect(reason('https://1.2.3.999/')).toBe(DESTINATION_REASONS.invalid);
    expect(reason('https://a..b/')).toBe(DESTINATION_REASONS.domain);
    expect(reason(`https://${'a'.repeat(64)}.example/`)).toBe(DESTINATION_REASONS.domainLength);
    expect(reason('https://مثال.إختبار/')).toBe(DESTINATION_REASONS.idn);
  });
});

describe('punycode labels', () => {
  it('decodes RFC 3492 Punycode and refuses what is not', () => {
    const text = (s: string) => {
      const cps = decodePunycode(s);
      return cps && String.fromCodePoint(...cps);
    };
    expect(text('mnchen-3ya')).toBe('münchen');
    expect(text('r8jz45g')).toBe('例え');
    expect(text('e1afmkfd')).toBe('пример');
    expect(text('abc-')).toBe('abc');
    expect(text('a')).toBe('\u0080'); // valid Punycode, but U+0080 is no letter: https://xn--a.example/ is refused
    expect(text('b')).toBeNull();
    expect(text('-abc')).toBeNull();
    expect(text('zzzzzzzzzzzzzz')).toBeNull();
  });

  it('accepts an xn-- label of every listed letter, each of which new URL keeps', () => {
    const ranges = idnLetterRanges();
    const failures: string[] = [];
    let count = 0;
    for (const [start, end] of ranges) {
      for (let cp = start; cp <= end; cp++) {
        count++;
        const c = String.fromCodePoint(cp);
        let host: string;
        try {
          host = new URL(`https://a${c}-1_/`).hostname;
        } catch {
          failures.push(`U+${cp.toString(16)}: new URL refuses it`);
          continue;
        }
        const url = `https://${host}/`;
        if (!isRedirectableUrl(url) || !parsesAsWebUrl(url) || decodePunycode(host.slice(4))?.[1] !== cp) {
          failures.push(`U+${cp.toString(16)}: ${url}`);
        }
      }
    }
    expect(count).toBeGreaterThan(100_000);
    expect(failures.slice(0, 10)).toEqual([]);
  });

  it('lists the same letters in destination.ts and in the SQL function', () => {
    const sql = readFileSync(
      new URL('../../../supabase/migrations/20261124000100_destination_url.sql', import.meta.url),
      'utf8',
    );
    const literal = /'\{(\[[\s\S]*?)\}'::int4multirange/.exec(sql)?.[1];
    expect(literal).toBeDefined();
    const fromSql = [...literal!.matchAll(/\[(\d+),(\d+)\]/g)].map((m) => [Number(m[1]), Number(m[2])]);
    expect(fromSql).toEqual(idnLetterRanges());
  });
});
