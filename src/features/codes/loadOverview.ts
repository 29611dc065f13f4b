import type { SavedCode } from './codeModel.ts';
import { dashboardSummary, recentCodes } from './codesApi.ts';
import type { DashboardSummary } from './dashboardSummary.ts';

export interface Overview {
  summary: DashboardSummary;
  recent: SavedCode[];
}

/** The overview's data: the summary RPC ("this month" in `timeZone`) and the newest codes, in parallel. */
export async function loadOverview(timeZone: string): Promise<Overview> {
  const [summary, recent] = await Promise.all([dashboardSummary(timeZone), recentCodes(5)]);
  return { summary, recent };
}
