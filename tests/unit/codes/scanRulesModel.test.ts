// The Scan rules panel's pure parts (issue 37): new conditions are valid, local date-times round-trip to the
// settings' instants, lists parse, and the tester's facts go through the real evaluator.
import { describe, expect, it } from 'vitest';
import { evaluateScan } from '../../../src/shared/rules/evaluate.ts';
import { conditionSchema, scanSettingsSchema, type ScanSettings } from '../../../src/shared/rules/schema.ts';
import {
  CONDITION_LABELS,
  describeDecision,
  dropIndex,
  instantFromLocal,
  listFromText,
  localFromInstant,
  moveItem,
  newCondition,
  withFallbacks,
  testerFacts,
  type ConditionType,
} from '../../../src/features/codes/scanRules/scanRulesModel.ts';

describe('scan rules panel model', () => {
  it('every kind of condition starts valid for the shared schema', () => {
    for (const type of Object.keys(CONDITION_LABELS) as ConditionType[]) {
      expect(conditionSchema.safeParse(newCondition(type)).success, type).toBe(true);
    }
  });

  it('a datetime-local value and a settings instant convert both ways in the browser’s zone', () => {
    const instant = instantFromLocal('2026-07-01T09:30');
    expect(instant).toMatch(/^2026-0[67]-\d{2}T\d{2}:\d{2}:00Z$/);
    expect(localFromInstant(instant!)).toBe('2026-07-01T09:30');
    expect(instantFromLocal('')).toBeNull();
    expect(instantFromLocal('soon')).toBeNull();
    expect(localFromInstant(undefined)).toBe('');
  });

  it('lists: commas or spaces, trimmed, normalised, once each', () => {
    expect(listFromText(' de, at  DE,,fr ', (s) => s.toUpperCase())).toEqual(['DE', 'AT', 'FR']);
    expect(listFromText('', (s) => s)).toEqual([]);
  });

  it('the tester asks the real evaluator: app-store rules, a country rule, the default, a gate', () => {
    const settings: ScanSettings = scanSettingsSchema.parse({
      v: 1,
      endsAt: '2030-01-01T00:00:00Z',
      fallbacks: { ended: 'https://example.com/closed' },
      rules: [
        { if: [{ type: 'device', in: ['ios'] }], to: 'https://apps.apple.com/app/id1' },
        { if: [{ type: 'country', in: ['DE'] }], to: 'https://example.com/de' },
      ],
    });
    const code = { destination: 'https://example.com/menu', settings, hasPassword: false, capUsed: 0 };
    const base = { country: 'US', language: 'en', query: '', bucket: 0, passwordOk: true } as const;
    const now = new Date('2029-06-01T12:00:00Z');
    const say = (facts: ReturnType<typeof testerFacts>, at = now) =>
      describeDecision(evaluateScan(code, facts, at), settings);
    expect(say(testerFacts({ ...base, visitor: 'ipad' }))).toBe('Goes to https://apps.apple.com/app/id1 (rule 1).');
    expect(say(testerFacts({ ...base, visitor: 'mac', country: 'de' }))).toBe(
      'Goes to https://example.com/de (rule 2).',
    );
    expect(say(testerFacts({ ...base, visitor: 'windows' }))).toBe(
      'Goes to https://example.com/menu (the default destination).',
    );
    expect(say(testerFacts({ ...base, visitor: 'windows' }), new Date('2030-01-01T00:00:00Z'))).toBe(
      'Stopped (ended): the visitor goes to https://example.com/closed.',
    );
  });

  it('moveItem moves one item and keeps the rest in order; out-of-range moves change nothing', () => {
    expect(moveItem(['a', 'b', 'c', 'd'], 3, 0)).toEqual(['d', 'a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c', 'd'], 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveItem(['a', 'b'], 1, 1)).toEqual(['a', 'b']);
    expect(moveItem(['a', 'b'], 2, 0)).toEqual(['a', 'b']);
    expect(moveItem(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
  });

  it('dropIndex: a drop on an item’s upper half lands before it, on its lower half after it', () => {
    // Rule 2 (index 1) dropped on rule 1's upper half: first; on its lower half: where it was.
    expect(dropIndex(1, 0, true)).toBe(0);
    expect(dropIndex(1, 0, false)).toBe(1);
    // Rule 1 dropped on rule 3's lower half (of 3): last; on its upper half: second.
    expect(dropIndex(0, 2, false)).toBe(2);
    expect(dropIndex(0, 2, true)).toBe(1);
    // Every drop, applied by moveItem, puts the item just before or after the one it was dropped on.
    const list = ['a', 'b', 'c', 'd', 'e'];
    for (let from = 0; from < list.length; from++) {
      for (let over = 0; over < list.length; over++) {
        if (over === from) continue;
        for (const upper of [true, false]) {
          const moved = moveItem(list, from, dropIndex(from, over, upper));
          const at = moved.indexOf(list[from]!);
          expect(moved[upper ? at + 1 : at - 1], `${from} on ${over} ${upper}`).toBe(list[over]);
        }
      }
    }
  });

  it('withFallbacks changes some addresses, keeps the others, and drops the key when none is left', () => {
    const stopped = withFallbacks({ v: 1 }, { notStarted: 'https://a.example/', ended: 'https://a.example/' });
    expect(stopped).toEqual({ v: 1, fallbacks: { notStarted: 'https://a.example/', ended: 'https://a.example/' } });
    const paused = withFallbacks(stopped, { paused: 'https://p.example/' });
    expect(paused.fallbacks).toEqual({
      notStarted: 'https://a.example/',
      ended: 'https://a.example/',
      paused: 'https://p.example/',
    });
    expect(withFallbacks(paused, { notStarted: '', ended: '' })).toEqual({
      v: 1,
      fallbacks: { paused: 'https://p.example/' },
    });
    expect(withFallbacks(withFallbacks(paused, { notStarted: '', ended: '' }), { paused: '' })).toEqual({ v: 1 });
    expect(scanSettingsSchema.safeParse(paused).success).toBe(true);
  });
});
