// The scan evaluator (src/shared/rules/evaluate.ts) against a second, deliberately naive implementation written
// here: 2,400 seeded random (settings, request) pairs must get the same decision. The naive side reads the wall
// clock from toLocaleString, sorts Accept-Language entries instead of scanning them, measures time windows as
// "minutes since the window opened", and classifies the User-Agent pool from a hand-written table.
import { describe, expect, it } from 'vitest';
import { prng } from '../../helpers/prng.ts';
import { evaluateScan, type CodeForScan, type ScanDecision } from '../../../src/shared/rules/evaluate.ts';
import { preferredLanguage, type ScanFacts } from '../../../src/shared/rules/facts.ts';
import {
  BROWSERS,
  DEVICES,
  OPERATING_SYSTEMS,
  scanSettingsSchema,
  type Condition,
  type ScanSettings,
} from '../../../src/shared/rules/schema.ts';

/** Parser outputs as ua-parser-js 1.x gives them, with the families a person would file them under. */
const AGENTS: Array<{
  deviceType: ScanFacts['deviceType'];
  os: string | null;
  browser: string | null;
  osF: string | null;
  brF: string | null;
}> = [
  { deviceType: 'mobile', os: 'iOS', browser: 'Mobile Safari', osF: 'ios', brF: 'safari' },
  { deviceType: 'tablet', os: 'iOS', browser: 'Mobile Safari', osF: 'ios', brF: 'safari' },
  { deviceType: 'mobile', os: 'iOS', browser: 'Chrome', osF: 'ios', brF: 'chrome' },
  { deviceType: 'mobile', os: 'Android', browser: 'Mobile Chrome', osF: 'android', brF: 'chrome' },
  { deviceType: 'mobile', os: 'Android', browser: 'Samsung Browser', osF: 'android', brF: 'samsung' },
  { deviceType: 'tablet', os: 'Android', browser: 'Chrome', osF: 'android', brF: 'chrome' },
  { deviceType: 'mobile', os: 'Android', browser: 'Mobile Firefox', osF: 'android', brF: 'firefox' },
  { deviceType: 'mobile', os: 'Android', browser: 'Opera Mini', osF: 'android', brF: 'opera' },
  { deviceType: 'desktop', os: 'Windows', browser: 'Edge', osF: 'windows', brF: 'edge' },
  { deviceType: 'desktop', os: 'Windows', browser: 'Chrome', osF: 'windows', brF: 'chrome' },
  { deviceType: 'desktop', os: 'Mac OS', browser: 'Safari', osF: 'macos', brF: 'safari' },
  { deviceType: 'desktop', os: 'macOS', browser: 'Firefox', osF: 'macos', brF: 'firefox' },
  { deviceType: 'desktop', os: 'Linux', browser: 'Chromium', osF: 'linux', brF: 'chrome' },
  { deviceType: 'desktop', os: 'Ubuntu', browser: 'Firefox', osF: 'linux', brF: 'firefox' },
  { deviceType: 'desktop', os: 'Chromium OS', browser: 'Chrome', osF: 'chromeos', brF: 'chrome' },
  { deviceType: 'other', os: null, browser: null, osF: null, brF: null },
  { deviceType: 'other', os: 'PlayStation', browser: 'NetFront', osF: null, brF: null },
  { deviceType: 'mobile', os: 'KaiOS', browser: 'Opera', osF: null, brF: 'opera' },
];

const ZONES = [
  'UTC',
  'Europe/Berlin',
  'America/New_York',
  'Australia/Sydney',
  'Asia/Kolkata',
  'America/Santiago',
  'Pacific/Chatham',
];
const LANGS = [
  'en',
  'en-GB',
  'en-us',
  'fr',
  'fr-CA',
  'de',
  'pt-BR',
  'pt',
  'zh-Hant-TW',
  'ja',
  'x-bogus-',
  '*',
  'es-419',
];
const COUNTRIES = ['US', 'DE', 'FR', 'BR', 'IN', 'JP', 'GB', null];

// ---------------------------------------------------------------------------------------------------------------
// The naive implementation.

function naiveWall(ms: number, timeZone: string): { minutes: number; weekday: number } {
  const text = new Date(ms).toLocaleString('sv-SE', { timeZone, hour12: false }); // "2026-03-29 02:30:00"
  const [date, time] = text.split(' ') as [string, string];
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  return { minutes: (hh % 24) * 60 + mm, weekday: new Date(Date.UTC(y, m - 1, d)).getUTCDay() };
}

