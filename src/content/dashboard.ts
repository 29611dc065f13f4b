/**
 * The dashboard cards of spec §9. The overview keeps these titles and shows the user's own figures from
 * `dashboard_summary()` (src/features/codes); the spec's sample values stay here for reference. The sample rows
 * (Restaurant Menu, Business Card, Event Tickets) now live in the database: rpc `load_sample_data`.
 */
export interface SummaryCard {
  title: string;
  value: string;
  note: string;
  icon: 'qr' | 'scans' | 'campaigns' | 'daily';
}

export const SUMMARY_CARDS: readonly SummaryCard[] = [
  { title: 'Total QR Codes', value: '24', note: '+3 this month', icon: 'qr' },
  { title: 'Total Scans', value: '45.2K', note: '+12% from last month', icon: 'scans' },
  { title: 'Active Campaigns', value: '8', note: '2 ending soon', icon: 'campaigns' },
  { title: 'Avg. Scans/Day', value: '1.5K', note: 'Average scans per day', icon: 'daily' },
];
