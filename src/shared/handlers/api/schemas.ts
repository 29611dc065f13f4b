// The API's request and response shapes, as zod schemas with OpenAPI metadata: the routes validate with them
// and /api/v1/openapi.json is generated from them, so the document cannot drift from what the server accepts.
import { z } from '@hono/zod-openapi';
import { normalizeDestination } from '../../destination.ts';
import { hostedPageSchema } from '../../pages/schema.ts';
import { scanSettingsSchema } from '../../rules/schema.ts';
import { isCalendarDay } from '../../time/calendarDays.ts';

/** A design is a JSON object of at most 16 KiB (the database's check). */
export const MAX_DESIGN_BYTES = 16 * 1024;
/** Days one scans request may cover (scans_per_day's limit). */
export const MAX_RANGE_DAYS = 367;
/** Levels a design may nest, as /rest/v1 caps JSON: deeper values only make the validators and jsonb recurse. */
export const MAX_DESIGN_DEPTH = 64;
/** The last day a range may end on: the instant after it still has a four-digit year, which Postgres parses. */
const LAST_DAY = '9999-12-30';

/** Postgres text and jsonb cannot hold U+0000. */
const NO_NUL = [(value: string) => !value.includes('\u0000'), { message: 'must not contain NUL characters' }] as const;

/** Why a design cannot be stored (too deep, or a NUL in a key or string), walked without recursion; null if it can. */
function designProblem(design: unknown): string | null {
  const stack: Array<[unknown, number]> = [[design, 1]];
  while (stack.length > 0) {
    const [value, depth] = stack.pop()!;
    if (typeof value === 'string' && value.includes('\u0000')) return 'must not contain NUL characters';
    if (typeof value !== 'object' || value === null) continue;
    if (depth > MAX_DESIGN_DEPTH) return `must not nest more than ${MAX_DESIGN_DEPTH} levels`;
    for (const [key, child] of Object.entries(value)) {
      if (key.includes('\u0000')) return 'must not contain NUL characters';
      stack.push([child, depth + 1]);
    }
  }
  return null;
}

export const ErrorSchema = z
  .object({
    error: z.object({
      code: z.string().openapi({ example: 'invalid_request' }),
      message: z.string().openapi({ example: '"limit" must be a whole number from 1 to 100' }),
    }),
  })
  .openapi('Error');

const TIMESTAMP = z.string().openapi({ format: 'date-time', example: '2026-11-24T10:00:00.000000Z' });

export const CodeSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    type: z.string().openapi({ example: 'URL' }),
    content: z.string().openapi({ description: 'What a static code encodes (informational for a dynamic code).' }),
    destination: z.string().nullable().openapi({ description: 'Where a dynamic code redirects.' }),
    design: z.record(z.string(), z.unknown()).openapi({ description: 'The design the app renders the code with.' }),
    is_dynamic: z.boolean(),
    slug: z.string().openapi({ example: 'aB3dE6gH' }),
    short_url: z.string().nullable().openapi({ description: "A dynamic code's short URL; null for a static code." }),
    status: z.enum(['active', 'paused']),
    scan_settings: z.record(z.string(), z.unknown()).nullable().openapi({
      description:
        'Gates, redirect rules, A/B split, UTM template and query forwarding of a dynamic code (ScanSettings).',
    }),
    page: z.record(z.string(), z.unknown()).nullable().openapi({
      description: 'The hosted page a scan of this dynamic code shows instead of redirecting (HostedPage), or null.',
    }),
    created_at: TIMESTAMP,
    updated_at: TIMESTAMP,
  })
  .openapi('Code');

const destination = z
  .string()
  .max(4096)
  .transform((value, ctx) => {
    const result = normalizeDestination(value);
    if (result.ok) return result.url;
    ctx.addIssue({ code: 'custom', message: result.reason });
    return z.NEVER;
  })
  .openapi({ type: 'string', format: 'uri', example: 'https://example.com/menu' });