function naiveLanguage(header: string | null): string | null {
  if (!header) return null;
  const entries: Array<{ tag: string; q: number; at: number }> = [];
  header
    .slice(0, 1024)
    .split(',')
    .slice(0, 32)
    .forEach((raw, at) => {
      const parts = raw.split(';').map((p) => p.trim());
      const tag = parts[0] ?? '';
      if (tag === '*' || !/^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/.test(tag)) return;
      let q = 1;
      for (const p of parts.slice(1)) {
        const m = /^[qQ]=([01](\.\d{0,3})?)$/.exec(p);
        if (!m || Number(m[1]) > 1) return;
        q = Number(m[1]);
      }
      if (q > 0) entries.push({ tag: tag.toLowerCase(), q, at });
    });
  entries.sort((a, b) => b.q - a.q || a.at - b.at);
  return entries[0]?.tag ?? null;
}

interface NaiveRequest {
  agent: (typeof AGENTS)[number];
  country: string | null;
  acceptLanguage: string | null;
  query: string;
  passwordOk: boolean;
  bucket: number;
  countable: boolean;
}

function naiveCondition(c: Condition, r: NaiveRequest, nowMs: number, zone: string): boolean {
  if (c.type === 'device') {
    const mine: string[] = [];
    if (r.agent.osF === 'ios') mine.push('ios');
    if (r.agent.osF === 'android') mine.push('android');
    if (r.agent.deviceType !== 'other') mine.push(r.agent.deviceType);
    return mine.some((d) => (c.in as string[]).includes(d));
  }
  if (c.type === 'os') return r.agent.osF !== null && (c.in as string[]).includes(r.agent.osF);
  if (c.type === 'browser') return r.agent.brF !== null && (c.in as string[]).includes(r.agent.brF);
  if (c.type === 'country') return r.country !== null && c.in.includes(r.country);
  if (c.type === 'language') {
    const lang = naiveLanguage(r.acceptLanguage);
    if (lang === null) return false;
    return c.in.some((t) => lang.split('-').slice(0, t.split('-').length).join('-') === t);
  }
  if (c.type === 'time') {
    const { minutes, weekday } = naiveWall(nowMs, zone);
    const from = Number(c.from.slice(0, 2)) * 60 + Number(c.from.slice(3));
    const to = Number(c.to.slice(0, 2)) * 60 + Number(c.to.slice(3));
    const sinceOpen = (minutes - from + 1440) % 1440;
    const length = (to - from + 1440) % 1440;
    if (sinceOpen >= length) return false;
    const opened = minutes >= from ? weekday : (weekday + 6) % 7;
    return !c.days || c.days.includes(opened);
  }
  if (c.type === 'date') {
    if (c.after && nowMs < new Date(c.after).getTime()) return false;
    if (c.before && nowMs >= new Date(c.before).getTime()) return false;
    return true;
  }
  // query
  const values = r.query
    .split('&')
    .filter(Boolean)
    .map((kv) => kv.split('=').map((p) => decodeURIComponent(p.replace(/\+/g, ' '))))
    .filter(([k]) => k === c.name)
    .map(([, v]) => v ?? '');
  return values.length > 0 && (c.equals === undefined || values.includes(c.equals));
}

function naiveUrl(base: string, s: ScanSettings | null): string {
  const extra: string[] = [];
  const [noFrag, ...fragParts] = base.split('#');
  const frag = fragParts.length ? `#${fragParts.join('#')}` : '';
  const [path, ...qParts] = noFrag!.split('?');
  const own = qParts.join('?');
  const names = new Set(
    own
      .split('&')
      .filter(Boolean)
      .map((kv) => decodeURIComponent(kv.split('=')[0]!.replace(/\+/g, ' '))),
  );
  for (const key of ['source', 'medium', 'campaign', 'term', 'content'] as const) {
    const v = s?.utm?.[key];
    if (v !== undefined && !names.has(`utm_${key}`)) {
      names.add(`utm_${key}`);
      extra.push(`utm_${key}=${encodeURIComponent(v).replace(/%20/g, '+')}`);
    }
  }
  if (extra.length === 0) return base;
  const q = own === '' ? extra.join('&') : `${own}${own.endsWith('&') ? '' : '&'}${extra.join('&')}`;
  return `${path}?${q}${frag}`;
}

