/**
 * Whether a batch may be saved, decided before anything is sent: a dynamic batch needs every row to be a link
 * a short URL can redirect to, and the free plan's 3 dynamic codes hold for the batch as a whole (the database
 * enforces the same limit per statement; this says it first, in words, with nothing saved).
 */
import { dynamicEligibility } from '../codes/dynamicEligibility.ts';
import type { CheckedRow } from './rowCheck.ts';

export type BatchKind = 'static' | 'dynamic';

/** Spec §9: the free plan's dynamic codes (supabase/migrations, check_dynamic_code_limit). */
export const FREE_DYNAMIC_LIMIT = 3;

export type BatchPlan = { ok: true } | { ok: false; reason: string };

const rowList = (rows: number[]) =>
  rows.length <= 10 ? rows.join(', ') : `${rows.slice(0, 10).join(', ')} and ${rows.length - 10} more`;

export function planBatch(
  rows: readonly CheckedRow[],
  kind: BatchKind,
  existingDynamic: number,
  redirectBase: string,
): BatchPlan {
  if (rows.length === 0) return { ok: false, reason: 'There are no rows to save.' };
  if (kind === 'static') return { ok: true };
  const notLinks = rows.filter((r) => !dynamicEligibility(r.type, r.content, redirectBase).ok).map((r) => r.row);
  if (notLinks.length > 0) {
    return {
      ok: false,
      reason: `Only web links can be dynamic codes, and row${notLinks.length === 1 ? '' : 's'} ${rowList(notLinks)} ${notLinks.length === 1 ? 'is' : 'are'} not. Nothing was saved: save the batch as static codes, or take those rows out.`,
    };
  }
  const total = existingDynamic + rows.length;
  if (total > FREE_DYNAMIC_LIMIT) {
    const room = Math.max(0, FREE_DYNAMIC_LIMIT - existingDynamic);
    return {
      ok: false,
      reason:
        `The free plan allows ${FREE_DYNAMIC_LIMIT} dynamic QR codes. You have ${existingDynamic} and this batch adds ${rows.length}, ` +
        `${total - FREE_DYNAMIC_LIMIT} too many. Nothing was saved: ` +
        (room > 0 ? `save at most ${room} row${room === 1 ? '' : 's'} as dynamic, ` : '') +
        'save the batch as static codes, or upgrade to Pro for unlimited dynamic codes.',
    };
  }
  return { ok: true };
}
