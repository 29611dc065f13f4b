// @ts-check
// The app's environment for `npm start` and `npm run dev` (scripts/dev/bootstrap.mjs): what a `.env` file says wins
// over our local defaults. Vite ranks variables already in process.env above `.env` files, so bootstrap may only
// put a default into the environment of Vite's process when neither the user's shell nor any `.env` file sets
// that variable; otherwise a `.env` pointing the app at a real Supabase project would be silently overridden.
// Plain Node at import time: Vite is loaded only when asked, after bootstrap has installed node_modules.

// The Supabase CLI's well-known local values (public demo values, not secrets); a real project overrides them.
export const LOCAL_SUPABASE_URL = 'http://localhost:54321';
export const LOCAL_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

/** A configuration bootstrap cannot serve; it prints the message as one line. */
export class AppEnvError extends Error {
  /** @param {string} message */
  constructor(message) {
    super(message);
    this.name = 'AppEnvError';
    /** @readonly */
    this.code = /** @type {const} */ ('app_env_invalid');
  }
}

/** localhost, 127.0.0.0/8 and ::1: a URL served on this machine (our local server), not a hosted project. */
/** @param {string | undefined} url */
export function isLocalUrl(url) {
  let host;
  try {
    host = new URL(url ?? '').hostname.toLowerCase();
  } catch {
    return false;
  }
  return host === 'localhost' || host === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/**
 * The VITE_* values a `vite build` / `vite` run in `mode` will bake into the bundle: Vite's own loadEnv over
 * `.env`, `.env.local`, `.env.<mode>`, `.env.<mode>.local` (later files win) with process.env above them all.
 * Vite's function, not a copy, so `${VAR}` expansion and parsing are exactly what the build does.
 * @param {string} root
 * @param {string} mode
 * @returns {Promise<Record<string, string>>}
 */
export async function loadViteEnv(root, mode) {
  const { loadEnv } = await import('vite');
  return loadEnv(mode, root, 'VITE_');
}

/**
 * Fills the local defaults into `fileAndProcessVite` (the result of loadViteEnv) where nothing set them.
 * Returns { defaults, vite, localServer }:
 * - `defaults`: the variables to add to the environment of Vite's process (only unset ones);
 * - `vite`: every VITE_* value the build will see, defaults included (what the build stamp hashes);
 * - `localServer`: whether the app talks to our local server (a loopback VITE_SUPABASE_URL) and so needs it.
 * Throws AppEnvError for a hosted URL without its anon key: the demo key would only fail at the first sign-in.
 * @param {Record<string, string | undefined>} fileAndProcessVite
 * @returns {AppEnv}
 */
export function withLocalDefaults(fileAndProcessVite) {
  const vite = { ...fileAndProcessVite };
  /** @type {Record<string, string>} */
  const defaults = {};
  /** @param {string} name @param {string} value */
  const fill = (name, value) => {
    if (vite[name]?.trim()) return;
    defaults[name] = value;
    vite[name] = value;
  };
  fill('VITE_SUPABASE_URL', LOCAL_SUPABASE_URL);
  const localServer = isLocalUrl(vite.VITE_SUPABASE_URL);
  if (localServer) fill('VITE_SUPABASE_ANON_KEY', LOCAL_ANON_KEY);
  else if (!vite.VITE_SUPABASE_ANON_KEY?.trim()) {
    throw new AppEnvError(
      `VITE_SUPABASE_URL is ${vite.VITE_SUPABASE_URL} but VITE_SUPABASE_ANON_KEY is not set: put the project's ` +
        'anon (publishable) key in .env (docs/supabase-project.md).',
    );
  }
  return { defaults, vite, localServer };
}

/**
 * @typedef {object} AppEnv
 * @property {Record<string, string>} defaults local defaults for variables nothing set: for the environment of
 *   Vite's process
 * @property {Record<string, string | undefined>} vite every VITE_* value the build will see, defaults included
 * @property {boolean} localServer VITE_SUPABASE_URL is on this machine: the local server is needed
 */

/**
 * loadViteEnv, then withLocalDefaults: the app's environment for `vite build` / `vite` in `mode`.
 * @param {string} root
 * @param {string} mode
 */
export async function resolveAppEnv(root, mode) {
  return withLocalDefaults(await loadViteEnv(root, mode));
}