function naiveEvaluate(code: CodeForScan, r: NaiveRequest, nowMs: number): ScanDecision {
  const s = code.settings;
  const t = (iso?: string) => (iso === undefined ? undefined : new Date(iso).getTime());
  if (code.paused) return { outcome: 'gate', gate: 'paused', target: s?.fallbacks?.paused ?? null, counted: false };
  if (t(s?.startsAt) !== undefined && nowMs < t(s?.startsAt)!) {
    return { outcome: 'gate', gate: 'not_started', target: s?.fallbacks?.notStarted ?? null, counted: false };
  }
  if (t(s?.endsAt) !== undefined && nowMs >= t(s?.endsAt)!) {
    return { outcome: 'gate', gate: 'ended', target: s?.fallbacks?.ended ?? null, counted: false };
  }
  if (s?.scanCap !== undefined && code.capUsed >= s.scanCap) {
    return { outcome: 'gate', gate: 'cap_reached', target: s.fallbacks?.capReached ?? null, counted: false };
  }
  if (code.hasPassword && !r.passwordOk) return { outcome: 'gate', gate: 'password', target: null, counted: false };
  const zone = s?.timeZone ?? 'UTC';
  const matching = (s?.rules ?? []).findIndex((rule) => rule.if.every((c) => naiveCondition(c, r, nowMs, zone)));
  if (matching >= 0) {
    return {
      outcome: 'redirect',
      target: naiveUrl(s!.rules![matching]!.to, s),
      ruleIndex: matching,
      counted: r.countable,
    };
  }
  const split = s?.split;
  if (split && !(split.startsAt && nowMs < t(split.startsAt)!) && !(split.endsAt && nowMs >= t(split.endsAt)!)) {
    // One slot per 0.01 %: the variant owning the bucket's slot.
    const slots = split.variants.flatMap((v, i) => Array<number>(v.weight * 100).fill(i));
    const variant = slots[r.bucket]!;
    return {
      outcome: 'redirect',
      target: naiveUrl(split.variants[variant]!.to, s),
      variant,
      counted: r.countable,
    };
  }
  if (s?.appPage) {
    const page = { appStore: naiveUrl(s.appPage.appStore, s), googlePlay: naiveUrl(s.appPage.googlePlay, s) };
    return { outcome: 'app_page', page, counted: r.countable };
  }
  return { outcome: 'redirect', target: naiveUrl(code.destination, s), counted: r.countable };
}

// ---------------------------------------------------------------------------------------------------------------
// Random cases.

function generator(seed: number) {
  const rnd = prng(seed);
  const int = (n: number) => Math.floor(rnd() * n);
  const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)]!;
  const some = <T>(xs: readonly T[], max = xs.length): T[] => {
    const out = [...new Set(Array.from({ length: 1 + int(Math.min(max, xs.length)) }, () => pick(xs)))];
    return out;
  };
  // Instants within 2026, on the minute, and some exactly on DST changes.
  const base = Date.UTC(2026, 0, 1);
  const instantMs = () =>
    rnd() < 0.1
      ? pick([Date.UTC(2026, 2, 29, 1), Date.UTC(2026, 9, 25, 1), Date.UTC(2026, 2, 8, 7), Date.UTC(2026, 3, 5, 16)]) +
        (int(5) - 2) * 1_800_000
      : base + int(365 * 24 * 60) * 60_000;
  const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');
  const clock = () => `${String(int(24)).padStart(2, '0')}:${pick(['00', '15', '30', '45', '59'])}`;
  const url = (n: string) =>
    pick([
      `https://${n}.example/`,
      `https://${n}.example/p?x=1`,
      `https://${n}.example/p?#f`,
      `http://${n}.example/a?b=&#c?d`,
    ]);

  function condition(): Condition {
    switch (int(8)) {
      case 0:
        return { type: 'device', in: some(DEVICES) };
      case 1:
        return { type: 'os', in: some(OPERATING_SYSTEMS) };
      case 2:
        return { type: 'browser', in: some(BROWSERS) };
      case 3:
        return { type: 'country', in: some(['US', 'DE', 'FR', 'BR', 'IN', 'JP', 'GB', 'CA']) };
      case 4:
        return {
          type: 'language',
          in: some(['en', 'en-gb', 'fr', 'fr-ca', 'de', 'pt', 'pt-br', 'zh-hant', 'ja', 'es']),
        };
      case 5: {
        let from = clock();
        let to = clock();
        while (to === from) to = clock();
        if (rnd() < 0.5 && from < to) [from, to] = [to, from];
        return rnd() < 0.5
          ? { type: 'time', from, to }
          : { type: 'time', from, to, days: some([0, 1, 2, 3, 4, 5, 6], 4) };
      }
      case 6: {
        const a = instantMs();
        const b = a + int(90 * 24 * 60) * 60_000 + 60_000;
        const which = int(3);
        return which === 0
          ? { type: 'date', after: iso(a) }
          : which === 1
            ? { type: 'date', before: iso(b) }
            : { type: 'date', after: iso(a), before: iso(b) };
      }
      default:
        return rnd() < 0.5
          ? { type: 'query', name: pick(['src', 'a', 'ref']) }
          : { type: 'query', name: pick(['src', 'a', 'ref']), equals: pick(['x', 'y z', '', 'é']) };
    }
  }

  function settings(): ScanSettings | null {
    if (rnd() < 0.08) return null;
    const s: ScanSettings = { v: 1 };
    if (rnd() < 0.2) s.startsAt = iso(instantMs());
    if (rnd() < 0.2) {
      const end = instantMs();
      if (!s.startsAt || iso(end) > s.startsAt) s.endsAt = iso(end);
    }
    if (rnd() < 0.2) s.scanCap = 1 + int(20);
    if (rnd() < 0.3) s.fallbacks = { ended: url('ended'), capReached: url('cap') };
    if (rnd() < 0.1) s.fallbacks = { ...s.fallbacks, paused: url('paused') };
    if (rnd() < 0.7) s.timeZone = pick(ZONES);
    if (rnd() < 0.9)
      s.rules = Array.from({ length: int(7) }, (_, i) => ({
        if: Array.from({ length: 1 + int(3) }, condition),
        to: url(`rule${i}`),
      }));
    if (rnd() < 0.4) {
      const n = 2 + int(3);
      const weights = Array<number>(n).fill(5);
      for (let left = 100 - 5 * n; left > 0; left--) weights[int(n)]! += 1;
      s.split = { variants: weights.map((weight, i) => ({ to: url(`v${i}`), weight })) };
      if (rnd() < 0.3) s.split.startsAt = iso(instantMs());
    }
    if (rnd() < 0.4)
      s.utm = { source: 'qr', ...(rnd() < 0.5 ? { campaign: pick(['spring sale', 'a&b=c', 'x']) } : {}) };
    if (rnd() < 0.15) s.appPage = { appStore: url('ios'), googlePlay: url('android') };
    return s;
  }

  function acceptLanguage(): string | null {
    if (rnd() < 0.1) return null;
    return Array.from({ length: 1 + int(4) }, () => {
      const tag = pick(LANGS);
      const q = int(4);
      return q === 0 ? tag : `${tag};q=${pick(['0', '0.5', '0.8', '1', '0.500', '1.0', '0.9', '2', 'x', '0.1234'])}`;
    }).join(rnd() < 0.5 ? ',' : ', ');
  }

  function request(): NaiveRequest {
    return {
      agent: pick(AGENTS),
      country: pick(COUNTRIES),
      acceptLanguage: acceptLanguage(),
      query: pick(['', 'src=x', 'src=y+z&a=1', 'ref=%C3%A9', 'a', 'src=', 'a=1&a=2&src=x']),
      passwordOk: rnd() < 0.5,
      bucket: int(10_000),
      countable: rnd() < 0.8,
    };
  }
  return { settings, request, instantMs, rnd };
}

