import { z } from 'zod';
import { startOfDayIn, todayIn } from '../../shared/time/zonedDay.ts';

/**
 * Analytics periods are whole days in the user's time zone (Settings), as the database counts them
 * (`scans_per_day(…, p_tz)` groups by the local date). A period is `{ from, to }`, both inclusive, as `YYYY-MM-DD`;
 * the breakdown RPCs take the matching half-open instants `[start of from, start of to + 1 day)` in that zone, so
 * every chart of a period counts the same scans.
 */
export interface DayRange {
  from: string;
  to: string;
}

export const PRESET_DAYS = [7, 30, 90] as const;
export type PresetDays = (typeof PRESET_DAYS)[number];
export const DEFAULT_PRESET: PresetDays = 30;
/** `scans_per_day` accepts at most 367 days (p_to - p_from <= 366). */
export const MAX_RANGE_DAYS = 367;

export type RangeChoice = { kind: 'preset'; days: PresetDays } | { kind: 'custom'; from: string; to: string };

const DAY_MS = 86_400_000;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Parses `YYYY-MM-DD` as a UTC day; null for anything else, including impossible dates like 2025-02-30. */
export function parseDay(value: string): number | null {
  if (!ISO_DAY.test(value)) return null;
  const ms = Date.parse(`${value}T00:00:00.000Z`);
  if (Number.isNaN(ms)) return null;
  return new Date(ms).toISOString().slice(0, 10) === value ? ms : null;
}

export function dayOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export function addDays(day: string, n: number): string {
  const ms = parseDay(day);
  if (ms === null) throw new RangeError(`Not a YYYY-MM-DD day: ${day}`);
  return dayOf(ms + n * DAY_MS);
}

/** Days in the inclusive range (1 when from = to). */
export function rangeLength({ from, to }: DayRange): number {
  const a = parseDay(from);
  const b = parseDay(to);
  if (a === null || b === null) throw new RangeError(`Bad range ${from}..${to}`);
  return Math.round((b - a) / DAY_MS) + 1;
}

/** "Last N days" ends today (in the zone) and includes it: the 7-day preset is today and the 6 days before. */
export function presetRange(days: PresetDays, now: Date, timeZone: string): DayRange {
  const to = todayIn(now, timeZone);
  return { from: addDays(to, -(days - 1)), to };
}

/** The instants the breakdown RPCs take for a day range in the zone: `[start of from, start of to + 1 day)`. */
export function rangeToTimestamps({ from, to }: DayRange, timeZone: string): { from: string; to: string } {
  return {
    from: startOfDayIn(from, timeZone).toISOString(),
    to: startOfDayIn(addDays(to, 1), timeZone).toISOString(),
  };
}

export function isPresetDays(n: number): n is PresetDays {
  return (PRESET_DAYS as readonly number[]).includes(n);
}

/** Validation of the custom from/to inputs, relative to today in the zone. Messages are shown next to the inputs. */
export function customRangeSchema(now: Date, timeZone: string) {
  const today = todayIn(now, timeZone);
  const day = (label: string, article: string) =>
    z
      .string()
      .min(1, { error: `Choose ${article} ${label} date` })
      .refine((v) => parseDay(v) !== null, { error: `Enter a valid ${label} date` });
  return z
    .object({ from: day('start', 'a'), to: day('end', 'an') })
    .refine((r) => parseDay(r.from) === null || parseDay(r.to) === null || r.from <= r.to, {
      error: 'The start date must be on or before the end date',
      path: ['to'],
    })
    .refine((r) => parseDay(r.to) === null || r.to <= today, {
      error: 'The end date cannot be in the future',
      path: ['to'],
    })
    .refine(
      (r) => parseDay(r.from) === null || parseDay(r.to) === null || r.from > r.to || rangeLength(r) <= MAX_RANGE_DAYS,
      { error: `Choose at most ${MAX_RANGE_DAYS} days`, path: ['to'] },
    );
}

/** The period in the URL: `?range=7|30|90`, or `?from=YYYY-MM-DD&to=YYYY-MM-DD`; anything invalid → 30 days. */
export function rangeFromParams(params: URLSearchParams, now: Date, timeZone: string): RangeChoice {
  const from = params.get('from');
  const to = params.get('to');
  if (from !== null && to !== null && customRangeSchema(now, timeZone).safeParse({ from, to }).success) {
    return { kind: 'custom', from, to };
  }
  const days = Number(params.get('range'));
  return { kind: 'preset', days: isPresetDays(days) ? days : DEFAULT_PRESET };
}

export function rangeToParams(choice: RangeChoice, params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete('range');
  next.delete('from');
  next.delete('to');
  if (choice.kind === 'custom') {
    next.set('from', choice.from);
    next.set('to', choice.to);
  } else if (choice.days !== DEFAULT_PRESET) {
    next.set('range', String(choice.days));
  }
  return next;
}

export function resolveRange(choice: RangeChoice, now: Date, timeZone: string): DayRange {
  return choice.kind === 'custom' ? { from: choice.from, to: choice.to } : presetRange(choice.days, now, timeZone);
}
