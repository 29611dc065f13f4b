// Where a dynamic code may redirect to. Runtime-neutral (web APIs only, no imports): the app (forms, codesApi),
// the redirect (./redirect.ts, on the local server and as the Edge Function) and the tests use this one module.
//
// `isRedirectableUrl` is the rule the database applies: public.is_redirectable_url in
// supabase/migrations/20261124000100_destination_url.sql implements the same grammar in SQL (tests/server/
// destination.test.ts compares the two on thousands of strings). It is a plain grammar check, no `new URL`, and
// everything it accepts is parsed by WHATWG `new URL` as an http(s) URL with a host (tests/unit/codes/
// destination.test.ts). It accepts, whole string at most 2048 characters of printable ASCII (no spaces or controls):
//
//   scheme   http or https, any case, then "://"
//   host     dot-separated labels of [A-Za-z0-9_] with inner "-", each at most 63 characters, at most 253 in all,
//            optionally one trailing dot. A label starting "xn--" (IDN in punycode) must decode to a label that
//            mixes [a-z0-9_-] with at least one of IDN_LETTER_RANGES and does not itself start with "xn--".
//            If the last label is a number (all digits, or "0x" and hex digits) WHATWG parses the host as IPv4:
//            then the host must be a canonical dotted quad, four decimal numbers 0-255 without leading zeros.
//   port     optional ":" and 1 to 5 digits, value 1-65535
//   rest     optional: "/", "?" or "#" and then any printable ASCII
//
// Refused on purpose although `new URL` would parse them:
//   - user names and passwords (`https://bank.example@evil.example/`): a classic phishing disguise;
//   - IPv6 literals (`https://[::1]/`): not needed for a printed code and a second address grammar to keep equal
//     in SQL; a domain name works;
//   - port 0 (`new URL` takes it, no browser can connect to it), and an empty port;
//   - non-ASCII, spaces, tabs and newlines (`new URL` silently removes tabs and newlines and encodes the rest):
//     the app sends the normalized form (`normalizeDestination`), which is printable ASCII;
//   - non-canonical IPv4 forms (`1.2.3`, `0x7f.1`, `01.2.3.4`) and empty labels (`a..b`): normalization turns the
//     former into the dotted quad, the latter are typing errors;
//   - IDN hosts whose punycode decodes to anything but letters and digits of left-to-right scripts: right-to-left
//     scripts (Arabic, Hebrew …), combining marks (most Indic and Thai words), emoji. Accepting them safely means
//     repeating UTS #46's bidi, mark and NFC rules in SQL; refusing keeps "accepted ⇒ parses" true everywhere.
//   - punycode that decodes to ASCII only, or to a label starting "xn--" (refused by current URL parsers).
//
// `normalizeDestination` is what the app does with what a user typed: trim, parse with `new URL`, take its `href`
// (lower-case scheme and host, IDN hosts in punycode, spaces and non-ASCII in paths percent-encoded, default
// ports dropped) and require `isRedirectableUrl` of that. The app stores the normalized `url`.

export const MAX_DESTINATION_LENGTH = 2048;

export type NormalizedDestination = { ok: true; url: string } | { ok: false; reason: string };

export const DESTINATION_REASONS = {
  scheme: 'The destination must start with http:// or https://',
  length: `The destination can be at most ${MAX_DESTINATION_LENGTH} characters`,
  port: 'The port must be between 1 and 65535',
  credentials: 'The destination must not contain a user name or password',
  ipv6: 'The destination must use a domain name or an IPv4 address, not an IPv6 address',
  characters: 'The destination must not contain spaces, tabs, line breaks or other control characters',
  domain: 'The domain name of the destination is not valid',
  domainLength: 'The domain name of the destination is too long (at most 253 characters, 63 between dots)',
  idn: 'The domain name of the destination uses characters that dynamic codes do not support',
  ipv4: 'The IP address of the destination is not valid',
  invalid: 'The destination is not a valid web address',
} as const;

