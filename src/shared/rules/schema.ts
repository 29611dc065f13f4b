// What a dynamic code does with a scan, beyond its destination (issue 37): gates (starts at, ends at, scan cap;
// the password gate is on when the code has a password hash, stored apart), ordered redirect rules, an A/B split of
// the default destination, a UTM template and optional forwarding of the scan URL's query string.
//
// One zod schema for the app, the API and the database: public.scan_settings_problem (supabase/migrations/
// 20261129000300_scan_settings.sql) is its SQL twin, and tests/server/scan-settings-check.test.ts feeds both the
// same thousands of valid and broken objects. Everything is strict (unknown keys are refused) and bounded (at
// most MAX_RULES rules of at most MAX_CONDITIONS conditions, short lists, short strings), and every URL must pass
// isRedirectableUrl: no javascript: or data:, no user name or password, no control characters.

import { z } from 'zod';
import { isRedirectableUrl } from '../destination.ts';

export const MAX_RULES = 20;
export const MAX_CONDITIONS = 8;
export const MAX_LIST = 50;
export const MAX_SCAN_CAP = 100_000_000;
export const MIN_VARIANT_WEIGHT = 5;

export const DEVICES = ['ios', 'android', 'tablet', 'mobile', 'desktop'] as const;
export const OPERATING_SYSTEMS = ['ios', 'android', 'windows', 'macos', 'linux', 'chromeos'] as const;
export const BROWSERS = ['chrome', 'safari', 'firefox', 'edge', 'samsung', 'opera'] as const;

export type Device = (typeof DEVICES)[number];
export type OperatingSystem = (typeof OPERATING_SYSTEMS)[number];
export type Browser = (typeof BROWSERS)[number];

/** Weekdays as numbers, 0 = Sunday … 6 = Saturday (as Date#getUTCDay and PostgreSQL's `extract(dow …)`). */
const WEEKDAY = z.number().int().min(0).max(6);

const INSTANT_SHAPE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})Z$/;

/**
 * `YYYY-MM-DDTHH:MM:SSZ`, years 2000-2099, a real calendar date and time (UTC only: no offsets, no fractions), so
 * that two instants compare as strings.
 */
export function isInstant(value: string): boolean {
  const m = INSTANT_SHAPE.exec(value);
  if (!m) return false;
  const [year, month, day, hour, minute, second] = m.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (year < 2000 || year > 2099 || hour > 23 || minute > 59 || second > 59) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const instant = z.string().refine(isInstant, { message: 'Use a UTC time such as 2026-12-31T23:00:00Z' });
const url = z.string().refine(isRedirectableUrl, { message: 'Not a web address a code may redirect to' });
const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;
const clock = z.string().regex(CLOCK, { message: 'Use a 24-hour time such as 09:30' });

/** True when `value` has a control character (C0, DEL or C1) or a lone surrogate (not storable as JSON text). */
export function hasControlCharacter(value: string): boolean {
  // eslint-disable-next-line no-control-regex
  return /[\u0000-\u001f\u007f-\u009f]|[\ud800-\udfff]/u.test(value);
}

/** Printable text of `min` to `max` characters (code points, as PostgreSQL's char_length counts). */
function text(max: number, min = 1) {
  return z.string().refine((v) => !hasControlCharacter(v) && [...v].length >= min && [...v].length <= max, {
    message: `${min} to ${max} characters, no control characters`,
  });
}

const ZONE_SHAPE = /^([A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){1,2}|UTC)$/;

/**
 * An IANA time zone name, Area/Location or UTC (no POSIX strings such as "EST5", which PostgreSQL reads as offsets),
 * that Intl knows; the SQL twin asks PostgreSQL (`at time zone`).
 */
export function isTimeZone(value: string): boolean {
  if (value.length > 64 || !ZONE_SHAPE.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

function uniqueList<T extends z.ZodType>(item: T, max: number) {
  return z
    .array(item)
    .min(1)
    .max(max)
    .refine((list) => new Set(list.map((v) => JSON.stringify(v))).size === list.length, { message: 'Duplicates' });
}

const LANGUAGE_TAG = /^[a-z]{2,3}(-[a-z0-9]{2,8})?$/;

export const conditionSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('device'), in: uniqueList(z.enum(DEVICES), DEVICES.length) }),
  z.strictObject({ type: z.literal('os'), in: uniqueList(z.enum(OPERATING_SYSTEMS), OPERATING_SYSTEMS.length) }),
  z.strictObject({ type: z.literal('browser'), in: uniqueList(z.enum(BROWSERS), BROWSERS.length) }),
  z.strictObject({ type: z.literal('country'), in: uniqueList(z.string().regex(/^[A-Z]{2}$/), MAX_LIST) }),
  // Lower-case BCP 47 language, optionally with one subtag: "en" matches en, en-GB …; "pt-br" only pt-BR.
  z.strictObject({ type: z.literal('language'), in: uniqueList(z.string().regex(LANGUAGE_TAG), 20) }),
  // from ≤ local time < to in the settings' time zone; from > to crosses midnight (the window belongs to the day
  // it starts on, which `days` names).
  z
    .strictObject({ type: z.literal('time'), from: clock, to: clock, days: uniqueList(WEEKDAY, 7).optional() })
    .refine((c) => c.from !== c.to, { message: 'A time window needs different start and end times' }),
  // after ≤ now < before.
  z
    .strictObject({ type: z.literal('date'), after: instant.optional(), before: instant.optional() })
    .refine((c) => c.after !== undefined || c.before !== undefined, { message: 'Give after, before or both' })
    .refine((c) => c.after === undefined || c.before === undefined || c.after < c.before, {
      message: 'after must come before before',
    }),
  z.strictObject({
    type: z.literal('query'),
    name: z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/),
    equals: text(200, 0).optional(),
  }),
]);

