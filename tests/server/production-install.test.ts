// What a self-hoster does: `npm ci --omit=dev && npm run server`. Everything the server needs at run time must be
// a dependency, not a devDependency. The test copies the tracked files to a temporary folder, installs only
// production dependencies there (from npm's cache when it can), starts the server and signs up through it.
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { PASSWORD, api, uniqueEmail } from './helpers.ts';

const repo = new URL('../..', import.meta.url).pathname;
const work = mkdtempSync(join(tmpdir(), 'qrcraft-prod-'));

afterAll(() => rmSync(work, { recursive: true, force: true }));

it('`npm ci --omit=dev && npm run server` starts a working server', async () => {
  const files = execFileSync('git', ['ls-files', '-z'], { cwd: repo, encoding: 'utf8' }).split('\0').filter(Boolean);
  for (const file of files) {
    // Files deleted in the working tree but not yet in the index are skipped.
    if (!existsSync(join(repo, file))) continue;
    mkdirSync(dirname(join(work, file)), { recursive: true });
    cpSync(join(repo, file), join(work, file));
  }
  execFileSync('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund', '--prefer-offline'], {
    cwd: work,
    stdio: 'pipe',
  });
  expect(existsSync(join(work, 'node_modules', 'vitest'))).toBe(false);

  const child = spawn('npm', ['run', 'server'], {
    cwd: work,
    env: { ...process.env, PORT: '0', DATA_DIR: join(work, '.data'), DATABASE_URL: '', NODE_OPTIONS: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  try {
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no server within 90 s:\n${out}`)), 90_000);
      child.stdout.on('data', () => {
        const m = /listening on (http:\/\/[^/\s]+)\/auth\/v1/.exec(out);
        if (m) {
          clearTimeout(timer);
          resolve(m[1]!);
        }
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`server exited (${code}):\n${out}`));
      });
    });
    expect((await api(url, '/auth/v1/health')).status).toBe(200);
    const signup = await api(url, '/auth/v1/signup', { method: 'POST', body: JSON.stringify({ email: uniqueEmail('prod'), password: PASSWORD }) });
    expect(signup.status).toBe(200);
    const token = (signup.body as { access_token: string }).access_token;
    const code = await api(url, '/rest/v1/qr_codes', {
      method: 'POST',
      token,
      headers: { Prefer: 'return=representation', Accept: 'application/vnd.pgrst.object+json' },
      body: JSON.stringify({ name: 'Prod', is_dynamic: true, destination: 'https://example.com/prod' }),
    });
    expect(code.status).toBe(201);
    const scan = await fetch(`${url}/r/${(code.body as { slug: string }).slug}`, { redirect: 'manual' });
    expect(scan.status).toBe(302);
  } finally {
    // npm runs the server in a child of its own: end the whole process group.
    if (child.pid) process.kill(-child.pid, 'SIGTERM');
  }
}, 240_000);