// The code points an xn-- label may decode to, as hex ranges: letters and digits of left-to-right scripts
// that are valid and already normalized for UTS #46 as WHATWG URL applies it, never composing with a neighbour
// (see scripts/gen/idn-letters.mjs, which derives them; the SQL function lists the same ranges).
const IDN_LETTER_RANGES =
  'df-f6,f8-ff,101,103,105,107,109,10b,10d,10f,111,113,115,117,119,11b,11d,11f,121,123,125,127,129,12b,12d,' +
  '12f,131,135,137-138,13a,13c,13e,142,144,146,148,14b,14d,14f,151,153,155,157,159,15b,15d,15f,161,163,165,' +
  '167,169,16b,16d,16f,171,173,175,177,17a,17c,17e,180,183,185,188,18c-18d,192,195,199-19b,19e,1a1,1a3,1a5,' +
  '1a8,1aa-1ab,1ad,1b0,1b4,1b6,1b9-1bb,1bd-1c3,1ce,1d0,1d2,1d4,1d6,1d8,1da,1dc-1dd,1df,1e1,1e3,1e5,1e7,1e9,' +
  '1eb,1ed,1ef-1f0,1f5,1f9,1fb,1fd,1ff,201,203,205,207,209,20b,20d,20f,211,213,215,217,219,21b,21d,21f,221,' +
  '223,225,227,229,22b,22d,22f,231,233-239,23c,23f-240,242,247,249,24b,24d,24f-2af,371,373,377,37b-37d,390,' +
  '3ac-3ce,3d7,3d9,3db,3dd,3df,3e1,3f3,3f8,3fb-3fc,430-45f,461,463,465,467,469,46b,46d,46f,471,473,475,477,' +
  '479,47b,47d,47f,481,48b,48d,48f,491,493,495,497,499,49b,49d,49f,4a1,4a3,4a5,4a7,4a9,4ab,4ad,4af,4b1,4b3,' +
  '4b5,4b7,4b9,4bb,4bd,4bf,4c2,4c4,4c6,4c8,4ca,4cc,4ce-4cf,4d1,4d3,4d5,4d7,4d9,4db,4dd,4df,4e1,4e3,4e5,4e7,' +
  '4e9,4eb,4ed,4ef,4f1,4f3,4f5,4f7,4f9,4fb,4fd,4ff,501,503,505,507,509,50b,50d,50f,511,513,515,517,519,51b,' +
  '51d,51f,521,523,525,527,529,52b,52d,52f,559,560-586,588,904-939,93d,950,960-961,966-96f,971-980,985-98c,' +
  '98f-990,993-9a8,9aa-9b0,9b2,9b6-9b9,9bd,9ce,9e0-9e1,9e6-9f1,9fc,a05-a0a,a0f-a10,a13-a28,a2a-a30,a32,a35,' +
  'a38-a39,a5c,a66-a6f,a72-a74,a85-a8d,a8f-a91,a93-aa8,aaa-ab0,ab2-ab3,ab5-ab9,abd,ad0,ae0-ae1,ae6-aef,af9,' +
  'b05-b0c,b0f-b10,b13-b28,b2a-b30,b32-b33,b35-b39,b3d,b5f-b61,b66-b6f,b71,b83,b85-b8a,b8e-b90,b92-b95,' +
  'b99-b9a,b9c,b9e-b9f,ba3-ba4,ba8-baa,bae-bb9,bd0,be6-bef,c05-c0c,c0e-c10,c12-c28,c2a-c39,c3d,c58-c5a,c5d,' +
  'c60-c61,c66-c6f,c80,c85-c8c,c8e-c90,c92-ca8,caa-cb3,cb5-cb9,cbd,cdd-cde,ce0-ce1,ce6-cef,cf1-cf2,d04-d0c,' +
  'd0e-d10,d12-d3a,d3d,d4e,d54-d56,d5f-d61,d66-d6f,d7a-d7f,d85-d96,d9a-db1,db3-dbb,dbd,dc0-dc6,de6-def,' +
  'e01-e30,e32,e40-e46,e50-e59,e81-e82,e84,e86-e8a,e8c-ea3,ea5,ea7-eb0,eb2,ebd,ec0-ec4,ec6,ed0-ed9,ede-edf,' +
  'f00,f20-f29,f40-f42,f44-f47,f49-f4c,f4e-f51,f53-f56,f58-f5b,f5d-f68,f6a-f6c,f88-f8c,1000-102a,103f-1049,' +
  '1050-1055,105a-105d,1061,1065-1066,106e-1070,1075-1081,108e,1090-1099,10d0-10fa,10fd-115e,1176-11a7,' +
  '11c3-1248,124a-124d,1250-1256,1258,125a-125d,1260-1288,128a-128d,1290-12b0,12b2-12b5,12b8-12be,12c0,' +
  '12c2-12c5,12c8-12d6,12d8-1310,1312-1315,1318-135a,1380-138f,1780-17b3,17d7,17dc,17e0-17e9,1810-1819,' +
  '1820-1878,1880-1884,1887-18a8,18aa,1d00-1d2b,1d2f,1d3b,1d4e,1d6b-1d77,1d79-1d9a,1e01,1e03,1e05,1e07,1e09,' +
  '1e0b,1e0d,1e0f,1e11,1e13,1e15,1e17,1e19,1e1b,1e1d,1e1f,1e21,1e23,1e25,1e27,1e29,1e2b,1e2d,1e2f,1e31,1e33,' +
  '1e35,1e37,1e39,1e3b,1e3d,1e3f,1e41,1e43,1e45,1e47,1e49,1e4b,1e4d,1e4f,1e51,1e53,1e55,1e57,1e59,1e5b,1e5d,' +
  '1e5f,1e61,1e63,1e65,1e67,1e69,1e6b,1e6d,1e6f,1e71,1e73,1e75,1e77,1e79,1e7b,1e7d,1e7f,1e81,1e83,1e85,1e87,' +
  '1e89,1e8b,1e8d,1e8f,1e91,1e93,1e95-1e99,1e9c-1e9d,1e9f,1ea1,1ea3,1ea5,1ea7,1ea9,1eab,1ead,1eaf,1eb1,1eb3,' +
  '1eb5,1eb7,1eb9,1ebb,1ebd,1ebf,1ec1,1ec3,1ec5,1ec7,1ec9,1ecb,1ecd,1ecf,1ed1,1ed3,1ed5,1ed7,1ed9,1edb,1edd,' +
  '1edf,1ee1,1ee3,1ee5,1ee7,1ee9,1eeb,1eed,1eef,1ef1,1ef3,1ef5,1ef7,1ef9,1efb,1efd,1eff-1f07,1f10-1f15,' +
  '1f20-1f27,1f30-1f37,1f40-1f45,1f50-1f57,1f60-1f67,1f70,1f72,1f74,1f76,1f78,1f7a,1f7c,1fb0-1fb1,1fb6,1fc6,' +
  '1fd0-1fd2,1fd6-1fd7,1fe0-1fe2,1fe4-1fe7,1ff6,214e,2184,2c61,2c65-2c66,2c68,2c6a,2c6c,2c71,2c73-2c74,' +
  '2c76-2c7b,2d00-2d25,2d27,2d2d,2d80-2d96,2da0-2da6,2da8-2dae,2db0-2db6,2db8-2dbe,2dc0-2dc6,2dc8-2dce,' +
  '2dd0-2dd6,2dd8-2dde,3005,303b,3041-3096,309d-309e,30a1-30fa,30fd-30fe,3105-312f,31a0-31bf,31f0-31ff,' +
  '3400-4dbf,4e00-a48c,a641,a643,a645,a647,a649,a64b,a64d,a64f,a651,a653,a655,a657,a659,a65b,a65d,a65f,a661,' +
  'a663,a665,a667,a669,a66b,a66d-a66e,a67f,a681,a683,a685,a687,a689,a68b,a68d,a68f,a691,a693,a695,a697,a699,' +
  'a69b,a723,a725,a727,a729,a72b,a72d,a72f-a731,a733,a735,a737,a739,a73b,a73d,a73f,a741,a743,a745,a747,a749,' +
  'a74b,a74d,a74f,a751,a753,a755,a757,a759,a75b,a75d,a75f,a761,a763,a765,a767,a769,a76b,a76d,a76f,a771-a778,' +
  'a77a,a77c,a77f,a781,a783,a785,a787,a78c,a78e-a78f,a791,a793-a795,a797,a799,a79b,a79d,a79f,a7a1,a7a3,a7a5,' +
  'a7a7,a7a9,a7af,a7b5,a7b7,a7b9,a7bb,a7bd,a7bf,a7c1,a7c3,a7c8,a7ca,a7d1,a7d3,a7d5,a7d7,a7d9,a7f6-a7f7,' +
  'a7fa-a7ff,a8f2-a8f7,a8fb,a8fd-a8fe,a960-a97c,a9e0-a9e4,a9e6-a9fe,aa60-aa76,aa7a,aa7e-aa7f,ab01-ab06,' +
  'ab09-ab0e,ab11-ab16,ab20-ab26,ab28-ab2e,ab30-ab5a,ab60-ab68,ac00-d7a3,d7b0-d7c6,d7cb-d7fb,fa0e-fa0f,fa11,' +
  'fa13-fa14,fa1f,fa21,fa23-fa24,fa27-fa29,10780,16fe3,1aff0-1aff3,1aff5-1affb,1affd-1affe,1b000-1b122,' +
  '1b132,1b150-1b152,1b155,1b164-1b167,1df00-1df1e,1df25-1df2a,1e7e0-1e7e6,1e7e8-1e7eb,1e7ed-1e7ee,' +
  '1e7f0-1e7fe,20000-2a6df,2a700-2b739,2b740-2b81d,2b820-2cea1,2ceb0-2ebe0,30000-3134a,31350-323af';

