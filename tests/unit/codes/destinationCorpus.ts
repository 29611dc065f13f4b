// A fixed corpus of candidate destinations (same strings on every run): fast-check web URLs with fixed seeds,
// hand-written mutations of them and hand-written edge cases (ports, user info, IPv4 forms, IPv6, whitespace,
// controls, Unicode, backslashes, empty hosts, trailing dots, long labels and hosts, over-length strings,
// punycode labels valid and not). Used by tests/unit/codes/destination.test.ts (against `new URL`) and by
// tests/server/destination.test.ts (the SQL function against isRedirectableUrl).
import fc from 'fast-check';
import { idnLetterRanges } from '../../../src/shared/destination.ts';

const SEED = 20261124;

const webUrls = (seed: number, numRuns: number) =>
  fc.sample(fc.webUrl({ validSchemes: ['http', 'https'], withQueryParameters: true, withFragments: true }), {
    seed,
    numRuns,
  });

/** A host-ish label from IDN letters, ASCII letters, digits, `-` and `_` (what people may type as IDN). */
function idnLabels(seed: number, numRuns: number): string[] {
  const ranges = idnLetterRanges();
  const letter = fc.integer({ min: 0, max: ranges.length - 1 }).chain((r) => {
    const [start, end] = ranges[r]!;
    return fc.integer({ min: start, max: end }).map((cp) => String.fromCodePoint(cp));
  });
  const ascii = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789-_A');
  const other = fc.integer({ min: 0x80, max: 0x2ffff }).map((cp) => String.fromCodePoint(cp));
  const char = fc.oneof(
    { weight: 5, arbitrary: letter },
    { weight: 4, arbitrary: ascii },
    { weight: 1, arbitrary: other },
  );
  return fc.sample(
    fc.array(char, { minLength: 1, maxLength: 12 }).map((cs) => cs.join('')),
    { seed, numRuns },
  );
}

/** Everything after "xn--": random Punycode-alphabet strings (a few valid by chance, most not). */
const punycodeTails = (seed: number, numRuns: number) =>
  fc.sample(fc.stringMatching(/^[a-z0-9-]{1,16}$/), { seed, numRuns });

