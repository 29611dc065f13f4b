// Supabase Edge Function `r`: the dynamic-code redirect on a real project, the same handler as the local
// server's GET /r/:slug (src/shared/handlers/redirect.ts).
//   supabase functions deploy r        (supabase/config.toml turns JWT verification off: phones send none)
// Visitors then scan https://<project-ref>.supabase.co/functions/v1/r/<slug>. The function calls
// public.record_scan() (public.redirect_target() for HEAD, prefetches and bots, which are not counted) with the
// project's service key (SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY are provided
// to Edge Functions by the platform): record_scan is not executable with the anon key, so nobody but the
// redirect can write scans. The key stays on the server and the function does nothing else with it.
// Bare specifiers resolve through ./deno.json's import map, which pins the versions the local server runs.
import { createClient } from '@supabase/supabase-js';
import { isbot } from 'isbot';
import { UAParser } from 'ua-parser-js';
import { FOREIGN_KEY_VIOLATION, classifyAgent, createRedirectHandler } from '../../../src/shared/handlers/redirect.ts';
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

const supabase = createClient(Deno.env.get('SUPABASE_URL') ?? '', Deno.env.get('SUPABASE_SERVICE_ROLE_KEY') ?? '', {
  auth: { persistSession: false, autoRefreshToken: false },
});
const lookupCountry = await loadCountryLookup();

Deno.serve(
  listenOptions('redirect', '/r/<slug>'),
  createRedirectHandler({
    recordScan: async (scan) => {
      const { data, error } = await supabase.rpc('record_scan', {
        p_slug: scan.slug,
        p_device_type: scan.deviceType,
        p_os: scan.os,
        p_browser: scan.browser,
        p_country: scan.country,
        p_visitor: scan.visitor,
      });
      // The code was deleted while the scan was being stored: it is gone, so the visitor gets the 404 page.
      if (error?.code === FOREIGN_KEY_VIOLATION) return null;
      if (error) throw new Error(error.message);
      return typeof data === 'string' ? data : null;
    },
    lookupDestination: async (slug) => {
      const { data, error } = await supabase.rpc('redirect_target', { p_slug: slug });
      if (error) throw new Error(error.message);
      return typeof data === 'string' ? data : null;
    },
    isBot: (ua) => isbot(ua),
    parseUserAgent: (ua) => classifyAgent(new UAParser(ua).getResult()),
    lookupCountry,
    // The platform's gateway puts the client first in X-Forwarded-For; the address is never stored.
    clientAddress: (request) => request.headers.get('x-forwarded-for')?.split(',')[0]?.trim() || null,
    onError: (err) => console.error('redirect failed', err),
  }),
);
