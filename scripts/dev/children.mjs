// @ts-check
/**
 * `npm start`'s servers (scripts/dev/bootstrap.mjs), each spawned through npx in a process group of its own. When one
 * exits, the others are stopped, each group whole: a signal to npx alone left the server under it running,
 * holding its port for the next `npm start`.
 */
import { spawn } from 'node:child_process';

/**
 * @param {{ cwd: string, env: NodeJS.ProcessEnv, stdio?: 'inherit' | 'ignore',
 *   onExit: (label: string, code: number | null) => void, log?: (line: string) => void }} options
 */
export function startChildren({ cwd, env, stdio = 'inherit', onExit, log = console.log }) {
  /** @type {import('node:child_process').ChildProcess[]} */
  const children = [];
  /** @param {NodeJS.Signals} signal @param {import('node:child_process').ChildProcess} [except] */
  const stopAll = (signal, except) => {
    for (const child of children) {
      if (child === except || child.pid === undefined) continue;
      try {
        process.kill(-child.pid, signal);
      } catch {
        // Already gone.
      }
    }
  };
  return {
    /** @param {string} label @param {string[]} args what npx runs */
    run(label, args) {
      const child = spawn('npx', ['--no-install', ...args], { cwd, stdio, env, detached: true });
      child.on('exit', (code) => {
        log(`${label} exited (${code ?? 'signal'}); stopping.`);
        stopAll('SIGTERM', child);
        onExit(label, code);
      });
      children.push(child);
      return child;
    },
    stopAll,
  };
}