export const ruleSchema = z.strictObject({
  if: z.array(conditionSchema).min(1).max(MAX_CONDITIONS),
  to: url,
});

export const splitSchema = z
  .strictObject({
    variants: z
      .array(z.strictObject({ to: url, weight: z.number().int().min(MIN_VARIANT_WEIGHT).max(100) }))
      .min(2)
      .max(4),
    startsAt: instant.optional(),
    endsAt: instant.optional(),
  })
  .refine((s) => s.variants.reduce((sum, v) => sum + v.weight, 0) === 100, { message: 'Weights must add up to 100' })
  .refine((s) => !s.startsAt || !s.endsAt || s.startsAt < s.endsAt, { message: 'startsAt must come before endsAt' });

export const utmSchema = z
  .strictObject({
    source: text(100).optional(),
    medium: text(100).optional(),
    campaign: text(100).optional(),
    term: text(100).optional(),
    content: text(100).optional(),
  })
  .refine((u) => Object.keys(u).length > 0, { message: 'Give at least one UTM field' });

export const scanSettingsSchema = z
  .strictObject({
    v: z.literal(1),
    startsAt: instant.optional(),
    endsAt: instant.optional(),
    scanCap: z.number().int().min(1).max(MAX_SCAN_CAP).optional(),
    fallbacks: z
      .strictObject({
        paused: url.optional(),
        notStarted: url.optional(),
        ended: url.optional(),
        capReached: url.optional(),
      })
      .optional(),
    timeZone: z.string().refine(isTimeZone, { message: 'Unknown time zone' }).optional(),
    rules: z.array(ruleSchema).max(MAX_RULES).optional(),
    split: splitSchema.optional(),
    utm: utmSchema.optional(),
    forwardQuery: z.boolean().optional(),
    // The App-store preset's "everyone else": our page with both store badges instead of the default destination.
    appPage: z.strictObject({ appStore: url, googlePlay: url }).optional(),
  })
  .refine((s) => !s.startsAt || !s.endsAt || s.startsAt < s.endsAt, { message: 'startsAt must come before endsAt' });

export type Condition = z.infer<typeof conditionSchema>;
export type Rule = z.infer<typeof ruleSchema>;
export type Split = z.infer<typeof splitSchema>;
export type Utm = z.infer<typeof utmSchema>;
export type ScanSettings = z.infer<typeof scanSettingsSchema>;
export type AppPage = NonNullable<ScanSettings['appPage']>;

/** App-store routing as a preset: iOS → the App Store URL, Android → Google Play; everyone else the default. */
export function appStoreRules(appStore: string, googlePlay: string): Rule[] {
  return [
    { if: [{ type: 'device', in: ['ios'] }], to: appStore },
    { if: [{ type: 'device', in: ['android'] }], to: googlePlay },
  ];
}
