import { useCallback, useEffect, useState } from 'react';
import { getSupabase } from '../auth/supabaseClient.ts';
import { fetchAnalytics, fetchCodeOptions, type AnalyticsData, type CodeOption } from './analyticsApi.ts';
import type { DayRange } from './dateRange.ts';

export type Loadable<T> =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; data: T };

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Loads a value whenever `key` changes; a result for an older key is dropped (latest wins), and `retry`
 * loads again after an error.
 */
function useLoad<T>(key: string, load: () => Promise<T>): { state: Loadable<T>; retry: () => void } {
  const [state, setState] = useState<{ key: string; attempt: number; value: Loadable<T> }>({
    key: '',
    attempt: -1,
    value: { status: 'loading' },
  });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let current = true;
    load().then(
      (data) => current && setState({ key, attempt, value: { status: 'ready', data } }),
      (error: unknown) => current && setState({ key, attempt, value: { status: 'error', message: messageOf(error) } }),
    );
    return () => {
      current = false;
    };
    // `load` is rebuilt on every render; `key` names what it loads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  // Until the effect for this key (and attempt) has answered, the page shows "loading", never stale numbers.
  const fresh = state.key === key && state.attempt === attempt;
  return { state: fresh ? state.value : { status: 'loading' }, retry };
}

export function useCodeOptions() {
  return useLoad<CodeOption[]>('codes', () => fetchCodeOptions(getSupabase()));
}

export function useAnalyticsData(range: DayRange, codeId: string | null) {
  const key = `${range.from}|${range.to}|${codeId ?? ''}`;
  return useLoad<AnalyticsData>(key, () => fetchAnalytics(getSupabase(), range, codeId));
}
