// The Scan rules panel's pure parts (issue 37): what a new condition of each kind starts as, the browser's local
// date-time inputs to and from the settings' UTC instants, the tester's sample visitors, and a decision in words.
import type { ScanDecision } from '../../../shared/rules/evaluate.ts';
import type { ScanFacts } from '../../../shared/rules/facts.ts';
import type { Condition, ScanSettings } from '../../../shared/rules/schema.ts';

export type ConditionType = Condition['type'];

export const CONDITION_LABELS: Record<ConditionType, string> = {
  device: 'Device',
  os: 'Operating system',
  browser: 'Browser',
  country: 'Country',
  language: 'Language',
  time: 'Time of day',
  date: 'Date',
  query: 'Link parameter',
};

/** A condition of `type` as first added: something valid to edit from. */
export function newCondition(type: ConditionType): Condition {
  switch (type) {
    case 'device':
      return { type, in: ['ios'] };
    case 'os':
      return { type, in: ['android'] };
    case 'browser':
      return { type, in: ['chrome'] };
    case 'country':
      return { type, in: ['US'] };
    case 'language':
      return { type, in: ['en'] };
    case 'time':
      return { type, from: '09:00', to: '17:00' };
    case 'date':
      return { type, after: nextHourInstant() };
    case 'query':
      return { type, name: 'utm_source' };
  }
}

function nextHourInstant(now = Date.now()): string {
  const next = new Date(Math.ceil(now / 3_600_000) * 3_600_000);
  return toInstant(next);
}

/** `YYYY-MM-DDTHH:MM:SSZ` of a Date (the settings' instant form: whole seconds, UTC). */
export function toInstant(date: Date): string {
  return `${date.toISOString().slice(0, 19)}Z`;
}

/** A `datetime-local` value (the browser's own time zone) as a settings instant; null when empty or invalid. */
export function instantFromLocal(local: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(local)) return null;
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? null : toInstant(date);
}

/** A settings instant as a `datetime-local` value in the browser's own time zone ('' for none). */
export function localFromInstant(instant: string | undefined): string {
  if (!instant) return '';
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** Comma- or space-separated codes as a list: trimmed, empty items dropped, duplicates once. */
export function listFromText(text: string, normalise: (item: string) => string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,]+/)
        .map((s) => normalise(s.trim()))
        .filter(Boolean),
    ),
  ];
}

/** The tester's visitors: what the redirect's User-Agent parser reports for each. */
export const SAMPLE_VISITORS = {
  iphone: { label: 'iPhone (Safari)', deviceType: 'mobile', os: 'iOS', browser: 'Mobile Safari' },
  ipad: { label: 'iPad (Safari)', deviceType: 'tablet', os: 'iOS', browser: 'Mobile Safari' },
  androidPhone: { label: 'Android phone (Chrome)', deviceType: 'mobile', os: 'Android', browser: 'Chrome' },
  androidTablet: { label: 'Android tablet (Chrome)', deviceType: 'tablet', os: 'Android', browser: 'Chrome' },
  windows: { label: 'Windows computer (Edge)', deviceType: 'desktop', os: 'Windows', browser: 'Edge' },
  mac: { label: 'Mac (Safari)', deviceType: 'desktop', os: 'Mac OS', browser: 'Safari' },
} as const satisfies Record<string, { label: string } & Pick<ScanFacts, 'deviceType' | 'os' | 'browser'>>;

export type SampleVisitor = keyof typeof SAMPLE_VISITORS;

export interface TesterInput {
  visitor: SampleVisitor;
  /** Two letters, or '' for unknown. */
  country: string;
  /** A language tag such as en-GB, or '' for none. */
  language: string;
  /** The scan URL's query string, without "?". */
  query: string;
  /** 0 … 9,999: where the visitor falls in an A/B split. */
  bucket: number;
  passwordOk: boolean;
}

/** The facts the evaluator gets for the tester's visitor (a countable scan). */
export function testerFacts(input: TesterInput): ScanFacts {
  const visitor = SAMPLE_VISITORS[input.visitor];
  return {
    deviceType: visitor.deviceType,
    os: visitor.os,
    browser: visitor.browser,
    country: /^[A-Za-z]{2}$/.test(input.country) ? input.country.toUpperCase() : null,
    language: input.language.trim() ? input.language.trim().toLowerCase() : null,
    query: input.query.replace(/^\?/, ''),
    passwordOk: input.passwordOk,
    bucket: Math.min(9_999, Math.max(0, Math.floor(input.bucket) || 0)),
    countable: true,
  };
}

const GATE_WORDS = {
  paused: 'the code is paused',
  not_started: 'not started yet',
  ended: 'ended',
  cap_reached: 'scan limit reached',
  password: 'password needed',
} as const;

/** What the tester says of a decision. */
export function describeDecision(decision: ScanDecision, settings: ScanSettings | null): string {
  if (decision.outcome === 'gate') {
    const where = decision.target ? `goes to ${decision.target}` : 'sees our page saying so';
    return `Stopped (${GATE_WORDS[decision.gate]}): the visitor ${where}.`;
  }
  if (decision.outcome === 'hosted_page') return 'Sees the code’s hosted page.';
  if (decision.outcome === 'app_page') {
    return 'Sees our page with both store badges (App Store and Google Play).';
  }
  const why =
    decision.ruleIndex !== undefined
      ? `rule ${decision.ruleIndex + 1}`
      : decision.variant !== undefined
        ? `A/B variant ${String.fromCharCode(65 + decision.variant)} of ${settings?.split?.variants.length ?? 0}`
        : 'the default destination';
  return `Goes to ${decision.target} (${why}).`;
}

/** `list` with the item at `from` moved to index `to` (both within the list); the same list when either is not. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

/**
 * Where a dragged item lands: dropped on the item at `over`, in its upper half (`upper`) or lower half, the dragged
 * item `from` goes just before or just after it. Answers the final index, for moveItem.
 */
export function dropIndex(from: number, over: number, upper: boolean): number {
  const before = upper ? over : over + 1;
  return before > from ? before - 1 : before;
}

/** `{ ...settings, key: value }`, or without `key` when value is undefined (the schema refuses explicit nulls). */
export function withField<K extends keyof ScanSettings>(
  settings: ScanSettings,
  key: K,
  value: ScanSettings[K] | undefined,
): ScanSettings {
  const next = { ...settings };
  if (value === undefined) delete next[key];
  else next[key] = value;
  return next;
}

type Fallbacks = NonNullable<ScanSettings['fallbacks']>;

/**
 * The settings with some fallback addresses changed: '' removes one, and no fallbacks at all removes the key. The
 * panel sets one address for the schedule and the limit (notStarted, ended, capReached) and one for a paused code.
 */
export function withFallbacks(settings: ScanSettings, change: Partial<Record<keyof Fallbacks, string>>): ScanSettings {
  const next: Fallbacks = { ...settings.fallbacks };
  for (const [key, to] of Object.entries(change) as [keyof Fallbacks, string][]) {
    if (to) next[key] = to;
    else delete next[key];
  }
  return withField(settings, 'fallbacks', Object.keys(next).length ? next : undefined);
}
