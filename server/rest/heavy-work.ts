// Which /rest/v1 functions are heavy work (seconds of database time, not milliseconds), and the 429 a caller
// gets when its budget of heavy work is spent or its heavy requests are all running and waiting
// (lib/work-budget.ts, docs/security.md).
import type { WorkBudget } from '../lib/work-budget.ts';
import { restRateLimited } from './errors.ts';

/** Functions that write thousands of rows in one call: sample data (4,580 scans) and bulk batch commits. */
export const HEAVY_FUNCTIONS: ReadonlySet<string> = new Set([
  'load_sample_data',
  'commit_code_batch',
  'commit_code_batch_begin',
  'commit_code_batch_part',
]);

/** A place for one heavy request of principal; throws 429 (PostgREST's shape, Retry-After) when refused. */
export async function enterHeavyWork(work: WorkBudget, principal: string): Promise<() => void> {
  const ticket = await work.enter(principal);
  if (ticket.ok) return ticket.leave;
  throw restRateLimited(
    ticket.retryAfterSec,
    ticket.reason === 'budget'
      ? 'too many heavy requests (sample data, batch commits, exports) this minute'
      : 'heavy work at once',
  );
}
