import { z } from 'zod';
import { QR_TYPES } from '../../content/qrTypes.ts';
import { qrRequest, storedContentKind, type QrDesign } from '../../qr-ui/index.ts';
import {
  DEFAULT_ECL,
  DEFAULT_STYLE,
  DESIGN_DEFAULTS,
  ECLS,
  EYE_SHAPES,
  FRAMES,
  GRADIENT_TYPES,
  HEX_COLOUR,
  MAX_MARGIN,
  MIN_MARGIN,
  MAX_FRAME_TEXT,
  SHAPES,
  type Ecl,
  type QrRequest,
} from '../../worker-client/index.ts';
import { shortUrl } from './codesConfig.ts';

/** The design a saved code keeps in its `design` column (its logo, if any, is in `code_logos`: codeLogo.ts). */
export type CodeDesign = QrDesign;

export const DEFAULT_CODE_DESIGN: CodeDesign = {
  shape: DEFAULT_STYLE.shape,
  fg: DEFAULT_STYLE.fg,
  bg: DEFAULT_STYLE.bg,
  frame: DEFAULT_STYLE.frame,
  frameText: DEFAULT_STYLE.frameText,
  ecl: DEFAULT_ECL,
  ...DESIGN_DEFAULTS,
};

/** Stored designs are jsonb written by any client: every field falls back to its default rather than failing. */
const storedDesignSchema = z.object({
  shape: z.enum(SHAPES).catch(DEFAULT_CODE_DESIGN.shape),
  fg: z.string().regex(HEX_COLOUR).catch(DEFAULT_CODE_DESIGN.fg),
  bg: z.string().regex(HEX_COLOUR).catch(DEFAULT_CODE_DESIGN.bg),
  frame: z.enum(FRAMES).catch(DEFAULT_CODE_DESIGN.frame),
  frameText: z.string().max(MAX_FRAME_TEXT).catch(DEFAULT_CODE_DESIGN.frameText),
  ecl: z.enum(ECLS as [Ecl, ...Ecl[]]).catch(DEFAULT_CODE_DESIGN.ecl),
  // Design options: rows saved before them lack these and get the defaults (drawn as before).
  eyeFrame: z.enum(EYE_SHAPES).catch(DESIGN_DEFAULTS.eyeFrame),
  eyeCentre: z.enum(EYE_SHAPES).catch(DESIGN_DEFAULTS.eyeCentre),
  eyeFrameColour: z.string().regex(HEX_COLOUR).nullable().catch(DESIGN_DEFAULTS.eyeFrameColour),
  eyeCentreColour: z.string().regex(HEX_COLOUR).nullable().catch(DESIGN_DEFAULTS.eyeCentreColour),
  gradient: z
    .object({
      type: z.enum(GRADIENT_TYPES),
      angle: z.number().finite(),
      stops: z.array(z.string().regex(HEX_COLOUR)).min(2).max(3),
    })
    .nullable()
    .catch(DESIGN_DEFAULTS.gradient),
  transparent: z.boolean().catch(DESIGN_DEFAULTS.transparent),
  margin: z.number().int().min(MIN_MARGIN).max(MAX_MARGIN).catch(DESIGN_DEFAULTS.margin),
});

export function parseDesign(raw: unknown): CodeDesign {
  const source = raw && typeof raw === 'object' && !Array.isArray(raw) ? raw : {};
  return storedDesignSchema.parse({ ...DEFAULT_CODE_DESIGN, ...source });
}

/** A row of public.qr_codes as PostgREST returns it. */
export interface QrCodeRow {
  id: string;
  name: string;
  type: string;
  content: string;
  destination: string | null;
  design: unknown;
  is_dynamic: boolean;
  slug: string;
  status: string;
  created_at: string;
  updated_at: string;
  /** The hosted page (jsonb), null when the code redirects; absent from rows read without it. */
  page?: unknown;
}

export type CodeStatus = 'active' | 'paused';

export interface SavedCode {
  id: string;
  name: string;
  type: string;
  content: string;
  destination: string | null;
  design: CodeDesign;
  isDynamic: boolean;
  slug: string;
  status: CodeStatus;
  createdAt: string;
  /** All-time scans, and how many of them were unique (a visitor's first scan of the code in a UTC day). */
  scans: number;
  uniqueScans: number;
  /** The hosted page as stored (the page editor parses it with hostedPageSchema), or null: the code redirects. */
  page: unknown;
}

export type ScanCounts = Pick<SavedCode, 'scans' | 'uniqueScans'>;

export const NO_SCANS: ScanCounts = { scans: 0, uniqueScans: 0 };

export function toSavedCode(row: QrCodeRow, counts: ScanCounts = NO_SCANS): SavedCode {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    content: row.content,
    destination: row.destination,
    design: parseDesign(row.design),
    isDynamic: row.is_dynamic,
    slug: row.slug,
    status: row.status === 'paused' ? 'paused' : 'active',
    createdAt: row.created_at,
    scans: counts.scans,
    uniqueScans: counts.uniqueScans,
    page: row.page ?? null,
  };
}

/** What the printed code holds: the short URL for a dynamic code, the payload for a static one. */
export function encodedContent(code: Pick<SavedCode, 'isDynamic' | 'slug' | 'content'>, base?: string): string {
  return code.isDynamic ? shortUrl(code.slug, base) : code.content;
}

/** The worker request that draws a saved code: a dynamic code holds its short URL, a static one its type's payload. */
export function codeRequest(code: SavedCode, base?: string): QrRequest {
  const kind = code.isDynamic ? 'url' : storedContentKind(code.type);
  return qrRequest(encodedContent(code, base), kind, code.design, null);
}

/** The generator's type ids are stored as they are; older or sample rows carry labels ("Menu", "vCard", "URL"). */
export function typeLabel(type: string): string {
  return QR_TYPES.find((t) => t.id === type)?.label ?? type;
}

/** `2026-11-23T10:00:00Z` → `2026-11-23` (UTC, like the spec's sample dates). */
export function createdDate(iso: string): string {
  return iso.slice(0, 10);
}

/** A file name from the code's name: `Restaurant Menu` → `restaurant-menu.png`. */
export function downloadName(name: string, ext: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${base || 'qrcode'}.${ext}`;
}

/** `1 scan`, `1,234 scans`. */
export function scansLabel(scans: number): string {
  return `${scans.toLocaleString('en-US')} ${scans === 1 ? 'scan' : 'scans'}`;
}

/** `1 unique scan`, `864 unique scans`. */
export function uniqueScansLabel(uniqueScans: number): string {
  return `${uniqueScans.toLocaleString('en-US')} unique ${uniqueScans === 1 ? 'scan' : 'scans'}`;
}
