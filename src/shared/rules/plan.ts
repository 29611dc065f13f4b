// Which scan settings each plan may use (issue 37). Free: the gates (starts at, ends at, scan cap, fallbacks,
// password) and at most FREE_MAX_RULES rules, enough for the app-store preset. Pro and Business: up to MAX_RULES
// rules, the A/B split, the UTM template and query forwarding.
//
// The database decides (supabase/migrations/20261129005000_scan_settings_plan_limits.sql, a trigger on
// qr_codes.scan_settings with the same rules and messages); the panel uses this twin to show what Free cannot use
// before a save is refused. A code whose owner moved down to Free keeps working as stored: its settings may be kept
// or trimmed, never extended (more rules than it had, a new or changed split or UTM template, forwarding turned on).
import type { ScanSettings } from './schema.ts';

export type Plan = 'free' | 'pro' | 'business';

export const FREE_MAX_RULES = 2;

/** The plan from `auth.users.raw_app_meta_data->>'plan'`: 'pro' or 'business'; anything else is Free. */
export function planOf(value: unknown): Plan {
  return value === 'pro' || value === 'business' ? value : 'free';
}

export const PLAN_LIMIT_HINT =
  'Upgrade to Pro or Business for up to 20 rules, the A/B split, UTM tags and query forwarding.';

export const FREE_LIMIT_MESSAGES = {
  rules: `Free plan limit reached: at most ${FREE_MAX_RULES} scan rules per code`,
  split: 'Free plan limit reached: the A/B split is a Pro feature',
  utm: 'Free plan limit reached: UTM tags are a Pro feature',
  forwardQuery: 'Free plan limit reached: query forwarding is a Pro feature',
} as const;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Why `next` is more than `plan` allows, or null. `previous` is what the code has stored (null for a new code):
 * what it already had is kept, so a downgraded code's settings can be saved again or trimmed. The order of the
 * checks is the trigger's.
 */
export function planProblem(
  next: ScanSettings | null,
  plan: Plan,
  previous: ScanSettings | null,
): keyof typeof FREE_LIMIT_MESSAGES | null {
  if (plan !== 'free' || next === null) return null;
  const rules = next.rules?.length ?? 0;
  if (rules > Math.max(FREE_MAX_RULES, previous?.rules?.length ?? 0)) return 'rules';
  if (next.split !== undefined && !same(next.split, previous?.split)) return 'split';
  if (next.utm !== undefined && !same(next.utm, previous?.utm)) return 'utm';
  if (next.forwardQuery === true && previous?.forwardQuery !== true) return 'forwardQuery';
  return null;
}
