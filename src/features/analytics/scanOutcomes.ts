// Per-code scans by rule, by A/B variant and stopped by gate (issue 37), and a Links page's clicks per link
// (issue 32), from public.scan_outcomes rows (kind 'rule' | 'variant' | 'gate' | 'link', value, scans,
// unique_scans), labelled for people: a rule by its number and its target's host as the code's settings are now,
// '' as no rule matched (the destination, the split or the badge page took the scan), a variant by its letter and
// host, a gate in words, a link by its number and label as the page is now.
import { toCount, type ScanCounts } from './format.ts';

/** The targets of the code's rules and A/B variants as stored now, for the labels. */
export interface OutcomeTargets {
  rules: readonly string[];
  variants: readonly string[];
  /** The labels of the code's Links page's links, or null when the code has no Links page. */
  links: readonly string[] | null;
}

const targetList = (list: unknown): string[] =>
  Array.isArray(list) ? list.map((item) => String((item as { to?: unknown } | null)?.to ?? '')) : [];

/**
 * The targets of stored scan settings and the links of a stored Links page (read loosely: labels only, the
 * schemas are the database's business).
 */
export function targetsOf(settings: unknown, page: unknown = null): OutcomeTargets {
  const s = (settings ?? {}) as { rules?: unknown; split?: { variants?: unknown } };
  const p = (page ?? {}) as { type?: unknown; links?: unknown };
  const links =
    p.type === 'links' && Array.isArray(p.links)
      ? p.links.map((l) => String((l as { label?: unknown } | null)?.label ?? ''))
      : null;
  return { rules: targetList(s.rules), variants: targetList(s.split?.variants), links };
}

export interface OutcomeLine extends ScanCounts {
  label: string;
}

export interface ScanOutcomes {
  rules: OutcomeLine[];
  variants: OutcomeLine[];
  gates: OutcomeLine[];
  /** Clicks per link (scans = clicks; a click has no unique count), or null when the code has no Links page. */
  links: OutcomeLine[] | null;
}

const GATES = {
  paused: 'Paused',
  not_started: 'Not started yet',
  ended: 'Ended',
  cap_reached: 'Scan limit reached',
  password: 'Password not entered',
} as const;

function hostOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).host;
  } catch {
    return null;
  }
}

const letter = (i: number) => String.fromCharCode(65 + i);

/** "Rule 2 → apps.apple.com"; a rule the settings no longer have: "Rule 5 (no longer in the rules)". */
function ruleLabel(value: string, targets: OutcomeTargets): string {
  if (value === '') return 'No rule matched';
  const i = Number(value);
  const host = hostOf(targets.rules[i]);
  return host ? `Rule ${i + 1} → ${host}` : `Rule ${i + 1} (no longer in the rules)`;
}

function variantLabel(value: string, targets: OutcomeTargets): string {
  const i = Number(value);
  const host = hostOf(targets.variants[i]);
  return host ? `Variant ${letter(i)} → ${host}` : `Variant ${letter(i)}`;
}

/** "2. Instagram"; a link the page no longer has: "Link 7 (no longer on the page)". */
function linkLabel(value: string, targets: OutcomeTargets): string {
  const i = Number(value);
  const label = targets.links?.[i];
  return label === undefined ? `Link ${i + 1} (no longer on the page)` : `${i + 1}. ${label}`;
}

const index = (value: string) => (value === '' ? Number.MAX_SAFE_INTEGER : Number(value));

/** The rows as three labelled lists: rules in order then the default, variants A…, gates in the order checked. */
export function scanOutcomes(rows: readonly Record<string, unknown>[], targets: OutcomeTargets): ScanOutcomes {
  const of = (kind: string) =>
    rows
      .filter((r) => r.kind === kind && typeof r.value === 'string')
      .map((r) => ({ value: r.value as string, scans: toCount(r.scans), uniqueScans: toCount(r.unique_scans) }));
  const gateOrder = Object.keys(GATES);
  return {
    rules: of('rule')
      .filter((r) => r.value === '' || /^\d+$/.test(r.value))
      .sort((a, b) => index(a.value) - index(b.value))
      .map(({ value, ...counts }) => ({ label: ruleLabel(value, targets), ...counts })),
    variants: of('variant')
      .filter((r) => /^\d$/.test(r.value))
      .sort((a, b) => index(a.value) - index(b.value))
      .map(({ value, ...counts }) => ({ label: variantLabel(value, targets), ...counts })),
    gates: of('gate')
      .filter((r) => r.value in GATES)
      .sort((a, b) => gateOrder.indexOf(a.value) - gateOrder.indexOf(b.value))
      .map(({ value, ...counts }) => ({ label: GATES[value as keyof typeof GATES], ...counts })),
    links:
      targets.links === null
        ? null
        : of('link')
            .filter((r) => /^\d+$/.test(r.value))
            .sort((a, b) => index(a.value) - index(b.value))
            .map(({ value, ...counts }) => ({ label: linkLabel(value, targets), ...counts })),
  };
}
