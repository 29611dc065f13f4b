// Runs the Supabase Edge Functions under the real Deno (the `deno` npm package), as the server suite's function
// tests do. Deno fetches each function's npm: packages into node_modules/.cache/deno (DENO_DIR) on the first run.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

const ROOT = new URL('../..', import.meta.url).pathname;
const DENO = join(ROOT, 'node_modules/.bin/deno');
export const DENO_DIR = join(ROOT, 'node_modules/.cache/deno');

/** The folder of the Edge Function `name` (supabase/functions/<name>). */
export const functionDir = (name: string) => join(ROOT, 'supabase/functions', name);

export interface DenoProcess {
  child: ChildProcess;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** What it wrote to stdout alone (`deno info --json` writes its graph there, its downloads to stderr). */
  stdout(): string;
  exited: Promise<number | string>;
}

/** Runs `deno <args>` in the function's folder (so its deno.json applies) with the shared npm cache. */
export function runDeno(cwd: string, args: string[], env: Record<string, string> = {}): DenoProcess {
  const child = spawn(DENO, args, {
    cwd,
    env: { ...process.env, DENO_DIR, DENO_NO_UPDATE_CHECK: '1', NO_COLOR: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let stdout = '';
  child.stdout!.on('data', (d: Buffer) => {
    out += d.toString();
    stdout += d.toString();
  });
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)),
  );
  return { child, output: () => out, stdout: () => stdout, exited };
}
