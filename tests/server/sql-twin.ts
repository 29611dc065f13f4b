// A zod schema and its SQL twin (a `public.<name>_problem(jsonb)` function that answers why a value is refused, or
// null) judge the same values: the SQL side in one query, in order. Used by the scan settings and hosted page checks.
import type { z } from 'zod';
import type { Queryable } from '../../server/lib/db.ts';

export interface TwinVerdicts {
  /** Values the two judge differently, each with both verdicts (the first 300 characters of the value). */
  mismatches: string[];
  /** How many values the zod schema accepts. */
  accepted: number;
}

export async function compareWithSqlTwin(
  db: Queryable,
  sqlFunction: 'scan_settings_problem' | 'hosted_page_problem',
  schema: z.ZodType,
  values: readonly unknown[],
): Promise<TwinVerdicts> {
  const texts = values.map((v) => JSON.stringify(v));
  const rows = await db.query<{ problem: string | null }>(
    `select public.${sqlFunction}(t::jsonb) as problem from unnest($1::text[]) with ordinality as u(t, n) order by n`,
    [texts],
  );
  if (rows.length !== values.length) throw new Error(`${sqlFunction}: ${rows.length} answers for ${values.length}`);
  const mismatches: string[] = [];
  let accepted = 0;
  values.forEach((value, i) => {
    const zod = schema.safeParse(value);
    const sql = rows[i]!.problem;
    if (zod.success) accepted++;
    if (zod.success !== (sql === null)) {
      const why = zod.success ? 'accepts' : zod.error.issues[0]?.message;
      mismatches.push(`${texts[i]!.slice(0, 300)}: zod ${why}, SQL ${sql ?? 'accepts'}`);
    }
  });
  return { mismatches, accepted };
}