describe('evaluateScan against a naive implementation', () => {
  it('decides 2,400 seeded random (settings, request) pairs the same way', () => {
    const g = generator(37);
    let compared = 0;
    const outcomes = new Map<string, number>();
    for (let i = 0; i < 2_400; i++) {
      const settings = g.settings();
      if (settings) expect(scanSettingsSchema.safeParse(settings).error).toBeUndefined();
      const code: CodeForScan = {
        destination: 'https://default.example/d?x=1#top',
        settings,
        hasPassword: g.rnd() < 0.2,
        capUsed: Math.floor(g.rnd() * 25),
        paused: g.rnd() < 0.05,
      };
      const r = g.request();
      const nowMs = g.instantMs();
      const facts: ScanFacts = {
        deviceType: r.agent.deviceType,
        os: r.agent.os,
        browser: r.agent.browser,
        country: r.country,
        language: preferredLanguage(r.acceptLanguage),
        query: r.query,
        passwordOk: r.passwordOk,
        bucket: r.bucket,
        countable: r.countable,
      };
      const got = evaluateScan(code, facts, new Date(nowMs));
      const want = naiveEvaluate(code, r, nowMs);
      expect(got, `case ${i}: ${JSON.stringify({ settings, r, now: new Date(nowMs).toISOString() })}`).toEqual(want);
      const key =
        got.outcome === 'gate'
          ? got.gate
          : got.outcome === 'app_page'
            ? 'app_page'
            : got.ruleIndex !== undefined
              ? 'rule'
              : got.variant !== undefined
                ? 'variant'
                : 'default';
      outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
      compared++;
    }
    expect(compared).toBe(2_400);
    // The table reaches every kind of outcome, each many times (else it would test little).
    for (const kind of [
      'paused',
      'not_started',
      'ended',
      'cap_reached',
      'password',
      'rule',
      'variant',
      'app_page',
      'default',
    ]) {
      expect(outcomes.get(kind) ?? 0, kind).toBeGreaterThan(40);
    }
  });

  it('agrees with the naive Accept-Language reading on 2,000 random headers', () => {
    const g = generator(8);
    const seen = new Set<string | null>();
    for (let i = 0; i < 2_000; i++) {
      const r = g.request();
      expect(preferredLanguage(r.acceptLanguage), String(r.acceptLanguage)).toBe(naiveLanguage(r.acceptLanguage));
      seen.add(preferredLanguage(r.acceptLanguage));
    }
    expect(seen.size).toBeGreaterThan(8);
  });
});
