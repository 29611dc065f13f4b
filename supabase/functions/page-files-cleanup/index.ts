// Supabase Edge Function `page-files-cleanup`: deletes the page files nobody shows any more, through Storage
// (supabase/migrations/20261129006200_page_file_cleanup.sql queues them; the local server runs the same drain,
// src/shared/handlers/page-files-cleanup.ts, every minute).
//   supabase functions deploy page-files-cleanup
// A cron job calls it with the service key (docs/storage.md, "Deleting files nobody shows": pg_cron and pg_net);
// it answers 401 to any other caller. SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY are provided by the platform.
// Bare specifiers resolve through ./deno.json's import map, which pins the versions the local server runs.
import { createClient } from '@supabase/supabase-js';
import {
  createPageFilesCleanupHandler,
  supabasePageFileQueue,
} from '../../../src/shared/handlers/page-files-cleanup.ts';
import { listenOptions } from '../_shared/deno-listen.ts';

const serviceKey = Deno.env.get('SUPABASE_SERVICE_ROLE_KEY') ?? '';
const supabase = createClient(Deno.env.get('SUPABASE_URL') ?? '', serviceKey, {
  auth: { persistSession: false, autoRefreshToken: false },
});

Deno.serve(
  listenOptions('page-files-cleanup', '/'),
  createPageFilesCleanupHandler({
    queue: supabasePageFileQueue(supabase),
    serviceKey,
    onError: (err) => console.error('page files cleanup failed', err),
  }),
);
