// The API's store on the local server. The key lookup runs as service_role through resolve_api_key (a hash in,
// an owner id out: the only thing it can do); everything else runs in a transaction as the key's owner, role
// `authenticated` with the user's id in request.jwt.claims, exactly as /rest/v1 runs a signed-in request
// (server/rest/as-role.ts), so grants, RLS and the plan-limit triggers decide.
import type { Deps } from '../lib/deps.ts';
import type { Queryable } from '../lib/db.ts';
import { runAs } from '../rest/as-role.ts';
import { deleteScansOfCodes } from '../rest/delete-in-parts.ts';
import type { RunAs } from '../rest/handle.ts';
import { openLocalExportSession } from '../export/local-session.ts';
import { ApiV1Error } from '../../src/shared/handlers/api/errors.ts';
import type { CodeCreate, CodePatch } from '../../src/shared/handlers/api/schemas.ts';
import { scanStatsFrom, type CountRow } from '../../src/shared/handlers/api/scan-stats.ts';
import type { ApiStore, ScanRange, StoredCode, UserSession } from '../../src/shared/handlers/api/store.ts';

const UTC_MICROS = `'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'`;
const CODE_COLUMNS = `id::text AS id, name, type, content, destination, design, is_dynamic, slug, status, scan_settings, page,
  to_char(created_at AT TIME ZONE 'UTC', ${UTC_MICROS}) AS created_at,
  to_char(updated_at AT TIME ZONE 'UTC', ${UTC_MICROS}) AS updated_at`;

/** The columns a patch may set, in a fixed order (never a name taken from the request). */
const PATCHABLE = [
  'name',
  'type',
  'content',
  'destination',
  'design',
  'is_dynamic',
  'status',
  'scan_settings',
  'page',
] as const;

/** The jsonb columns: sent as JSON text (null stays SQL null). */
const JSONB: ReadonlySet<string> = new Set(['design', 'scan_settings', 'page']);

type CodeRow = StoredCode & Record<string, unknown>;

