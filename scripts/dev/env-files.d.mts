// Types for scripts/dev/env-files.mjs (plain JS so that bootstrap can import it before `npm install`).
export const LOCAL_SUPABASE_URL: string;
export const LOCAL_ANON_KEY: string;
export class AppEnvError extends Error {
  readonly code: 'app_env_invalid';
}
export function isLocalUrl(url: string | undefined): boolean;
/** The VITE_* values `vite build` / `vite` in `mode` will see: .env files under `root`, process.env above them. */
export function loadViteEnv(root: string, mode: string): Promise<Record<string, string>>;
export interface AppEnv {
  /** Local defaults for variables nothing set: to add to the environment of Vite's process. */
  defaults: Record<string, string>;
  /** Every VITE_* value the build will see, defaults included. */
  vite: Record<string, string>;
  /** VITE_SUPABASE_URL is on this machine: the local server is needed. */
  localServer: boolean;
}
export function withLocalDefaults(fileAndProcessVite: Record<string, string | undefined>): AppEnv;
export function resolveAppEnv(root: string, mode: string): Promise<AppEnv>;
