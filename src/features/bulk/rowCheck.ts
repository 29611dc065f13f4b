/**
 * The checks a spreadsheet row passes before any work (pure, no worker): type, content, link address, design
 * overrides and colour contrast. Capacity (does the content fit version 40 at the row's level?) needs the
 * encoder and is asked of the QR worker afterwards (checkCapacity.ts). Every problem is a sentence for the user.
 */
import { normalizeDestination } from '../../shared/destination.ts';
import { QR_TYPES, type QrTypeId } from '../../content/qrTypes.ts';
import { isUrlType } from '../../payload/index.ts';
import { ECL_OPTIONS, FRAME_OPTIONS, SHAPE_OPTIONS, type QrDesign } from '../../qr-ui/index.ts';
import type { BulkRawRow } from '../../worker-client/csv.ts';
import { checkContrast, MAX_FRAME_TEXT, normalizeHexColour } from '../../worker-client/index.ts';

export interface CheckedRow {
  /** Spreadsheet row number (the header is row 1). */
  row: number;
  name: string;
  type: QrTypeId;
  content: string;
  design: QrDesign;
  /** Empty when the row can be made. */
  problems: string[];
}

/** `Extra Rounded`, `extra-rounded`, `extraRounded` → `extrarounded`. */
const loose = (value: string) => value.toLowerCase().replace(/[^a-z0-9]/g, '');

function lookup<T extends string>(options: readonly { value: T; label: string }[], raw: string): T | null {
  const key = loose(raw);
  return options.find((o) => loose(o.value) === key || loose(o.label) === key)?.value ?? null;
}

const list = (values: readonly string[]) => `${values.slice(0, -1).join(', ')} or ${values[values.length - 1]}`;

/** Type ids and labels, plus the words people put in a link column. */
const TYPE_ALIASES: Record<string, QrTypeId> = { url: 'website', link: 'website', web: 'website' };

function lookupType(raw: string): QrTypeId | null {
  const key = loose(raw);
  if (TYPE_ALIASES[key]) return TYPE_ALIASES[key];
  return QR_TYPES.find((t) => loose(t.id) === key || loose(t.label) === key)?.id ?? null;
}

/** With no `type` column, a row whose content is a web address is a Website code, anything else Text. */
const guessType = (content: string): QrTypeId => (/^https?:\/\//i.test(content) ? 'website' : 'text');

export function checkRow(raw: BulkRawRow, row: number, base: QrDesign): CheckedRow {
  const problems: string[] = [];
  const content = raw.content;
  let type: QrTypeId = guessType(content);
  if (raw.type !== '') {
    const known = lookupType(raw.type);
    if (known) type = known;
    else problems.push(`Unknown type "${raw.type}". Use a type such as website, text, email, sms, wifi or vcard.`);
  }

  if (content.trim() === '') problems.push('The content is empty.');
  else if (isUrlType(type)) {
    const url = normalizeDestination(content);
    if (!url.ok) problems.push(`"${content}" is not a web address a phone can open: ${lowerFirst(url.reason)}.`);
  }

  const design: QrDesign = { ...base };
  if (raw.shape !== '') {
    const shape = lookup(SHAPE_OPTIONS, raw.shape);
    if (shape) design.shape = shape;
    else problems.push(`Unknown shape "${raw.shape}". Use ${list(SHAPE_OPTIONS.map((o) => o.value))}.`);
  }
  if (raw.frame !== '') {
    const frame = lookup(FRAME_OPTIONS, raw.frame);
    if (frame) design.frame = frame;
    else problems.push(`Unknown frame "${raw.frame}". Use ${list(FRAME_OPTIONS.map((o) => o.value))}.`);
  }
  if (raw.frame_text !== '') {
    if ([...raw.frame_text].length > MAX_FRAME_TEXT)
      problems.push(`The frame text is longer than ${MAX_FRAME_TEXT} characters.`);
    else design.frameText = raw.frame_text;
  }
  if (raw.level !== '') {
    const level = lookup(ECL_OPTIONS, raw.level);
    if (level) design.ecl = level;
    else problems.push(`Unknown error level "${raw.level}". Use L, M, Q or H.`);
  }
  let coloursOk = true;
  for (const [column, key] of [
    ['foreground', 'fg'],
    ['background', 'bg'],
  ] as const) {
    if (raw[column] === '') continue;
    const colour = normalizeHexColour(raw[column]);
    if (colour) design[key] = colour;
    else {
      coloursOk = false;
      problems.push(`The ${column} "${raw[column]}" is not a colour: write it as #RRGGBB, for example #1A2BB2.`);
    }
  }
  if (coloursOk) {
    const contrast = contrastProblem(design.fg, design.bg);
    if (contrast) problems.push(contrast);
  }

  return { row, name: raw.name, type, content, design, problems };
}

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

function contrastProblem(fg: string, bg: string): string | null {
  const contrast = checkContrast(fg, bg);
  if (!contrast || contrast.verdict === 'ok') return null;
  if (contrast.verdict === 'lighter')
    return `The foreground ${fg} is lighter than the background ${bg}: most scanners cannot read inverted codes.`;
  return `The foreground ${fg} and the background ${bg} are too close (contrast ${contrast.ratio.toFixed(1)}:1, scanners need at least 3:1).`;
}
