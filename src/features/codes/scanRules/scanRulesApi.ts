// A dynamic code's scan settings (issue 37), read and written with supabase-js like the rest of codesApi.ts. The
// database checks the same schema (public.scan_settings_problem), so a malformed object is refused there too.
import { dataCall, supabaseCall } from '../../../lib/supabaseCall.ts';
import { getSupabase } from '../../../lib/supabaseClient.ts';
import { planOf, type Plan } from '../../../shared/rules/plan.ts';
import { scanSettingsSchema, type ScanSettings } from '../../../shared/rules/schema.ts';
import { hashPasswordInWorker } from '../../../worker-client/passwordHash.ts';

export interface StoredScanSettings {
  settings: ScanSettings | null;
  /** The code has a password gate (the hash itself is never readable). */
  hasPassword: boolean;
  /** The owner's plan, which decides what the settings may use (src/shared/rules/plan.ts). */
  plan: Plan;
}

export function loadScanSettings(id: string): Promise<StoredScanSettings> {
  return dataCall(async () => {
    const [row, plan] = await Promise.all([
      supabaseCall<{ scan_settings: unknown; password_set_at: string | null }>(
        getSupabase().from('qr_codes').select('scan_settings,password_set_at').eq('id', id).single(),
      ),
      supabaseCall<string>(getSupabase().rpc('account_plan')),
    ]);
    const parsed = row.scan_settings === null ? null : scanSettingsSchema.safeParse(row.scan_settings);
    return {
      settings: parsed?.success ? parsed.data : null,
      hasPassword: row.password_set_at !== null,
      plan: planOf(plan),
    };
  });
}

/** Stores `settings` (null: none, the code just redirects); answers what was stored. */
export function saveScanSettings(id: string, settings: ScanSettings | null): Promise<ScanSettings | null> {
  return dataCall(async () => {
    const row = await supabaseCall<{ scan_settings: ScanSettings | null }>(
      getSupabase().from('qr_codes').update({ scan_settings: settings }).eq('id', id).select('scan_settings').single(),
    );
    return row.scan_settings;
  });
}

/** Sets the code's gate password (hashed in a worker first; the database takes only the hash), or removes it. */
export function setCodePassword(id: string, password: string | null): Promise<void> {
  return dataCall(async () => {
    const hash = password === null ? null : await hashPasswordInWorker(password);
    // The function returns nothing: null data is its answer, not a missing one.
    await supabaseCall<null | ''>(getSupabase().rpc('set_code_password', { p_code_id: id, p_hash: hash }), {
      ifNull: '',
    });
  });
}