/** Random printable ASCII after the scheme: exercises every character in host, port and path positions. */
const asciiTails = (seed: number, numRuns: number) =>
  fc.sample(
    fc.string({ unit: fc.integer({ min: 0x21, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 24 }),
    {
      seed,
      numRuns,
    },
  );

/** Splits a URL into scheme://, host, and the rest (port, path, query, fragment). */
function parts(url: string): { scheme: string; host: string; rest: string } {
  const m = /^([a-z]+:\/\/)([^/?#:]*)(.*)$/i.exec(url)!;
  return { scheme: m[1]!, host: m[2]!, rest: m[3]! };
}

function withPath(rest: string): string {
  const i = rest.search(/[/?#]/);
  return i < 0 ? '' : rest.slice(i);
}

const MUTATIONS: Array<(url: string) => string> = [
  (u) => u.toUpperCase(),
  (u) => {
    const p = parts(u);
    return `${p.scheme}${p.host}:0${withPath(p.rest)}`;
  },
  (u) => {
    const p = parts(u);
    return `${p.scheme}${p.host}:1${withPath(p.rest)}`;
  },
  (u) => {
    const p = parts(u);
    return `${p.scheme}${p.host}:65535${withPath(p.rest)}`;
  },
  (u) => {
    const p = parts(u);
    return `${p.scheme}${p.host}:65536${withPath(p.rest)}`;
  },
  (u) => {
    const p = parts(u);
    return `${p.scheme}${p.host}:99999${withPath(p.rest)}`;
  },
  (u) => {
    const p = parts(u);
    return `${p.scheme}${p.host}:00443${withPath(p.rest)}`;
  },
  (u) => {
    const p = parts(u);
    return `${p.scheme}${p.host}:${withPath(p.rest)}`;
  },
  (u) => {
    const p = parts(u);
    return `${p.scheme}user:pass@${p.host}${p.rest}`;
  },
  (u) => {
    const p = parts(u);
    return `${p.scheme}${p.host}.${p.rest}`;
  },
  (u) => {
    const p = parts(u);
    return `${p.scheme}${p.host}..${p.rest}`;
  },
  (u) => {
    const p = parts(u);
    return `${p.scheme}.${p.host}${p.rest}`;
  },
  (u) => {
    const p = parts(u);
    return `${p.scheme}${p.host}.1${p.rest}`;
  },
  (u) => {
    const p = parts(u);
    return `${p.scheme}${p.host}.0x${p.rest}`;
  },
  (u) => {
    const p = parts(u);
    return `${p.scheme}${p.host}.0x1f${p.rest}`;
  },
  (u) => {
    const p = parts(u);
    return `${p.scheme}${p.host}.0xg${p.rest}`;
  },
  (u) => {
    const p = parts(u);
    return `${p.scheme}-${p.host}${p.rest}`;
  },
  (u) => {
    const p = parts(u);
    return `${p.scheme}${p.host}-${p.rest}`;
  },
  (u) => {
    const p = parts(u);
    return `${p.scheme}xn--${p.host}${p.rest}`;
  },
  (u) => {
    const p = parts(u);
    return `${p.scheme}${p.host.replace('.', '\\')}${p.rest}`;
  },
  (u) => {
    const p = parts(u);
    return `${p.scheme}${p.host}\\${p.rest}`;
  },
  (u) => {
    const p = parts(u);
    return `${p.scheme}${p.host}/a\\b${p.rest}`;
  },
  (u) => {
    const p = parts(u);
    return `${p.scheme}[${p.host}]${p.rest}`;
  },
  (u) => ` ${u} `,
  (u) => `${u} x`,
  (u) => `${u}\tx`,
  (u) => `${u}\n`,
  (u) => u.replace('//', '//\t'),
  (u) => u.replace('.', '\n.'),
  (u) => `${u}\u0000`,
  (u) => `${u}\u0007`,
  (u) => `${u}\u007f`,
  (u) => `${u}\u00a0`,
  (u) => `${u}ü€😀`,
  (u) => {
    const p = parts(u);
    return `${p.scheme}${p.host.replace(/^[^.]*/, (l) => `${l}ü`)}${p.rest}`;
  },
  (u) => {
    const p = parts(u);
    return `${p.scheme}${p.host.replace(/^[^.]*/, (l) => `${l}\u0301`)}${p.rest}`;
  },
  (u) => u.replace('://', ':'),
  (u) => u.replace('://', ':/'),
  (u) => u.replace('://', ':///'),
  (u) => u.replace('://', ':\\\\'),
  (u) => u.replace(/^https?/i, 'ftp'),
  (u) => u.replace(/^https?/i, 'hxxp'),
  (u) => `${u}/${'a'.repeat(2048 - u.length - 1)}`,
  (u) => `${u}/${'a'.repeat(2048 - u.length)}`,
  (u) => {
    const p = parts(u);
    return `${p.scheme}${'a'.repeat(63)}.${p.host}${p.rest}`;
  },
  (u) => {
    const p = parts(u);
    return `${p.scheme}${'a'.repeat(64)}.${p.host}${p.rest}`;
  },
  (u) => {
    const p = parts(u);
    return `${p.scheme}${p.host}%2e${p.rest}`;
  },
  (u) => {
    const p = parts(u);
    return `${p.scheme}${p.host}_${p.rest}`;
  },
];

const label = (n: number, c = 'a') => c.repeat(n);
const hostOfLength = (n: number) => {
  const labels: string[] = [];
  let left = n;
  while (left > 0) {
    const len = Math.min(63, left);
    labels.push(label(len, String.fromCharCode(97 + (labels.length % 26))));
    left -= len + 1;
  }
  return labels.join('.');
};

const HAND_WRITTEN = [
  '',
  'https://',
  'http://',
  'https:',
  'https:x',
  'https:/x',
  'https:///x',
  'https:////x',
  'https://x',
  'https://x/',
  'https://x:99999/',
  'https://x:0/',
  'https://x:00000/',
  'https://x:1/',
  'https://x:65535/',
  'https://x:65536/',
  'https://x:080/',
  'https://x:00080/',
  'https://x:000080/',
  'https://x:/',
  'https://x:a/',
  'https://x::80/',
  'https://example.com/menu',
  'HTTPS://Example.COM',
  'https://example.com.',
  'https://example.com./',
  'https://example..com/',
  'https://.example.com/',
  'https://example.com../',
  'https://a_b.example/',
  'https://_/',
  'https://-a.example/',
  'https://a-.example/',
  'https://a--b.example/',
  'https://user@example.com/',
  'https://user:pass@example.com/',
  'https://@example.com/',
  'https://:@example.com/',
  'https://example.com@evil.example/',
  'https://example.com/@evil',
  'https://example.com?@evil',
  'https://example.com#@evil',
  'https://1.2.3.4/',
  'https://1.2.3.4./',
  'https://1.2.3/',
  'https://1.2/',
  'https://1/',
  'https://1.2.3.999/',
  'https://1.2.3.256/',
  'https://255.255.255.255/',
  'https://0.0.0.0/',
  'https://01.2.3.4/',
  'https://1.2.3.04/',
  'https://0x7f.1/',
  'https://0x7f.0.0.1/',
  'https://0X7F.0.0.1/',
  'https://127.0.0.0x1/',
  'https://1.2.3.4.5/',
  'https://4294967295/',
  'https://4294967296/',
  'https://a.1/',
  'https://a.12/',
  'https://a.1a/',
  'https://a1.b2/',
  'https://a.0x/',
  'https://a.0X/',
  'https://a.0x1g/',
  'https://1a.example/',
  'https://123.example/',
  'https://example.123/',
  'https://example.09/',
  'https://[::1]/',
  'https://[::1]:8080/',
  'https://[2001:db8::1]/',
  'https://[::ffff:1.2.3.4]/',
  'https://[1.2.3.4]/',
  'https://ex ample.com/',
  'https://example.com/a b',
  'https://example.com/?a b',
  'https://example.com/#a b',
  ' https://example.com/ ',
  '\thttps://example.com/\n',
  'https://exam\tple.com/',
  'https://exam\nple.com/',
  'https://exam\rple.com/',
  'https://example.com/\u0000',
  'https://example.com/\u001f',
  'https://example.com/\u007f',
  'https://example.com/\u0085',
  'https://example.com/\u2028',
  'https://münchen.de/',
  'https://MÜNCHEN.de/',
  'https://xn--mnchen-3ya.de/',
  'https://XN--MNCHEN-3YA.DE/',
  'https://xn--mnchen-3ya-.de/',
  'https://bücher.example/straße?q=ä#ö',
  'https://例え.テスト/',
  'https://пример.рф/',
  'https://παράδειγμα.δοκιμή/',
  'https://مثال.إختبار/',
  'https://דוגמה.טעסט/',
  'https://💩.la/',
  'https://xn--ls8h.la/',
  'https://ß.de/',
  'https://xn--zca.de/',
  'https://faß.de/',
  'https://Ⅷ.example/',
  'https://ｅｘａｍｐｌｅ.com/',
  'https://e\u0301.example/',
  'https://\u0301e.example/',
  'https://a\u200db.example/',
  'https://xn--/',
  'https://xn--.example/',
  'https://xn---.example/',
  'https://xn--a.example/',
  'https://xn--abc-.example/',
  'https://xn--a-.example/',
  'https://xn--zz.example/',
  'https://xn--xn--a-ecp.example/',
  'https://xn--a_b-xxx.example/',
  'https://xn--99999999999.example/',
  'https://xn--zzzzzzzzzzzzzz.example/',
  'https://example.com\\path',
  'https://example.com/a\\b',
  'https:\\\\example.com/',
  'https:/\\example.com/',
  'https://example.com%2F/',
  'https://ex%61mple.com/',
  'https://example.com/%zz',
  'https://example.com/?%',
  'https://example.com/|^`{}',
  'https://example.com/"<>',
  "https://example.com/'",
  'https://example.com?',
  'https://example.com#',
  'https://example.com/#?#',
  'https://example.com:443',
  'http://example.com:80',
  'javascript:alert(1)',
  'data:text/html,hi',
  'ftp://example.com/',
  'mailto:a@example.com',
  'http//example.com',
  'example.com',
  '//example.com',
  `https://${label(63)}.example/`,
  `https://${label(64)}.example/`,
  `https://${hostOfLength(253)}/`,
  `https://${hostOfLength(253)}./`,
  `https://${hostOfLength(254)}/`,
  `https://${hostOfLength(300)}/`,
  `https://example.com/${'a'.repeat(2028)}`,
  `https://example.com/${'a'.repeat(2029)}`,
  `https://example.com/${'a'.repeat(5000)}`,
  `https://example.com/${'ä'.repeat(400)}`,
  `https://example.com/${'ä'.repeat(200)}`,
];

function dedupe(items: string[]): string[] {
  return [...new Set(items)];
}

/** The corpus: at least 5,000 distinct strings, the same on every run. */
export function destinationCorpus(): string[] {
  const bases = webUrls(SEED, 2500);
  const mutated = bases.slice(0, 120).flatMap((u) => MUTATIONS.map((m) => m(u)));
  const idn = idnLabels(SEED + 1, 700).flatMap((l, i) => {
    const raw = `https://${l}.${i % 2 ? 'example' : 'xn--p1ai'}/${l}?q=${l}`;
    let normalizedHost: string | null;
    try {
      normalizedHost = new URL(`https://${l}/`).hostname;
    } catch {
      normalizedHost = null;
    }
    return normalizedHost ? [raw, `https://${normalizedHost}/`, `https://${normalizedHost.toUpperCase()}/`] : [raw];
  });
  // Valid punycode with one character changed: decodes, usually to code points no parser accepts.
  const tweaked = idn
    .filter((u) => /^https:\/\/xn--[a-z0-9-]+\/$/.test(u))
    .slice(0, 400)
    .map((u, i) => {
      const at = 12 + (i % Math.max(1, u.length - 13));
      const c = u[at] === 'a' ? 'b' : u[at] === '-' ? 'z' : 'a';
      return `${u.slice(0, at)}${c}${u.slice(at + 1)}`;
    });
  const punycode = punycodeTails(SEED + 2, 800).map((t, i) => `https://xn--${t}${i % 3 ? '.example' : ''}/`);
  const ascii = asciiTails(SEED + 3, 800).map((t, i) => `${i % 2 ? 'https' : 'HTTP'}://${t}`);
  return dedupe([...HAND_WRITTEN, ...bases, ...mutated, ...idn, ...tweaked, ...punycode, ...ascii]);
}
