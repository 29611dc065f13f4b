// Supabase Edge Function `r`: the dynamic-code redirect on a real project, the same handler as the local
// server's /r/:slug (src/shared/handlers/redirect.ts).
//   supabase functions deploy r        (supabase/config.toml turns JWT verification off: phones send none)
// Visitors then scan https://<project-ref>.supabase.co/functions/v1/r/<slug>. The function calls the redirect's
// database functions (record_scans for a counted scan, scan_lookup for HEAD, prefetches, bots and the password form,
// record_scan_outcomes and the password-attempt pair for codes with settings) with the project's
// service key (SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY are provided to Edge Functions by the platform): none is
// executable with the anon key, so nobody but the redirect can write scans. The key stays on the server; the
// function also signs a hosted page's files with it, for a minute (`/r/<slug>/file/<n>`), and reads a vCard Plus
// photo with it to embed in the .vcf. The password cookie is signed with REDIRECT_COOKIE_SECRET when set (a project
// secret), else with the service key (which never leaves the function either).
// Bare specifiers resolve through ./deno.json's import map, which pins the versions the local server runs.
import { createClient } from '@supabase/supabase-js';
import bcrypt from 'bcryptjs';
import { isbot } from 'isbot';
import { UAParser } from 'ua-parser-js';
import {
  FILE_URL_SECONDS,
  FOREIGN_KEY_VIOLATION,
  classifyAgent,
  createRedirectHandler,
  type CodeLookup,
  type FeedbackResult,
} from '../../../src/shared/handlers/redirect.ts';
import { PAGE_FILES_BUCKET } from '../../../src/shared/pages/schema.ts';
import { listenOptions } from '../_shared/deno-listen.ts';

type Lookup = (address: string) => string | null;

/** geoip-country (offline GeoLite2 country data); without it, scans are stored without a country. */
async function loadCountryLookup(): Promise<Lookup> {
  try {
    const mod = (await import('geoip-country')) as {
      default: { lookup(ip: string): { country?: string } | null };
    };
    return (address) => mod.default.lookup(address)?.country ?? null;
  } catch (err) {
    console.error('geoip-country unavailable, countries will be null', err);
    return () => null;
  }
}

const serviceKey = Deno.env.get('SUPABASE_SERVICE_ROLE_KEY') ?? '';
const supabase = createClient(Deno.env.get('SUPABASE_URL') ?? '', serviceKey, {
  auth: { persistSession: false, autoRefreshToken: false },
});
const lookupCountry = await loadCountryLookup();

interface CodeRow {
  destination: string | null;
  code_id: string | null;
  settings: unknown;
  password_set_at: string | null;
  cap_used: number | null;
  bucket: number | null;
  paused: boolean | null;
  version: string | null;
  page: unknown;
}

function toLookup(row: CodeRow | undefined): CodeLookup | null {
  if (!row || (row.destination === null && row.page === null)) return null;
  if (row.settings === null || row.code_id === null) return { destination: row.destination, ruled: null };
  return {
    destination: row.destination,
    ruled: {
      codeId: row.code_id,
      settings: row.settings,
      passwordSetAt: row.password_set_at,
      capUsed: row.cap_used === null ? null : Number(row.cap_used),
      bucket: row.bucket,
      paused: row.paused === true,
      version: row.version,
      page: row.page,
    },
  };
}

function check(error: { code?: string; message: string } | null): void {
  if (error) throw new Error(error.message);
}