function parseRanges(list: string): { starts: number[]; ends: number[] } {
  const starts: number[] = [];
  const ends: number[] = [];
  for (const item of list.split(',')) {
    const [a, b = a] = item.split('-');
    starts.push(parseInt(a!, 16));
    ends.push(parseInt(b!, 16));
  }
  return { starts, ends };
}

const IDN_LETTERS = parseRanges(IDN_LETTER_RANGES);

/** Whether a code point is one of IDN_LETTER_RANGES (binary search). */
export function isIdnLetter(codePoint: number): boolean {
  const { starts, ends } = IDN_LETTERS;
  let lo = 0;
  let hi = starts.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (codePoint < starts[mid]!) hi = mid - 1;
    else if (codePoint > ends[mid]!) lo = mid + 1;
    else return true;
  }
  return false;
}

/** The [start, end] pairs of IDN_LETTER_RANGES, inclusive (for the test comparing them with the SQL). */
export function idnLetterRanges(): Array<[number, number]> {
  return IDN_LETTERS.starts.map((s, i) => [s, IDN_LETTERS.ends[i]!]);
}

const MAX_INT = 0x7fffffff;

/** RFC 3492 bias adaptation. */
function adapt(delta: number, points: number, first: boolean): number {
  let d = first ? Math.floor(delta / 700) : delta >> 1;
  d += Math.floor(d / points);
  let k = 0;
  while (d > 455) {
    d = Math.floor(d / 35);
    k += 36;
  }
  return k + Math.floor((36 * d) / (d + 38));
}

