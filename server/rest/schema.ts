// The schema cache of the /rest/v1 subset: the public schema's tables (columns and types) and functions
// (argument names, types, defaults, result shape), read once from the catalogs. Every identifier in a request
// is checked against it and only catalog-provided names and types ever reach the SQL text.
import type { Queryable } from '../lib/db.ts';

export interface Column {
  name: string;
  /** format_type() of the column, e.g. `uuid`, `timestamp with time zone`, `character(2)`. */
  type: string;
}

export interface Relation {
  name: string;
  columns: Map<string, Column>;
}

export interface FunctionArg {
  name: string;
  type: string;
}

export interface FunctionDef {
  name: string;
  /** IN arguments in declaration order; the last `defaults` of them have defaults. */
  inArgs: FunctionArg[];
  defaults: number;
  returnsSet: boolean;
  /** 'void' | 'scalar' | 'composite'. */
  shape: 'void' | 'scalar' | 'composite';
  /** Output columns of a set/composite result (RETURNS TABLE, OUT args or a table row type). */
  columns: Map<string, Column>;
}

export interface SchemaCache {
  relations: Map<string, Relation>;
  functions: Map<string, FunctionDef[]>;
  /** pg_timezone_names: the values `Prefer: timezone=…` accepts, as in PostgREST. */
  timezones?: ReadonlySet<string>;
}

interface ColumnRow {
  relname: string;
  attname: string;
  type: string;
  [key: string]: unknown;
}

interface RawArg {
  name: string | null;
  type: string;
  mode: string;
}

interface FunctionRow {
  proname: string;
  proretset: boolean;
  pronargdefaults: number;
  rettype: string;
  typtype: string;
  retrel: string | null;
  args: RawArg[] | string;
  [key: string]: unknown;
}

const COLUMNS_SQL = `
  SELECT c.relname, a.attname, format_type(a.atttypid, a.atttypmod) AS type
    FROM pg_class c
    JOIN pg_namespace n ON n.oid = c.relnamespace
    JOIN pg_attribute a ON a.attrelid = c.oid
   WHERE n.nspname = 'public' AND c.relkind IN ('r', 'v', 'm', 'p', 'f')
     AND a.attnum > 0 AND NOT a.attisdropped
   ORDER BY c.relname, a.attnum`;

const FUNCTIONS_SQL = `
  SELECT p.proname, p.proretset, p.pronargdefaults::int AS pronargdefaults,
         format_type(p.prorettype, NULL) AS rettype, t.typtype::text AS typtype,
         (SELECT r.relname FROM pg_class r WHERE r.oid = t.typrelid) AS retrel,
         coalesce((
           SELECT json_agg(json_build_object('name', a.name, 'type', format_type(a.typ, NULL), 'mode', a.mode)
                           ORDER BY a.ord)
             FROM unnest(
                    coalesce(p.proallargtypes, p.proargtypes::oid[]),
                    p.proargnames,
                    coalesce(p.proargmodes::text[], array_fill('i'::text, ARRAY[p.pronargs::int]))
                  ) WITH ORDINALITY AS a(typ, name, mode, ord)
         ), '[]'::json) AS args
    FROM pg_proc p
    JOIN pg_namespace n ON n.oid = p.pronamespace
    JOIN pg_type t ON t.oid = p.prorettype
   WHERE n.nspname = 'public' AND p.prokind = 'f'`;

/** Reads the cache (as the connecting role, which sees every catalog row). */
export async function loadSchema(db: Queryable): Promise<SchemaCache> {
  const relations = new Map<string, Relation>();
  for (const row of await db.query<ColumnRow>(COLUMNS_SQL)) {
    let rel = relations.get(row.relname);
    if (!rel) {
      rel = { name: row.relname, columns: new Map() };
      relations.set(row.relname, rel);
    }
    rel.columns.set(row.attname, { name: row.attname, type: row.type });
  }

  const functions = new Map<string, FunctionDef[]>();
  for (const row of await db.query<FunctionRow>(FUNCTIONS_SQL)) {
    const list: RawArg[] = typeof row.args === 'string' ? (JSON.parse(row.args) as RawArg[]) : row.args;
    const inArgs = list
      .filter((a) => a.mode === 'i' || a.mode === 'b' || a.mode === 'v')
      .map((a) => ({ name: a.name ?? '', type: a.type }));
    const columns = new Map<string, Column>();
    for (const a of list) {
      if ((a.mode === 't' || a.mode === 'o' || a.mode === 'b') && a.name) {
        columns.set(a.name, { name: a.name, type: a.type });
      }
    }
    if (columns.size === 0 && row.typtype === 'c' && row.retrel) {
      for (const col of relations.get(row.retrel)?.columns.values() ?? []) columns.set(col.name, col);
    }
    const shape: FunctionDef['shape'] =
      row.rettype === 'void' ? 'void' : row.typtype === 'c' || columns.size > 0 ? 'composite' : 'scalar';
    const def: FunctionDef = {
      name: row.proname,
      inArgs,
      defaults: row.pronargdefaults,
      returnsSet: row.proretset,
      shape,
      columns,
    };
    const overloads = functions.get(row.proname) ?? [];
    overloads.push(def);
    functions.set(row.proname, overloads);
  }
  const timezones = new Set(
    (await db.query<{ name: string }>('SELECT name FROM pg_timezone_names')).map((r) => r.name),
  );
  return { relations, functions, timezones };
}

/** Double-quotes an identifier (names come from the catalog; quotes are still doubled). */
export function ident(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
