// Heavy functions run in parts on PGlite (issue 36, defect 1). PGlite runs one statement at a time for every
// user, and the server's lane lock (lib/lane-lock.ts) hands it over only between transactions: a 10,000-row batch
// commit or the 4,580 sample scans, each one transaction, kept every other user's login and read waiting for
// seconds. Here each part is its own transaction of at most `partRows` rows, so others' requests run between two
// parts. The SQL functions are cut so that the parts are theirs (supabase/migrations/20261129000400_bulk_work_in_parts.sql);
// on PostgreSQL (partRows 0) the whole functions run in one transaction, as on Supabase.
//
// What the caller sees is the same answer as from the whole function. While the parts run, the caller's own
// other requests may see the work half done (some sample scans, some of the batch's codes); nobody else can see
// it (RLS). A part that fails undoes the parts before it: a batch's codes go back to being staged rows, sample
// codes are deleted. Only a crash of the server between two parts leaves the work half done.
import type { RunAs } from './handle.ts';
import type { RpcPlan } from './plan-rpc.ts';

/** The functions this module runs in parts. */
export const FUNCTIONS_IN_PARTS: ReadonlySet<string> = new Set([
  'load_sample_data',
  'commit_code_batch',
  'commit_code_batch_part',
]);

export interface Parts {
  /** Transactions as the caller. */
  run: RunAs;
  /** Transactions as service_role (sample scans: only the redirect and sample data write scans). */
  runService: RunAs;
  /** Rows per part. */
  partRows: number;
  /** Answers plan as the whole function would, running it (or, given rows, only shaping them) with `run`. */
  answer(plan: RpcPlan, run: RunAs): Promise<Response>;
}

/**
 * Between two parts: a millisecond for the event loop. The lane lock serves whoever waits when a part ends, but a
 * request that has just arrived is not waiting yet: it is read, its token checked (in the thread pool), then it
 * queues. Without a pause the next part, queued at once, would take the database again before it.
 */
export const betweenParts = (): Promise<void> => new Promise<void>((resolve) => setTimeout(resolve, 1));

/** Rows of a function's answer, computed already: `run` hands them to the answer as if the function had run. */
const precomputed =
  (rows: Record<string, unknown>[]): RunAs =>
  (fn) =>
    fn({ query: <T>() => Promise.resolve(rows as T[]), exec: () => Promise.resolve() });

/**
 * Runs plan in parts when it is one of FUNCTIONS_IN_PARTS called in a way this module knows (a JSON answer);
 * undefined to let the caller run it whole.
 */
export async function runInParts(plan: RpcPlan, parts: Parts): Promise<Response | undefined> {
  switch (plan.call.fn) {
    case 'load_sample_data':
      return loadSampleData(plan, parts);
    case 'commit_code_batch':
    case 'commit_code_batch_part': {
      if (plan.kind !== 'scalar' || plan.media.format !== 'json' || plan.media.stripNulls) return undefined;
      const arg = (name: string) => plan.call.args.find((a) => a.arg.name === name)?.value;
      const batch = arg('p_batch');
      if (batch === undefined) return undefined;
      const limit = plan.call.fn === 'commit_code_batch' ? null : arg('p_rows');
      if (limit !== null && limit !== undefined && !(Number.isInteger(limit) && (limit as number) >= 0))
        return undefined;
      return commitBatch(plan, parts, batch, plan.call.fn === 'commit_code_batch', (limit ?? null) as number | null);
    }
    default:
      return undefined;
  }
}

/** Sample scans per part, for parts of `partRows` batch rows. */
export const sampleScansPerPart = (partRows: number): number => Math.max(1, Math.floor(partRows / 2));

interface SampleScans {
  code: string;
  scans: number;
  at: string;
}

/**
 * load_sample_data: the function stores the three codes and answers with them (one short transaction), leaving
 * their scans to us (qrcraft.sample_scans = 'later'); the scans follow in parts, then the answer is sent.
 */