/**
 * RFC 3492 Punycode decoding of what follows "xn--" (lower case ASCII), as code points; null when it is not
 * valid Punycode (bad digit, truncated number, overflow past 2^31 - 1, code point past U+10FFFF).
 */
export function decodePunycode(input: string): number[] | null {
  const delimiter = input.lastIndexOf('-');
  const output: number[] = [];
  for (let j = 0; j < delimiter; j++) output.push(input.charCodeAt(j));
  let pos = delimiter > 0 ? delimiter + 1 : 0;
  let n = 128;
  let i = 0;
  let bias = 72;
  while (pos < input.length) {
    const oldI = i;
    let w = 1;
    for (let k = 36; ; k += 36) {
      if (pos >= input.length) return null;
      const c = input.charCodeAt(pos++);
      const digit = c >= 97 && c <= 122 ? c - 97 : c >= 48 && c <= 57 ? c - 22 : -1;
      if (digit < 0) return null;
      i += digit * w;
      if (i > MAX_INT) return null;
      const t = k <= bias ? 1 : k >= bias + 26 ? 26 : k - bias;
      if (digit < t) break;
      w *= 36 - t;
      if (w > MAX_INT) return null;
    }
    const size = output.length + 1;
    bias = adapt(i - oldI, size, oldI === 0);
    n += Math.floor(i / size);
    i %= size;
    if (n > 0x10ffff) return null;
    output.splice(i, 0, n);
    i++;
  }
  return output;
}

/**
 * A punycode label ("xn--…", any case) is accepted when it decodes, holds at least one non-ASCII code point
 * (an all-ASCII one "should not have been encoded": WHATWG URL issue 760, refused by current parsers), all of
 * them IDN letters, and the decoded label does not start with "xn--" itself (UTS #46 validity criterion 4).
 */
function punycodeLabelOk(label: string): boolean {
  const decoded = decodePunycode(label.slice(4).toLowerCase());
  if (!decoded || !decoded.some((cp) => cp >= 0x80)) return false;
  if (String.fromCharCode(...decoded.slice(0, 4)) === 'xn--') return false;
  return decoded.every((cp) => cp < 0x80 || isIdnLetter(cp));
}

