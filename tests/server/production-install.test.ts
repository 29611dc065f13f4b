// What a self-hoster does: `npm ci --omit=dev && npm run server`. Everything the server needs at run time must be
// a dependency, not a devDependency. The test copies the repository's files (tracked, and new ones not ignored)
// to a temporary folder, installs only production dependencies there (from npm's cache when it can), starts the
// server and signs up through it.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, lstatSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { PASSWORD, api, spawnServer, uniqueEmail } from './helpers.ts';

const repo = new URL('../..', import.meta.url).pathname;
const work = mkdtempSync(join(tmpdir(), 'qrcraft-prod-'));

afterAll(() => rmSync(work, { recursive: true, force: true }));

it('`npm ci --omit=dev && npm run server` starts a working server', async () => {
  // The files a commit would hold: tracked ones and new ones not ignored (a file moved but not yet committed).
  const listed = ['ls-files', '-z', '--cached', '--others', '--exclude-standard'];
  const files = execFileSync('git', listed, { cwd: repo, encoding: 'utf8' }).split('\0').filter(Boolean);
  for (const file of files) {
    // Files deleted in the working tree but not yet in the index are skipped, and so is anything but a regular
    // file: a symlink (say, an untracked node_modules link) would let `npm ci` below empty its target.
    if (!existsSync(join(repo, file)) || !lstatSync(join(repo, file)).isFile()) continue;
    mkdirSync(dirname(join(work, file)), { recursive: true });
    cpSync(join(repo, file), join(work, file));
  }
  execFileSync('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund', '--prefer-offline'], {
    cwd: work,
    stdio: 'pipe',
  });
  expect(existsSync(join(work, 'node_modules', 'vitest'))).toBe(false);

  // npm runs the server as a child of its own: detached, so that the whole process group can be stopped.
  const server = await spawnServer({ DATA_DIR: join(work, '.data'), DATABASE_URL: '', NODE_OPTIONS: '' }, 90_000, {
    command: 'npm',
    args: ['run', 'server'],
    cwd: work,
    detached: true,
  });
  const { url } = server;
  try {
    expect((await api(url, '/auth/v1/health')).status).toBe(200);
    const signup = await api(url, '/auth/v1/signup', {
      method: 'POST',
      body: JSON.stringify({ email: uniqueEmail('prod'), password: PASSWORD }),
    });
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
    if (server.child.pid) process.kill(-server.child.pid, 'SIGTERM');
    await server.exited;
  }
}, 240_000);
