// Runs the npm Supabase CLI (node_modules/.bin/supabase) as the server suite's CLI tests do: offline, with no
// update check, no telemetry and no Docker, and every HTTP(S) request it makes to anything but loopback sent to a
// recording proxy that answers nothing, so a test can tell that the CLI stayed off the network.
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

const ROOT = new URL('../..', import.meta.url).pathname;
const CLI = join(ROOT, 'node_modules', '.bin', 'supabase');

export interface CliRun {
  code: number | null;
  output: string;
}

export interface CliOptions {
  /** Where the CLI runs (its working directory); `home` unless given. */
  cwd?: string;
  /** Further variables for the CLI's environment. */
  env?: Record<string, string>;
}

/** `supabase <args>` from node_modules, offline: no update check, no telemetry, no Docker, HTTP(S) via `proxy`. */
export function runCli(args: string[], proxy: string, home: string, options: CliOptions = {}): Promise<CliRun> {
  const child = spawn(CLI, args, {
    cwd: options.cwd ?? home,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: home,
      SUPABASE_NO_UPDATE_NOTIFIER: '1',
      SUPABASE_TELEMETRY_DISABLED: '1',
      DOCKER_HOST: `unix://${join(home, 'no-docker.sock')}`,
      HTTP_PROXY: proxy,
      HTTPS_PROXY: proxy,
      http_proxy: proxy,
      https_proxy: proxy,
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, output }));
  });
}

/** An HTTP proxy that answers nothing and records every request or CONNECT it receives. */
export async function recordingProxy(): Promise<{ url: string; seen: string[]; server: Server }> {
  const seen: string[] = [];
  const server = createServer((req, res) => {
    seen.push(`${req.method ?? '?'} ${req.url ?? ''}`);
    res.writeHead(502).end();
  });
  server.on('connect', (req: { url?: string }, socket: { destroy(): void }) => {
    seen.push(`CONNECT ${req.url ?? ''}`);
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen, server };
}