const SHAPE = /^https?:\/\/([A-Za-z0-9_.-]+)(?::([0-9]{1,5}))?(?:[/?#][!-~]*)?$/i;
const LABEL = /^[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9_])?$/;
const NUMBER_LABEL = /^(?:[0-9]+|0[Xx][0-9A-Fa-f]*)$/;
const IPV4 = /^(0|[1-9][0-9]{0,2})\.(0|[1-9][0-9]{0,2})\.(0|[1-9][0-9]{0,2})\.(0|[1-9][0-9]{0,2})$/;
const PRINTABLE_ASCII = /^[!-~]*$/;

/** Why a host (as it appears in the URL) breaks the grammar, or null. */
function hostProblem(host: string): string | null {
  const name = host.endsWith('.') ? host.slice(0, -1) : host;
  const labels = name.split('.');
  for (const label of labels) {
    if (!LABEL.test(label)) {
      return label.length > 63 && /^[A-Za-z0-9_-]+$/.test(label)
        ? DESTINATION_REASONS.domainLength
        : DESTINATION_REASONS.domain;
    }
  }
  if (name.length > 253) return DESTINATION_REASONS.domainLength;
  if (NUMBER_LABEL.test(labels[labels.length - 1]!)) {
    // WHATWG parses a host ending in a number as IPv4: only the canonical dotted quad is accepted.
    const quad = IPV4.exec(host);
    return quad && quad.slice(1).every((octet) => Number(octet) <= 255) ? null : DESTINATION_REASONS.ipv4;
  }
  for (const label of labels) {
    if (label.slice(0, 4).toLowerCase() === 'xn--' && !punycodeLabelOk(label)) return DESTINATION_REASONS.idn;
  }
  return null;
}

/** Why `url` breaks the grammar of `isRedirectableUrl`, as a sentence for a person, or null if it does not. */
export function destinationProblem(url: string): string | null {
  if (url.length > MAX_DESTINATION_LENGTH) return DESTINATION_REASONS.length;
  if (!/^https?:\/\//i.test(url)) return DESTINATION_REASONS.scheme;
  if (!PRINTABLE_ASCII.test(url)) return DESTINATION_REASONS.characters;
  const shape = SHAPE.exec(url);
  if (!shape) {
    const authority = /^https?:\/\/([^/?#\\]*)/i.exec(url)![1]!;
    if (authority.includes('@')) return DESTINATION_REASONS.credentials;
    if (authority.startsWith('[')) return DESTINATION_REASONS.ipv6;
    if (/:[0-9]*$/.test(authority)) return DESTINATION_REASONS.port;
    return DESTINATION_REASONS.invalid;
  }
  const [, host, port] = shape;
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65535)) return DESTINATION_REASONS.port;
  return hostProblem(host!);
}

/** The database's rule for public.qr_codes.destination (public.is_redirectable_url): a pure grammar check. */
export function isRedirectableUrl(url: string): boolean {
  return destinationProblem(url) === null;
}

function hasControlCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c < 0x20 || c === 0x7f) return true;
  }
  return false;
}

/** What a user typed as a destination → the normalized URL to store, or a reason to show. */
export function normalizeDestination(input: string): NormalizedDestination {
  const fail = (reason: string): NormalizedDestination => ({ ok: false, reason });
  const value = input.trim();
  if (!/^https?:\/\//i.test(value)) return fail(DESTINATION_REASONS.scheme);
  if (value.length > MAX_DESTINATION_LENGTH) return fail(DESTINATION_REASONS.length);
  if (hasControlCharacter(value)) return fail(DESTINATION_REASONS.characters);
  // Reasons `new URL` would not give: look at the authority (up to the first / ? # or \) first.
  const authority = /^https?:\/\/([^/?#\\]*)/i.exec(value)![1]!;
  if (authority.includes('@')) return fail(DESTINATION_REASONS.credentials);
  if (authority.startsWith('[')) return fail(DESTINATION_REASONS.ipv6);
  const port = /:([0-9]+)$/.exec(authority);
  if (port && (Number(port[1]) < 1 || Number(port[1]) > 65535)) return fail(DESTINATION_REASONS.port);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return fail(DESTINATION_REASONS.invalid);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return fail(DESTINATION_REASONS.scheme);
  if (url.username !== '' || url.password !== '') return fail(DESTINATION_REASONS.credentials);
  if (url.hostname.startsWith('[')) return fail(DESTINATION_REASONS.ipv6);
  const problem = destinationProblem(url.href);
  return problem ? fail(problem) : { ok: true, url: url.href };
}
