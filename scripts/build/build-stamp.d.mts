// Types for scripts/build/build-stamp.mjs (plain JS so that bootstrap can run it before `npm install`).
export interface BuildStamp {
  version: number;
  /** Build input path (relative, with /) → sha256 of its content. */
  files: Record<string, string>;
  /** VITE_* variable name → sha256 of its value. */
  env: Record<string, string>;
}
export interface BuildCheck {
  fresh: boolean;
  /** Why, in a few words: "src/app/main.tsx changed", "VITE_SUPABASE_URL changed", "there is no build in dist/". */
  reason: string;
  /** What to write after a successful build. */
  stamp: BuildStamp;
}
export const STAMP_FILE: string;
/** `env`: the effective VITE_* values `vite build` will see (scripts/dev/env-files.mjs resolveAppEnv); others are ignored. */
export function checkBuild(root: string, outDir: string, env: Record<string, string | undefined>): BuildCheck;
export function writeStamp(outDir: string, stamp: BuildStamp): void;
export function removeStamp(outDir: string): void;