async function loadSampleData(plan: RpcPlan, parts: Parts): Promise<Response> {
  let pending: SampleScans[] = [];
  const res = await parts.answer(plan, (fn) =>
    parts.run(async (tx) => {
      await tx.query(`SELECT set_config('qrcraft.sample_scans', 'later', true)`);
      const out = await fn(tx);
      const [row] = await tx.query<{ p: string | null }>(
        `SELECT current_setting('qrcraft.sample_scans_pending', true) AS p`,
      );
      pending = row?.p ? (JSON.parse(row.p) as SampleScans[]) : [];
      return out;
    }),
  );
  // A scan costs about twice a batch row: besides its own row it updates 15 rollup rows (5 dimensions, 3 grains).
  const perPart = sampleScansPerPart(parts.partRows);
  try {
    for (const { code, scans, at } of pending) {
      for (let first = 1; first <= scans; first += perPart) {
        const last = Math.min(scans, first + perPart - 1);
        await betweenParts();
        await parts.runService((tx) =>
          tx.query('SELECT public.sample_scans(ARRAY[$1::uuid], ARRAY[$2::int], ARRAY[$3::int], $4::timestamptz)', [
            code,
            first,
            last,
            at,
          ]),
        );
      }
    }
  } catch (err) {
    const codes = pending.map((p) => p.code);
    await parts.runService((tx) => tx.query('DELETE FROM public.qr_codes WHERE id = ANY($1::uuid[])', [codes]));
    throw err;
  }
  return res;
}

interface SavedRow {
  row: number;
  slug: string;
}

/**
 * commit_code_batch (begin, then parts until the batch is empty) or commit_code_batch_part with its row count
 * (parts until that many rows). A failing part undoes the earlier ones: their codes go back to staged rows (and
 * for a whole commit the batch's record goes, as the whole function's rollback would).
 */
async function commitBatch(
  plan: RpcPlan,
  parts: Parts,
  batch: unknown,
  whole: boolean,
  limit: number | null,
): Promise<Response> {
  const { run, partRows } = parts;
  if (whole) await run((tx) => tx.query('SELECT public.commit_code_batch_begin($1::uuid)', [batch]));
  const saved: SavedRow[] = [];
  try {
    for (;;) {
      const want = limit === null ? partRows : Math.min(partRows, limit - saved.length);
      await betweenParts();
      const [row] = await run((tx) =>
        tx.query<{ body: string }>('SELECT public.commit_code_batch_part($1::uuid, $2)::text AS body', [batch, want]),
      );
      const part = JSON.parse(row?.body ?? '[]') as SavedRow[];
      saved.push(...part);
      if (part.length < want || (limit !== null && saved.length >= limit)) break;
    }
  } catch (err) {
    await run(async (tx) => {
      await tx.query(
        `WITH gone AS (
           DELETE FROM public.qr_codes c USING unnest($2::text[], $3::int[]) AS t (slug, pos)
            WHERE c.slug = t.slug
           RETURNING t.pos, c.name, c.type, c.content, c.destination, c.design, c.is_dynamic)
         INSERT INTO public.code_batch_rows (batch_id, position, name, type, content, destination, design, is_dynamic)
         SELECT $1::uuid, pos, name, type, content, destination, design, is_dynamic FROM gone`,
        [batch, saved.map((s) => s.slug), saved.map((s) => s.row)],
      );
      if (whole) await tx.query('DELETE FROM public.code_batch_commits WHERE batch_id = $1::uuid', [batch]);
    });
    throw err;
  }
  // The answer's text as the whole function's: to_json of the jsonb value (jsonb's own spacing and key order).
  const body = JSON.stringify(saved);
  const [shaped] = await run((tx) => tx.query<{ body: string }>('SELECT to_json($1::jsonb)::text AS body', [body]));
  return parts.answer(plan, precomputed([{ body: shaped?.body ?? '[]' }]));
}
