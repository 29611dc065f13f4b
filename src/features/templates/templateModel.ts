/**
 * A saved design template: a name and a design without the error level (applying a template keeps the level the
 * content needs). Stored designs are read with the saved codes' lenient parser: a field that is missing or bad
 * falls back to its default, so templates saved before an option existed still apply.
 */
import { parseDesign } from '../codes/codeModel.ts';
import type { TemplateDesign } from '../../qr-ui/index.ts';

export interface DesignTemplate {
  id: string;
  name: string;
  design: TemplateDesign;
  /** Built-in templates cannot be deleted. */
  builtIn: boolean;
}

/** Longest template name (the database's check says the same). */
export const MAX_TEMPLATE_NAME = 60;

export function parseTemplateDesign(raw: unknown): TemplateDesign {
  const { ecl: _ecl, ...design } = parseDesign(raw);
  return design;
}

/** A name as stored: trimmed, inner runs of spaces kept; null when empty or too long. */
export function templateName(raw: string): string | null {
  const name = raw.trim();
  return name.length >= 1 && name.length <= MAX_TEMPLATE_NAME ? name : null;
}
