/**
 * Where a user's own templates live: signed out, in this browser (localStorage); signed in, in the
 * `design_templates` table (supabase/migrations/20261124000700_design_templates.sql), which RLS keeps to its
 * owner. Both sides offer the same three calls.
 */
import { getSupabase } from '../../lib/supabaseClient.ts';
import { abortable, dataCall, supabaseCall } from '../../lib/supabaseCall.ts';
import type { TemplateDesign } from '../../qr-ui/index.ts';
import { parseTemplateDesign, type DesignTemplate } from './templateModel.ts';

export interface TemplateStore {
  list(signal?: AbortSignal): Promise<DesignTemplate[]>;
  save(name: string, design: TemplateDesign): Promise<DesignTemplate>;
  remove(id: string): Promise<void>;
}

const LOCAL_TEMPLATES_KEY = 'qrcraft.designTemplates';
/** A browser keeps at most this many (oldest dropped first would lose work silently: saving is refused). */
const MAX_LOCAL_TEMPLATES = 50;

interface StoredTemplate {
  id: string;
  name: string;
  design: unknown;
}

function readLocal(): StoredTemplate[] {
  try {
    const raw: unknown = JSON.parse(localStorage.getItem(LOCAL_TEMPLATES_KEY) ?? '[]');
    if (!Array.isArray(raw)) return [];
    return raw.filter(
      (t): t is StoredTemplate =>
        typeof t === 'object' && t !== null && typeof t.id === 'string' && typeof t.name === 'string',
    );
  } catch {
    // Unreadable storage (edited by hand, another app's key): start again rather than fail the panel.
    return [];
  }
}

function toTemplate(t: StoredTemplate): DesignTemplate {
  return { id: t.id, name: t.name, design: parseTemplateDesign(t.design), builtIn: false };
}

class TemplateLimitError extends Error {
  readonly code = 'TEMPLATE_LIMIT';
}

export const localTemplates: TemplateStore = {
  async list() {
    return readLocal().map(toTemplate);
  },
  async save(name, design) {
    const all = readLocal();
    if (all.length >= MAX_LOCAL_TEMPLATES)
      throw new TemplateLimitError(`At most ${MAX_LOCAL_TEMPLATES} templates in this browser: delete one first.`);
    const t = { id: crypto.randomUUID(), name, design };
    localStorage.setItem(LOCAL_TEMPLATES_KEY, JSON.stringify([t, ...all]));
    return toTemplate(t);
  },
  async remove(id) {
    localStorage.setItem(LOCAL_TEMPLATES_KEY, JSON.stringify(readLocal().filter((t) => t.id !== id)));
  },
};

const COLUMNS = 'id,name,design';

export const accountTemplates: TemplateStore = {
  list(signal) {
    return dataCall(async () => {
      const rows = await supabaseCall<StoredTemplate[]>(
        abortable(
          getSupabase().from('design_templates').select(COLUMNS).order('created_at', { ascending: false }),
          signal,
        ),
        { ifNull: [] },
      );
      return rows.map(toTemplate);
    });
  },
  save(name, design) {
    return dataCall(async () => {
      const row = await supabaseCall<StoredTemplate>(
        getSupabase().from('design_templates').insert({ name, design }).select(COLUMNS).single(),
      );
      return toTemplate(row);
    });
  },
  remove(id) {
    return dataCall(async () => {
      await supabaseCall(getSupabase().from('design_templates').delete().eq('id', id).select('id'), { ifNull: [] });
    });
  },
};
