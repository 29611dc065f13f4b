import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadEnvFiles } from '../../../server/lib/config.ts';

// `npm run server` reads .env.local and .env from its working directory, below the real environment.
let dir: string;

function put(name: string, lines: string[]) {
  writeFileSync(join(dir, name), `${lines.join('\n')}\n`);
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'qrcraft-server-env-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('loadEnvFiles', () => {
  it('ranks the real environment over .env.local over .env', () => {
    put('.env', ['PORT=1', 'HOST=0.0.0.0', 'JWT_EXP=60', 'SITE_URL="https://app.example # not a comment"']);
    put('.env.local', ['PORT=2', 'HOST=127.0.0.2']);
    const env: Record<string, string | undefined> = { HOST: '127.0.0.3', DATABASE_URL: '' };
    expect(loadEnvFiles(dir, env)).toEqual(['.env.local', '.env']);
    expect(env).toEqual({
      PORT: '2',
      HOST: '127.0.0.3',
      JWT_EXP: '60',
      SITE_URL: 'https://app.example # not a comment',
      // Set to '' in the environment: still set, the file's value does not replace it.
      DATABASE_URL: '',
    });
  });

  it('reads nothing when there are no files', () => {
    const env = { PORT: '5' };
    expect(loadEnvFiles(dir, env)).toEqual([]);
    expect(env).toEqual({ PORT: '5' });
  });
});

// Each case starts a real server process (tsx, then a fresh PGlite and its migrations): on a busy 2-core machine
// that alone has taken 30-70 s, so the cap is a wait for the process, not a speed bound.
describe('server/main.ts with .env files', { timeout: 120_000 }, () => {
  const mainTs = new URL('../../../server/main.ts', import.meta.url).pathname;
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

  /** Runs main.ts in `dir` with only `env` (no inherited DATABASE_URL, PORT…); resolves once it listens or exits. */
  function run(env: Record<string, string>): Promise<{ out: string; code: number | string | null }> {
    const child = spawn(process.execPath, ['--import', tsx, mainTs], {
      cwd: dir,
      env: { PATH: process.env.PATH ?? '', HOME: dir, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let stopping = false;
    return new Promise((resolve) => {
      const onData = (chunk: Buffer) => {
        out += chunk.toString();
        // One signal only: a second one makes main.ts exit at once, with 1.
        if (!stopping && /listening on /.test(out)) {
          stopping = true;
          child.kill('SIGTERM');
        }
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      child.once('exit', (code, signal) => resolve({ out, code: code ?? signal }));
    });
  }

  it('starts from .env and .env.local, the local file winning', async () => {
    put('.env', ['PORT=not-a-port', `DATA_DIR=${join(dir, 'from-dotenv')}`, 'DATABASE_URL=']);
    put('.env.local', ['PORT=0']);
    const { out, code } = await run({});
    expect(out).toMatch(/listening on http:\/\/127\.0\.0\.1:\d+\/auth\/v1 \(PGlite in .*from-dotenv\)/);
    expect(code).toBe(0);
  });

  it('lets the real environment win over both files', async () => {
    put('.env', ['PORT=0', 'DATABASE_URL=']);
    put('.env.local', ['PORT=0']);
    const { out, code } = await run({ PORT: 'from-the-shell' });
    expect(out).toContain('PORT must be an integer >= 0, got "from-the-shell"');
    expect(code).toBe(1);
  });

  it('reads neither file with ENV_FILES=off, as the test and benchmark servers run', async () => {
    put('.env', ['PORT=not-a-port', 'DATABASE_URL=']);
    put('.env.local', ['HOST=not-a-host']);
    const { out, code } = await run({ ENV_FILES: 'off', PORT: '0', DATA_DIR: join(dir, 'data') });
    expect(out).toMatch(/listening on http:\/\/127\.0\.0\.1:\d+\/auth\/v1 \(PGlite in .*data\)/);
    expect(code).toBe(0);
  });
});
