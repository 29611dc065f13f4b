// The one evaluator of a scan (issue 37): pure, runtime-neutral, used by the local server's /r/<slug> and by the
// `r` Edge Function through src/shared/handlers/redirect.ts. Given the code as looked up (its destination, its
// settings, whether it has a password, how many counted scans its cap has used), the request's facts and the time,
// it decides where the scan goes:
//
//   1. gates, in order: paused → starts at → ends at → scan cap → password. The first that stops the scan answers
//      with the owner's fallback URL for it, or (target null) our page saying why;
//   2. rules, in order: the first whose conditions all match gives the target;
//   3. the A/B split of the default destination while it runs (variant from the visitor's daily bucket);
//   4. the default destination, or, with the App-store preset's page on, our page with both store badges.
// A redirect's target then gets the UTM template and, if on, the scan URL's query (target.ts).
// The scan counts (and uses up the cap) only when it is redirected and countable (a GET, not a bot, not a prefetch).

import { browserFamily, devicesOf, languageMatches, osFamily, type ScanFacts } from './facts.ts';
import { clockMinutes, localTime } from './localTime.ts';
import type { AppPage, Condition, ScanSettings, Split } from './schema.ts';
import { finalTarget } from './target.ts';

export type Gate = 'paused' | 'not_started' | 'ended' | 'cap_reached' | 'password';

export interface CodeForScan {
  destination: string;
  /** The owner paused the code (its status). */
  paused?: boolean;
  settings: ScanSettings | null;
  hasPassword: boolean;
  /** Counted scans the cap has used so far (0 without a cap). */
  capUsed: number;
}

export type ScanDecision =
  | {
      outcome: 'redirect';
      target: string;
      /** Index of the matching rule, if a rule chose the target. */
      ruleIndex?: number;
      /** Index of the A/B variant, if the split chose the target. */
      variant?: number;
      counted: boolean;
    }
  | {
      /** Our page with both store badges (links already carry the UTM template). */
      outcome: 'app_page';
      page: AppPage;
      counted: boolean;
    }
  | {
      outcome: 'gate';
      gate: Gate;
      /** The owner's fallback URL, or null for our page. */ target: string | null;
      counted: false;
    };

function instantMs(value: string): number {
  return Date.parse(value);
}

/** Whether one condition holds for the scan at `nowMs` (time windows in `timeZone`). */
export function conditionMatches(condition: Condition, facts: ScanFacts, nowMs: number, timeZone: string): boolean {
  switch (condition.type) {
    case 'device': {
      const devices = devicesOf(facts);
      return condition.in.some((d) => devices.has(d));
    }
    case 'os': {
      const os = osFamily(facts.os);
      return os !== null && condition.in.includes(os);
    }
    case 'browser': {
      const browser = browserFamily(facts.browser);
      return browser !== null && condition.in.includes(browser);
    }
    case 'country':
      return facts.country !== null && condition.in.includes(facts.country);
    case 'language': {
      const language = facts.language;
      return language !== null && condition.in.some((listed) => languageMatches(listed, language));
    }
    case 'time': {
      const { minutes, weekday } = localTime(nowMs, timeZone);
      const from = clockMinutes(condition.from);
      const to = clockMinutes(condition.to);
      let day: number;
      if (from < to) {
        if (minutes < from || minutes >= to) return false;
        day = weekday;
      } else if (minutes >= from) {
        day = weekday;
      } else if (minutes < to) {
        // After midnight in a window that began the evening before: it belongs to the day it started on.
        day = (weekday + 6) % 7;
      } else {
        return false;
      }
      return condition.days === undefined || condition.days.includes(day);
    }
    case 'date':
      return (
        (condition.after === undefined || nowMs >= instantMs(condition.after)) &&
        (condition.before === undefined || nowMs < instantMs(condition.before))
      );
    case 'query': {
      const params = new URLSearchParams(facts.query);
      if (!params.has(condition.name)) return false;
      return condition.equals === undefined || params.getAll(condition.name).includes(condition.equals);
    }
  }
}

function splitRuns(split: Split, nowMs: number): boolean {
  return (
    (split.startsAt === undefined || nowMs >= instantMs(split.startsAt)) &&
    (split.endsAt === undefined || nowMs < instantMs(split.endsAt))
  );
}

/** The variant a bucket (0 … 9,999) falls in: weights in percent, cumulative. */
export function variantOf(split: Split, bucket: number): number {
  let upTo = 0;
  for (let i = 0; i < split.variants.length; i++) {
    upTo += split.variants[i]!.weight * 100;
    if (bucket < upTo) return i;
  }
  return split.variants.length - 1;
}

function gateOf(code: CodeForScan, facts: ScanFacts, nowMs: number): Gate | null {
  const s = code.settings;
  if (code.paused) return 'paused';
  if (s?.startsAt !== undefined && nowMs < instantMs(s.startsAt)) return 'not_started';
  if (s?.endsAt !== undefined && nowMs >= instantMs(s.endsAt)) return 'ended';
  if (s?.scanCap !== undefined && code.capUsed >= s.scanCap) return 'cap_reached';
  if (code.hasPassword && !facts.passwordOk) return 'password';
  return null;
}

function fallbackOf(settings: ScanSettings | null, gate: Gate): string | null {
  const f = settings?.fallbacks;
  if (gate === 'paused') return f?.paused ?? null;
  if (gate === 'not_started') return f?.notStarted ?? null;
  if (gate === 'ended') return f?.ended ?? null;
  if (gate === 'cap_reached') return f?.capReached ?? null;
  return null;
}

/** The target of one of the split's variants, with the UTM template and (if on) the scan URL's query. */
export function variantTarget(settings: ScanSettings, variant: number, query: string): string {
  const to = settings.split?.variants[variant]?.to;
  if (to === undefined) throw new RangeError(`the split has no variant ${variant}`);
  return finalTarget(to, settings.utm, settings.forwardQuery ? query : null);
}

export function evaluateScan(code: CodeForScan, facts: ScanFacts, now: Date): ScanDecision {
  const nowMs = now.getTime();
  const gate = gateOf(code, facts, nowMs);
  if (gate) return { outcome: 'gate', gate, target: fallbackOf(code.settings, gate), counted: false };

  const s = code.settings;
  const timeZone = s?.timeZone ?? 'UTC';
  const finish = (target: string) => finalTarget(target, s?.utm, s?.forwardQuery ? facts.query : null);
  const rules = s?.rules ?? [];
  for (let i = 0; i < rules.length; i++) {
    const rule = rules[i]!;
    if (rule.if.every((c) => conditionMatches(c, facts, nowMs, timeZone))) {
      return { outcome: 'redirect', target: finish(rule.to), ruleIndex: i, counted: facts.countable };
    }
  }
  if (s?.split && splitRuns(s.split, nowMs)) {
    const variant = variantOf(s.split, facts.bucket);
    return { outcome: 'redirect', target: variantTarget(s, variant, facts.query), variant, counted: facts.countable };
  }
  if (s?.appPage) {
    const page = { appStore: finish(s.appPage.appStore), googlePlay: finish(s.appPage.googlePlay) };
    return { outcome: 'app_page', page, counted: facts.countable };
  }
  return { outcome: 'redirect', target: finish(code.destination), counted: facts.countable };
}
