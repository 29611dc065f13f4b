import { useAtomValue } from 'jotai';
import { toDataError, type DataError } from '../../lib/dataError.ts';
import { useLatestLoad } from '../../lib/useLatestLoad.ts';
import { codesVersionAtom } from './codesAtoms.ts';

export type CodesQueryState<T> =
  { status: 'loading' } | { status: 'ready'; data: T } | { status: 'error'; error: DataError };

/**
 * Loads `load()` for `key` (and again after any change to the user's codes or a `retry()`); only the newest
 * key's answer is kept, so a slow old page never replaces a newer one.
 */
export function useCodesQuery<T>(
  key: string,
  load: (signal: AbortSignal) => Promise<T>,
): CodesQueryState<T> & { retry: () => void } {
  const version = useAtomValue(codesVersionAtom);
  const { state, retry } = useLatestLoad<T>(`${key}#${String(version)}`, load);
  if (state.status === 'ready') return { ...state, retry };
  if (state.status === 'error') return { status: 'error', error: toDataError(state.error), retry };
  return { status: 'loading', retry };
}
