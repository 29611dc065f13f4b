// Types for scripts/dev/children.mjs (plain JS so that bootstrap can import it before `npm install`).
import type { ChildProcess } from 'node:child_process';

export interface Children {
  /** Spawns `npx --no-install ...args` in a process group of its own. */
  run(label: string, args: string[]): ChildProcess;
  /** Sends `signal` to every child's whole process group but `except`'s. */
  stopAll(signal: NodeJS.Signals, except?: ChildProcess): void;
}

export function startChildren(options: {
  cwd: string;
  env: NodeJS.ProcessEnv;
  stdio?: 'inherit' | 'ignore';
  onExit: (label: string, code: number | null) => void;
  log?: (line: string) => void;
}): Children;
