// Supabase Edge Function `scans-export`: the CSV export of a user's scans on a real project, the same handler as
// the local server's /functions/v1/scans-export (src/shared/handlers/scans-export/handler.ts).
//   supabase functions deploy scans-export --no-verify-jwt
// JWT verification by the gateway is off (supabase/config.toml) because the app's download is a form POST that
// carries the access token in its body, where the gateway does not look. The function checks the token itself
// (auth.getUser) and then reads only through the Data API with that token, so row-level security decides what
// is exported; it never holds a service key. Pages are 1,000 rows, the Data API's default max rows.
// Bare specifiers resolve through ./deno.json's import map, which pins the versions the local server runs.
import { createClient } from '@supabase/supabase-js';
import { createScansExportHandler } from '../../../src/shared/handlers/scans-export/handler.ts';
import { supabaseExportSession } from '../../../src/shared/handlers/scans-export/supabase-source.ts';
import { ExportError } from '../../../src/shared/handlers/scans-export/exportError.ts';
import { listenOptions } from '../_shared/deno-listen.ts';

const SUPABASE_URL = Deno.env.get('SUPABASE_URL') ?? '';
const SUPABASE_ANON_KEY = Deno.env.get('SUPABASE_ANON_KEY') ?? '';

Deno.serve(
  listenOptions('scans-export', '/'),
  createScansExportHandler({
    openSession: async (token) => {
      const client = createClient(SUPABASE_URL, SUPABASE_ANON_KEY, {
        global: { headers: { Authorization: `Bearer ${token}` } },
        auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      });
      const { data, error } = await client.auth.getUser(token);
      if (error || !data.user) {
        throw new ExportError(401, 'bad_jwt', 'The access token is invalid or expired: sign in again');
      }
      return supabaseExportSession(client);
    },
    pageSize: 1000,
    onError: (err) => console.error('scans export failed', err),
  }),
);
