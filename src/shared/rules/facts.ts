// What the evaluator knows about a scan, parsed from the request by the redirect handler: device, operating
// system and browser (from the User-Agent through the runtime's parser, ua-parser-js on both), the country (the
// same geoip-country lookup the analytics store), the visitor's preferred language (Accept-Language with quality
// values), the scan URL's query string, whether the password gate was passed, and the A/B bucket (from the salted
// daily visitor hash the unique-scan count uses).

import type { Browser, Device, OperatingSystem } from './schema.ts';

export type DeviceType = 'mobile' | 'tablet' | 'desktop' | 'other';

export interface ScanFacts {
  deviceType: DeviceType;
  /** OS name as the User-Agent parser gives it (e.g. "iOS", "Mac OS", "Android"), or null. */
  os: string | null;
  /** Browser name as the parser gives it (e.g. "Mobile Safari", "Chrome"), or null. */
  browser: string | null;
  /** ISO 3166-1 alpha-2, or null when unknown (private address, no data). */
  country: string | null;
  /** The visitor's most preferred language tag, lower case (see preferredLanguage), or null. */
  language: string | null;
  /** The scan URL's query string without "?" ('' when none). */
  query: string;
  /** True when the request carries this code's valid password cookie or a correct password. */
  passwordOk: boolean;
  /** 0 … 9,999: where this visitor falls in an A/B split, stable for a visitor, code and UTC day. */
  bucket: number;
  /** A GET from something that is not a bot and not a prefetch: such a scan is counted (and uses up the cap). */
  countable: boolean;
}

/** The parser's OS name as one of the rule vocabulary's systems, or null. */
export function osFamily(os: string | null): OperatingSystem | null {
  if (!os) return null;
  const name = os.toLowerCase();
  if (name === 'ios' || name === 'ipados') return 'ios';
  if (name === 'android' || name === 'harmonyos') return 'android';
  if (name.startsWith('windows') && name !== 'windows phone') return 'windows';
  if (name === 'mac os' || name === 'macos' || name === 'mac os x') return 'macos';
  if (/^chrom(e|ium) os$/.test(name)) return 'chromeos';
  if (/^(linux|ubuntu|debian|fedora|mint|arch|gentoo|suse|red hat|centos|kubuntu|manjaro)/.test(name)) return 'linux';
  return null;
}

/** The parser's browser name as one of the rule vocabulary's browsers, or null. */
export function browserFamily(browser: string | null): Browser | null {
  if (!browser) return null;
  const name = browser.toLowerCase();
  if (name.startsWith('samsung')) return 'samsung';
  if (name.startsWith('edge')) return 'edge';
  if (name.startsWith('opera')) return 'opera';
  if (/(^|\s)firefox/.test(name)) return 'firefox';
  if (/(^|\s)safari/.test(name)) return 'safari';
  if (/^(mobile )?chrom(e|ium)/.test(name)) return 'chrome';
  return null;
}

/** Which of the rule vocabulary's devices the scan is: iOS and Android by system, the rest by form factor. */
export function devicesOf(facts: Pick<ScanFacts, 'deviceType' | 'os'>): Set<Device> {
  const devices = new Set<Device>();
  const os = osFamily(facts.os);
  if (os === 'ios') devices.add('ios');
  if (os === 'android') devices.add('android');
  if (facts.deviceType === 'mobile' || facts.deviceType === 'tablet' || facts.deviceType === 'desktop') {
    devices.add(facts.deviceType);
  }
  return devices;
}

const LANGUAGE_RANGE = /^([A-Za-z]{1,8}(?:-[A-Za-z0-9]{1,8})*|\*)$/;
const QUALITY = /^q=(0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/i;

/**
 * The most preferred language of an Accept-Language header (RFC 9110 §12.5.4), lower case: the range with the
 * highest quality value, the first one listed on a tie. `q=0` means "not acceptable", `*` names no language, and a
 * malformed entry (bad tag, bad q) is skipped. At most the first 32 entries of the first 1,024 characters count.
 */
export function preferredLanguage(header: string | null): string | null {
  if (!header) return null;
  let best: string | null = null;
  let bestQ = 0;
  for (const entry of header.slice(0, 1024).split(',').slice(0, 32)) {
    const [range = '', ...params] = entry.split(';').map((part) => part.trim());
    if (!LANGUAGE_RANGE.test(range) || range === '*') continue;
    let q = 1;
    let valid = true;
    for (const param of params) {
      const m = QUALITY.exec(param);
      if (m) q = Number(m[1]);
      else valid = false;
    }
    if (!valid || q <= 0) continue;
    if (q > bestQ) {
      best = range.toLowerCase();
      bestQ = q;
    }
  }
  return best;
}

/** True when the listed tag names the language: "en" matches en and en-gb; "pt-br" matches pt-br (and below). */
export function languageMatches(listed: string, language: string): boolean {
  return language === listed || language.startsWith(`${listed}-`);
}
