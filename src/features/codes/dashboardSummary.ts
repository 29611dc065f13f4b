import { z } from 'zod';
import { SUMMARY_CARDS, type SummaryCard } from '../../content/dashboard.ts';
import { formatChange, formatCompact } from './formatFigures.ts';

const count = z.coerce.number().finite().catch(0);

/** The jsonb `dashboard_summary()` returns (numeric fields may arrive as strings from some drivers). */
export const dashboardSummarySchema = z.object({
  total_codes: count,
  codes_this_month: count,
  total_scans: count,
  scans_last_30_days: count,
  scans_previous_30_days: count,
  scans_change_pct: z.coerce.number().finite().nullable().catch(null),
  active_dynamic_codes: count,
  avg_scans_per_day: count,
  total_unique_scans: count,
  unique_scans_last_30_days: count,
  unique_scans_previous_30_days: count,
});

export type DashboardSummary = z.infer<typeof dashboardSummarySchema>;

/** A spec card, with the unique-scan figure under the scan figure where the card counts scans. */
export interface OverviewCard extends SummaryCard {
  unique?: string;
}

const titleOf = (icon: SummaryCard['icon']) => SUMMARY_CARDS.find((c) => c.icon === icon)?.title ?? '';

/** The four cards of spec §9 with the user's own figures; titles stay the spec's, unique scans are added. */
export function summaryCards(s: DashboardSummary): OverviewCard[] {
  return [
    {
      icon: 'qr',
      title: titleOf('qr'),
      value: formatCompact(s.total_codes),
      note: `+${String(s.codes_this_month)} this month`,
    },
    {
      icon: 'scans',
      title: titleOf('scans'),
      value: formatCompact(s.total_scans),
      unique: `Unique scans: ${formatCompact(s.total_unique_scans)}`,
      note: formatChange(s.scans_change_pct),
    },
    {
      icon: 'campaigns',
      title: titleOf('campaigns'),
      value: formatCompact(s.active_dynamic_codes),
      note: 'Active dynamic codes',
    },
    {
      icon: 'daily',
      title: titleOf('daily'),
      value: formatCompact(s.avg_scans_per_day),
      unique: `Unique scans: ${formatCompact(Math.round((s.unique_scans_last_30_days / 30) * 10) / 10)}`,
      note: 'Average scans per day (30 days)',
    },
  ];
}
