// Plan limits of scan settings, the panel's twin of the database trigger (src/shared/rules/plan.ts; the trigger's
// own answers are in tests/server/scan-settings-plan.test.ts): Free gets the gates and 2 rules; Pro and Business
// everything; a downgraded code may keep or trim what it has, never extend it.
import { describe, expect, it } from 'vitest';
import { FREE_MAX_RULES, planOf, planProblem } from '../../../src/shared/rules/plan.ts';
import type { Rule, ScanSettings } from '../../../src/shared/rules/schema.ts';

const rules = (n: number): Rule[] =>
  Array.from({ length: n }, (_, i) => ({ if: [{ type: 'device', in: ['ios'] }], to: `https://example.com/${i}` }));
const SPLIT: NonNullable<ScanSettings['split']> = {
  variants: [
    { to: 'https://example.com/a', weight: 50 },
    { to: 'https://example.com/b', weight: 50 },
  ],
};

describe('plan limits of scan settings', () => {
  it('reads the plan from app metadata: pro and business; anything else is Free', () => {
    expect(planOf('pro')).toBe('pro');
    expect(planOf('business')).toBe('business');
    for (const other of [undefined, null, '', 'Pro', 'enterprise', 1, { plan: 'pro' }])
      expect(planOf(other)).toBe('free');
  });

  it('Free gets the gates and up to 2 rules', () => {
    const gates: ScanSettings = {
      v: 1,
      startsAt: '2026-01-01T00:00:00Z',
      endsAt: '2027-01-01T00:00:00Z',
      scanCap: 10,
      fallbacks: { ended: 'https://example.com/over' },
      rules: rules(FREE_MAX_RULES),
      timeZone: 'Europe/Berlin',
    };
    expect(planProblem(gates, 'free', null)).toBeNull();
    expect(planProblem(null, 'free', null)).toBeNull();
  });

  it('Free is refused a 3rd rule, a split, UTM tags and forwarding, in that order', () => {
    expect(planProblem({ v: 1, rules: rules(3) }, 'free', null)).toBe('rules');
    expect(planProblem({ v: 1, split: SPLIT }, 'free', null)).toBe('split');
    expect(planProblem({ v: 1, utm: { source: 'qr' } }, 'free', null)).toBe('utm');
    expect(planProblem({ v: 1, forwardQuery: true }, 'free', null)).toBe('forwardQuery');
    expect(planProblem({ v: 1, forwardQuery: false }, 'free', null)).toBeNull();
    const all: ScanSettings = { v: 1, rules: rules(3), split: SPLIT, utm: { source: 'qr' }, forwardQuery: true };
    expect(planProblem(all, 'free', null)).toBe('rules');
    for (const plan of ['pro', 'business'] as const)
      expect(planProblem({ ...all, rules: rules(20) }, plan, null)).toBeNull();
  });

  it('a downgraded code keeps or trims what it has, and cannot extend it', () => {
    const stored: ScanSettings = { v: 1, rules: rules(5), split: SPLIT, utm: { source: 'qr' }, forwardQuery: true };
    expect(planProblem(stored, 'free', stored)).toBeNull();
    expect(planProblem({ v: 1, rules: rules(4), split: SPLIT }, 'free', stored)).toBeNull();
    expect(planProblem({ ...stored, rules: rules(6) }, 'free', stored)).toBe('rules');
    expect(planProblem({ ...stored, split: { variants: [...SPLIT.variants].reverse() } }, 'free', stored)).toBe(
      'split',
    );
    expect(planProblem({ ...stored, utm: { source: 'flyer' } }, 'free', stored)).toBe('utm');
    // Once trimmed, Free's own limits hold again.
    expect(planProblem({ v: 1, forwardQuery: true }, 'free', { v: 1 })).toBe('forwardQuery');
  });
});
