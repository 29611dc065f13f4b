// scan_outcomes rows labelled for the analytics view: rules by number and target host as the settings are now,
// the default destination last, variants by letter, gates in the order they are checked; bigints as strings count.
import { describe, expect, it } from 'vitest';
import { scanOutcomes, targetsOf } from '../../../src/features/analytics/scanOutcomes.ts';
import type { ScanSettings } from '../../../src/shared/rules/schema.ts';

const SETTINGS: ScanSettings = {
  v: 1,
  rules: [
    { if: [{ type: 'device', in: ['ios'] }], to: 'https://apps.apple.com/app/id1' },
    { if: [{ type: 'device', in: ['android'] }], to: 'https://play.google.com/store/apps/details?id=x' },
  ],
  split: {
    variants: [
      { to: 'https://a.example.com/x', weight: 50 },
      { to: 'https://b.example.com/', weight: 50 },
    ],
  },
};

describe('scan outcomes for the analytics view', () => {
  it('labels and orders every kind', () => {
    const rows = [
      { kind: 'gate', value: 'password', scans: '4', unique_scans: '3' },
      { kind: 'rule', value: '', scans: '10', unique_scans: '7' },
      { kind: 'rule', value: '1', scans: 5, unique_scans: 5 },
      { kind: 'variant', value: '1', scans: 6, unique_scans: 4 },
      { kind: 'rule', value: '0', scans: 8, unique_scans: 6 },
      { kind: 'gate', value: 'not_started', scans: 2, unique_scans: 2 },
      { kind: 'variant', value: '0', scans: 4, unique_scans: 3 },
      { kind: 'rule', value: '4', scans: 1, unique_scans: 1 },
      { kind: 'gate', value: 'paused', scans: 1, unique_scans: 1 },
    ];
    expect(scanOutcomes(rows, targetsOf(SETTINGS))).toEqual({
      rules: [
        { label: 'Rule 1 → apps.apple.com', scans: 8, uniqueScans: 6 },
        { label: 'Rule 2 → play.google.com', scans: 5, uniqueScans: 5 },
        { label: 'Rule 5 (no longer in the rules)', scans: 1, uniqueScans: 1 },
        { label: 'No rule matched', scans: 10, uniqueScans: 7 },
      ],
      variants: [
        { label: 'Variant A → a.example.com', scans: 4, uniqueScans: 3 },
        { label: 'Variant B → b.example.com', scans: 6, uniqueScans: 4 },
      ],
      gates: [
        { label: 'Paused', scans: 1, uniqueScans: 1 },
        { label: 'Not started yet', scans: 2, uniqueScans: 2 },
        { label: 'Password not entered', scans: 4, uniqueScans: 3 },
      ],
      links: null,
    });
  });

  it("labels a Links page's clicks by the link's number and label as the page is now", () => {
    const page = {
      type: 'links',
      title: 'Café',
      links: [
        { label: 'Order online', url: 'https://example.com/order' },
        { label: 'Instagram', url: 'https://instagram.com/x' },
      ],
    };
    const rows = [
      { kind: 'link', value: '1', scans: '3', unique_scans: '0' },
      { kind: 'link', value: '4', scans: 1, unique_scans: 0 },
      { kind: 'link', value: '0', scans: 12, unique_scans: 0 },
      { kind: 'link', value: 'x', scans: 1, unique_scans: 0 },
    ];
    expect(scanOutcomes(rows, targetsOf(null, page)).links).toEqual([
      { label: '1. Order online', scans: 12, uniqueScans: 0 },
      { label: '2. Instagram', scans: 3, uniqueScans: 0 },
      { label: 'Link 5 (no longer on the page)', scans: 1, uniqueScans: 0 },
    ]);
    // A code without a Links page has no link table, whatever the rows say.
    expect(scanOutcomes(rows, targetsOf(null, { type: 'vcard', links: [] })).links).toBeNull();
  });

  it('reads targets loosely from whatever is stored', () => {
    expect(targetsOf({ rules: [{ to: 'https://x.example/' }, null], split: 'odd' })).toEqual({
      rules: ['https://x.example/', ''],
      variants: [],
      links: null,
    });
    expect(targetsOf(undefined)).toEqual({ rules: [], variants: [], links: null });
  });

  it('drops rows it cannot name, and works without settings', () => {
    const rows = [
      { kind: 'gate', value: 'weather', scans: 1, unique_scans: 1 },
      { kind: 'rule', value: 'x', scans: 1, unique_scans: 1 },
      { kind: 'other', value: '0', scans: 1, unique_scans: 1 },
      { kind: 'variant', value: '0', scans: 2, unique_scans: 2 },
    ];
    expect(scanOutcomes(rows, targetsOf(null))).toEqual({
      rules: [],
      variants: [{ label: 'Variant A', scans: 2, uniqueScans: 2 }],
      gates: [],
      links: null,
    });
  });
});