const design = z.record(z.string(), z.unknown()).superRefine((value, ctx) => {
  // Depth first: JSON.stringify of a deeply nested value runs out of stack.
  const problem =
    designProblem(value) ??
    (new TextEncoder().encode(JSON.stringify(value)).length > MAX_DESIGN_BYTES
      ? `must be a JSON object of at most ${MAX_DESIGN_BYTES} bytes`
      : null);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

const codeFields = {
  name: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .refine(...NO_NUL),
  type: z
    .string()
    .trim()
    .min(1)
    .max(40)
    .refine(...NO_NUL),
  content: z
    .string()
    .max(7089)
    .refine(...NO_NUL),
  destination: destination.nullable(),
  design,
  is_dynamic: z.boolean(),
  status: z.enum(['active', 'paused']),
  // The shared schema of src/shared/rules/schema.ts, which the database's check mirrors.
  scan_settings: scanSettingsSchema.nullable().openapi('ScanSettings'),
  // The shared schema of src/shared/pages/schema.ts, which the database's check mirrors.
  page: hostedPageSchema.nullable().openapi('HostedPage'),
};

export const CodeCreateSchema = z
  .strictObject({
    name: codeFields.name,
    type: codeFields.type.default('URL'),
    content: codeFields.content.default(''),
    destination: codeFields.destination.optional(),
    design: codeFields.design.default({}),
    is_dynamic: codeFields.is_dynamic.default(false),
    status: codeFields.status.default('active'),
    scan_settings: codeFields.scan_settings.optional(),
    page: codeFields.page.optional(),
  })
  .superRefine((code, ctx) => {
    if (code.is_dynamic && !code.destination && !code.page) {
      ctx.addIssue({ code: 'custom', path: ['destination'], message: 'is required for a dynamic code without a page' });
    }
    if (!code.is_dynamic && code.scan_settings) {
      ctx.addIssue({ code: 'custom', path: ['scan_settings'], message: 'is for dynamic codes only' });
    }
    if (!code.is_dynamic && code.page) {
      ctx.addIssue({ code: 'custom', path: ['page'], message: 'is for dynamic codes only' });
    }
    if (!code.is_dynamic && code.content === '') {
      ctx.addIssue({ code: 'custom', path: ['content'], message: 'is required for a static code' });
    }
  })
  .openapi('CodeCreate');

export const CodePatchSchema = z
  .strictObject({
    name: codeFields.name.optional(),
    type: codeFields.type.optional(),
    content: codeFields.content.optional(),
    destination: codeFields.destination.optional(),
    design: codeFields.design.optional(),
    is_dynamic: codeFields.is_dynamic.optional(),
    status: codeFields.status.optional(),
    scan_settings: codeFields.scan_settings.optional(),
    page: codeFields.page.optional(),
  })
  .refine((patch) => Object.keys(patch).length > 0, { message: 'send at least one field to change' })
  .openapi('CodePatch');

export type CodeCreate = z.output<typeof CodeCreateSchema>;
export type CodePatch = z.output<typeof CodePatchSchema>;

/** A whole number within bounds, from a query string: no signs, exponents, blanks or fractions slip through. */
const wholeNumber = (name: string, min: number, max: number, fallback: number) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return fallback;
      const n = /^\d{1,9}$/.test(value) ? Number(value) : NaN;
      if (n >= min && n <= max) return n;
      ctx.addIssue({ code: 'custom', message: `"${name}" must be a whole number from ${min} to ${max}` });
      return z.NEVER;
    })
    .openapi({ type: 'integer', minimum: min, maximum: max, default: fallback });

export const ListQuerySchema = z.object({
  limit: wholeNumber('limit', 1, 100, 20).openapi({ param: { name: 'limit', in: 'query' } }),
  offset: wholeNumber('offset', 0, 1_000_000, 0).openapi({ param: { name: 'offset', in: 'query' } }),
});

export const CodeListSchema = z
  .object({
    data: z.array(CodeSchema),
    pagination: z.object({
      limit: z.int(),
      offset: z.int(),
      total: z.int(),
      next_offset: z.int().nullable().openapi({ description: 'Pass as offset for the next page; null on the last.' }),
    }),
  })
  .openapi('CodeList');

export const IdParamSchema = z.object({
  id: z
    .string()
    .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, {
      message: '"id" must be the id (a UUID) of one of your QR codes',
    })
    .openapi({ param: { name: 'id', in: 'path' }, format: 'uuid' }),
});

const day = (name: string) =>
  z
    .string()
    .optional()
    .refine((value) => value === undefined || isCalendarDay(value), {
      message: `"${name}" must be a date such as 2026-03-01`,
    })
    // The range ends the day after "to" (and "from" is on or before it).
    .refine((value) => value === undefined || value <= LAST_DAY, {
      message: `"${name}" must be on or before ${LAST_DAY}`,
    })
    .openapi({ param: { name, in: 'query' }, format: 'date', example: '2026-03-01' });

export const ScansQuerySchema = z
  .object({
    from: day('from').openapi({ description: 'First day (in tz); default: 29 days before "to".' }),
    to: day('to').openapi({ description: 'Last day, included (in tz); default: today.' }),
    tz: z
      .string()
      .optional()
      .refine((zone) => zone === undefined || isTimeZone(zone), {
        message: '"tz" must be an IANA time zone name such as Europe/Berlin',
      })
      .openapi({ param: { name: 'tz', in: 'query' }, example: 'Europe/Berlin', default: 'UTC' }),
    format: z
      .enum(['json', 'csv'], { message: '"format" must be json or csv' })
      .optional()
      .openapi({ param: { name: 'format', in: 'query' }, default: 'json' }),
  })
  .openapi({ description: `A range of at most ${MAX_RANGE_DAYS} days.` });

export function isTimeZone(zone: string): boolean {
  if (zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const counts = { scans: z.int(), unique_scans: z.int() };

export const ScanStatsSchema = z
  .object({
    code_id: z.uuid(),
    from: z.string().openapi({ format: 'date' }),
    to: z.string().openapi({ format: 'date' }),
    time_zone: z.string(),
    totals: z.object(counts),
    per_day: z.array(z.object({ day: z.string().openapi({ format: 'date' }), ...counts })),
    by_country: z.array(z.object({ country: z.string().nullable(), ...counts })),
    by_device: z.array(z.object({ device_type: z.string(), ...counts })),
    by_os: z.array(z.object({ os: z.string().nullable(), ...counts })),
    by_browser: z.array(z.object({ browser: z.string().nullable(), ...counts })),
  })
  .openapi('ScanStats');

export type ScanStats = z.output<typeof ScanStatsSchema>;
export type Code = z.output<typeof CodeSchema>;
