import type { SavedCode } from './codeModel.ts';
import { dashboardSummary, recentCodes } from './codesApi.ts';
import type { DashboardSummary } from './dashboardSummary.ts';

export interface Overview {
  summary: DashboardSummary;
  recent: SavedCode[];
}

/** The overview's data: the summary RPC and the newest codes, in parallel. */
export async function loadOverview(): Promise<Overview> {
  const [summary, recent] = await Promise.all([dashboardSummary(), recentCodes(5)]);
  return { summary, recent };
}
