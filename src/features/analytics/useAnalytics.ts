import { useLatestLoad } from '../../lib/useLatestLoad.ts';
import { getSupabase } from '../../lib/supabaseClient.ts';
import {
  fetchAnalytics,
  fetchCodeOptions,
  fetchScanOutcomes,
  type AnalyticsData,
  type CodeOption,
} from './analyticsApi.ts';
import type { ScanOutcomes } from './scanOutcomes.ts';
import type { DayRange } from './dateRange.ts';

export type Loadable<T> = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; data: T };

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Loads a value whenever `key` changes; a result for an older key is dropped (latest wins), and `retry`
 * loads again after an error. Until this key (and attempt) has answered, the page shows "loading", never stale
 * numbers.
 */
function useLoad<T>(key: string, load: (signal: AbortSignal) => Promise<T>): { state: Loadable<T>; retry: () => void } {
  const { state, retry } = useLatestLoad<T>(key, load);
  if (state.status === 'ready') return { state, retry };
  if (state.status === 'error') return { state: { status: 'error', message: messageOf(state.error) }, retry };
  return { state: { status: 'loading' }, retry };
}

export function useCodeOptions() {
  return useLoad<CodeOption[]>('codes', (signal) => fetchCodeOptions(getSupabase(), signal));
}

export function useAnalyticsData(range: DayRange, codeId: string | null, timeZone: string) {
  const key = `${range.from}|${range.to}|${codeId ?? ''}|${timeZone}`;
  return useLoad<AnalyticsData>(key, (signal) => fetchAnalytics(getSupabase(), range, codeId, timeZone, signal));
}

export function useScanOutcomes(range: DayRange, codeId: string, timeZone: string) {
  const key = `outcomes|${range.from}|${range.to}|${codeId}|${timeZone}`;
  return useLoad<ScanOutcomes>(key, (signal) => fetchScanOutcomes(getSupabase(), range, codeId, timeZone, signal));
}