function userSession(deps: Deps, userId: string): UserSession {
  const caller = `user:${userId}`;
  const claims = { sub: userId, role: 'authenticated', aud: 'authenticated' };
  const timeout = deps.config.apiLimits.statementTimeoutMs.authenticated;
  // One caller holds at most the data API's share of connections (or PGlite turns), as on /rest/v1.
  const asUser = async <T>(fn: (tx: Queryable) => Promise<T>): Promise<T> => {
    const leave = await deps.gate.enter(caller);
    if (!leave)
      throw new ApiV1Error(429, 'rate_limited', 'Too many requests in flight with this key', { 'Retry-After': '1' });
    try {
      return await runAs(deps.apiDb, 'authenticated', claims, fn, timeout, caller);
    } finally {
      leave();
    }
  };
  const one = async (sql: string, params: unknown[]) =>
    (await asUser((tx) => tx.query<CodeRow>(sql, params)))[0] ?? null;

  return {
    listCodes: (limit, offset) =>
      asUser(async (tx) => {
        const [total] = await tx.query<{ total: number }>('SELECT count(*)::int AS total FROM public.qr_codes');
        const codes = await tx.query<CodeRow>(
          `SELECT ${CODE_COLUMNS} FROM public.qr_codes ORDER BY created_at DESC, id DESC LIMIT $1 OFFSET $2`,
          [limit, offset],
        );
        return { codes, total: total?.total ?? 0 };
      }),
    getCode: (id) => one(`SELECT ${CODE_COLUMNS} FROM public.qr_codes WHERE id = $1::uuid`, [id]),
    createCode: async (input: CodeCreate) => {
      const row = await one(
        `INSERT INTO public.qr_codes (name, type, content, destination, design, is_dynamic, status, scan_settings, page)
         VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7, $8::jsonb, $9::jsonb) RETURNING ${CODE_COLUMNS}`,
        [
          input.name,
          input.type,
          input.content,
          input.destination ?? null,
          JSON.stringify(input.design),
          input.is_dynamic,
          input.status,
          input.scan_settings ? JSON.stringify(input.scan_settings) : null,
          input.page ? JSON.stringify(input.page) : null,
        ],
      );
      if (!row) throw new Error('insert returned no row');
      return row;
    },
    updateCode: (id, patch: CodePatch) => {
      const fields = PATCHABLE.filter((name) => patch[name] !== undefined);
      const values = fields.map((name) =>
        JSONB.has(name) && patch[name] !== null ? JSON.stringify(patch[name]) : patch[name],
      );
      const sets = fields.map((name, i) => `${name} = $${i + 2}${JSONB.has(name) ? '::jsonb' : ''}`);
      return one(`UPDATE public.qr_codes SET ${sets.join(', ')} WHERE id = $1::uuid RETURNING ${CODE_COLUMNS}`, [
        id,
        ...values,
      ]);
    },
    deleteCode: async (id) => {
      // On PGlite a code's scans go first, in parts (rest/delete-in-parts.ts): one statement per code was 0.1 s
      // or more for a few thousand scans, with every other user waiting.
      const { partRows } = deps.config.apiLimits;
      if (partRows > 0 && (await one('SELECT id::text AS id FROM public.qr_codes WHERE id = $1::uuid', [id]))) {
        const runService: RunAs = (fn) =>
          runAs(
            deps.apiDb,
            'service_role',
            { role: 'service_role' },
            fn,
            deps.config.apiLimits.statementTimeoutMs.service_role,
            caller,
          );
        await deleteScansOfCodes([id], { runService, partRows });
      }
      return (await one('DELETE FROM public.qr_codes WHERE id = $1::uuid RETURNING id::text AS id', [id])) !== null;
    },
    scanStats: (id, range: ScanRange) =>
      asUser(async (tx) => {
        const visible = await tx.query('SELECT 1 FROM public.qr_codes WHERE id = $1::uuid', [id]);
        if (visible.length === 0) return null;
        const instants = [range.fromInstant, range.toInstant, id];
        const breakdown = (fn: string, key: string) =>
          tx.query<CountRow & Record<string, string | null>>(
            `SELECT ${key}, scans, unique_scans FROM public.${fn}($1::timestamptz, $2::timestamptz, $3::uuid)`,
            instants,
          );
        const perDay = await tx.query<CountRow & { day: string } & Record<string, unknown>>(
          `SELECT to_char(day, 'YYYY-MM-DD') AS day, scans, unique_scans FROM public.scans_per_day($1::date, $2::date, $3::uuid, $4)`,
          [range.fromDay, range.toDay, id, range.timeZone],
        );
        const [country, device, os, browser] = [
          await breakdown('scans_by_country', 'country'),
          await breakdown('scans_by_device', 'device_type'),
          await breakdown('scans_by_os', 'os'),
          await breakdown('scans_by_browser', 'browser'),
        ];
        return scanStatsFrom({ perDay, country, device, os, browser });
      }),
    exportSession: async () => {
      // The export's local session takes an access token; this one is the key owner's, minted here and used
      // only inside this process, so the export reads through the same code and limits as the app's.
      const { jwt } = await deps.signer.sign(
        {
          aud: 'authenticated',
          sub: userId,
          email: '',
          phone: '',
          app_metadata: {},
          user_metadata: {},
          role: 'authenticated',
          aal: 'aal1',
          amr: [],
          session_id: '',
          is_anonymous: false,
        },
        deps.config.now(),
      );
      return openLocalExportSession(deps, jwt);
    },
  };
}

export function createLocalApiStore(deps: Deps): ApiStore {
  return {
    resolveKey: async (keyHash) => {
      const rows = await runAs(deps.apiDb, 'service_role', { role: 'service_role' }, (tx) =>
        tx.query<{ user_id: string | null }>('SELECT public.resolve_api_key($1)::text AS user_id', [keyHash]),
      );
      return rows[0]?.user_id ?? null;
    },
    asUser: (userId) => userSession(deps, userId),
  };
}