Deno.serve(
  listenOptions('redirect', '/r/<slug>'),
  createRedirectHandler({
    recordScan: async (scan) => {
      const { data, error } = await supabase.rpc('record_scans', {
        p_slugs: [scan.slug],
        p_device_types: [scan.deviceType],
        p_oses: [scan.os],
        p_browsers: [scan.browser],
        p_countries: [scan.country],
        p_visitors: [scan.visitor],
      });
      // The code was deleted while the scan was being stored: it is gone, so the visitor gets the 404 page.
      if (error?.code === FOREIGN_KEY_VIOLATION) return null;
      check(error);
      return toLookup((data as CodeRow[] | null)?.[0]);
    },
    recordLinkClick: async (codeId, index) => {
      const { data, error } = await supabase.rpc('record_link_click', { p_code_id: codeId, p_index: index });
      check(error);
      return data === true;
    },
    submitFeedback: async (a) => {
      const { data, error } = await supabase.rpc('submit_feedback', {
        p_code_id: a.codeId,
        p_visitor: a.visitor,
        p_rating: a.rating,
        p_choice: a.choice,
        p_comment: a.comment,
        p_email: a.email,
        p_honeypot: a.honeypot,
      });
      check(error);
      return data as FeedbackResult;
    },
    lookupCode: async (slug, visitor) => {
      const { data, error } = await supabase.rpc('scan_lookup', { p_slug: slug, p_visitor: visitor });
      check(error);
      return toLookup((data as CodeRow[] | null)?.[0]);
    },
    // One outcome per call: nothing to group here (Supabase runs many instances, each with its own requests).
    recordOutcome: async (outcome) => {
      const { data, error } = await supabase.rpc('record_scan_outcomes', {
        p_code_ids: [outcome.codeId],
        p_versions: [outcome.version],
        p_gates: [outcome.gate],
        p_rule_indexes: [outcome.ruleIndex],
        p_variants: [outcome.variant],
        p_splits: [outcome.split],
        p_device_types: [outcome.deviceType],
        p_oses: [outcome.os],
        p_browsers: [outcome.browser],
        p_countries: [outcome.country],
        p_visitors: [outcome.visitor],
      });
      check(error);
      const row = (data as { stored: boolean; variant: number | null; stale: boolean }[] | null)?.[0];
      // No row: the code was deleted since; the handler looks it up again and answers 404.
      return row ?? { stored: false, variant: null, stale: true };
    },
    claimPasswordAttempt: async (codeId, visitor) => {
      const { data, error } = await supabase.rpc('claim_password_attempt', { p_code_id: codeId, p_visitor: visitor });
      check(error);
      const row = (
        data as { attempt_id: number | null; password_hash: string | null; retry_after: number }[] | null
      )?.[0];
      return row
        ? { attemptId: row.attempt_id, hash: row.password_hash, retryAfter: row.retry_after }
        : { attemptId: null, hash: null, retryAfter: 0 };
    },
    releasePasswordAttempt: async (attemptId) => {
      const { error } = await supabase.rpc('release_password_attempt', { p_attempt_id: attemptId });
      check(error);
    },
    // bcrypt reads 72 bytes; a longer password never matches (the password form allows 200 characters).
    verifyPassword: (password, hash) =>
      new TextEncoder().encode(password).length > 72 ? Promise.resolve(false) : bcrypt.compare(password, hash),
    // A PDF or Images page's file: signed by the service key for a minute (Storage answers an error, so null and
    // the handler's 404, when the file does not exist).
    signFile: async (path, download) => {
      const { data, error } = await supabase.storage
        .from(PAGE_FILES_BUCKET)
        .createSignedUrl(path, FILE_URL_SECONDS, download ? { download: true } : undefined);
      return error || !data ? null : data.signedUrl;
    },
    // A vCard Plus photo for its .vcf, read with the service key: its size is asked first, so a file too large to
    // embed is never downloaded.
    readFile: async (path, maxBytes) => {
      const files = supabase.storage.from(PAGE_FILES_BUCKET);
      const info = await files.info(path);
      if (info.error || !info.data || !((info.data.size ?? Infinity) <= maxBytes)) return null;
      const { data, error } = await files.download(path);
      if (error || !data || data.size > maxBytes) return null;
      return new Uint8Array(await data.arrayBuffer());
    },
    cookieSecret: Deno.env.get('REDIRECT_COOKIE_SECRET') || serviceKey,
    isBot: (ua) => isbot(ua),
    parseUserAgent: (ua) => classifyAgent(new UAParser(ua).getResult()),
    lookupCountry,
    // The platform's gateway puts the client first in X-Forwarded-For; the address is never stored.
    clientAddress: (request) => request.headers.get('x-forwarded-for')?.split(',')[0]?.trim() || null,
    onError: (err) => console.error('redirect failed', err),
  }),
);
