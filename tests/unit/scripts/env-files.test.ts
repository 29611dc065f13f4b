import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  AppEnvError,
  isLocalUrl,
  LOCAL_ANON_KEY,
  LOCAL_SUPABASE_URL,
  resolveAppEnv,
  withLocalDefaults,
} from '../../../scripts/dev/env-files.mjs';
import { checkBuild, writeStamp } from '../../../scripts/build/build-stamp.mjs';

// scripts/dev/env-files.mjs decides what `npm start` / `npm run dev` (scripts/dev/bootstrap.mjs) put into Vite's
// environment. Real .env files in a temp dir, read by Vite's own loadEnv; the shell is process.env, stubbed.
const PROJECT = 'https://abcdefghijklmnop.supabase.co';
const PROJECT_KEY = 'project-anon-key';
let root: string;

function put(name: string, lines: string[]) {
  writeFileSync(join(root, name), `${lines.join('\n')}\n`);
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'qrcraft-env-'));
  // `npm test` itself exports the local values (bootstrap's withTestEnv): start every case from a bare shell.
  for (const name of Object.keys(process.env)) if (name.startsWith('VITE_')) vi.stubEnv(name, undefined);
});
afterEach(() => {
  vi.unstubAllEnvs();
  rmSync(root, { recursive: true, force: true });
});

describe('app environment precedence (shell > .env.<mode>.local > .env.<mode> > .env.local > .env > defaults)', () => {
  it('fills the local defaults when neither the shell nor a .env file sets them', async () => {
    const env = await resolveAppEnv(root, 'production');
    expect(env.defaults).toEqual({ VITE_SUPABASE_URL: LOCAL_SUPABASE_URL, VITE_SUPABASE_ANON_KEY: LOCAL_ANON_KEY });
    expect(env.vite).toMatchObject(env.defaults);
    expect(env.localServer).toBe(true);
  });

  it('lets .env point the app at a project: no default is put into the environment', async () => {
    put('.env', [`VITE_SUPABASE_URL=${PROJECT}`, `VITE_SUPABASE_ANON_KEY=${PROJECT_KEY}`]);
    const env = await resolveAppEnv(root, 'production');
    expect(env.defaults).toEqual({});
    expect(env.vite).toMatchObject({ VITE_SUPABASE_URL: PROJECT, VITE_SUPABASE_ANON_KEY: PROJECT_KEY });
    expect(env.localServer).toBe(false);
  });

  it('ranks .env.local over .env, and the mode files over both', async () => {
    put('.env', ['VITE_SITE_URL=https://env.example', 'VITE_REDIRECT_BASE_URL=https://env.example/r', 'VITE_X=env']);
    put('.env.local', ['VITE_SITE_URL=https://local.example', 'VITE_REDIRECT_BASE_URL=https://local.example/r']);
    put('.env.production', ['VITE_SITE_URL=https://production.example']);
    const env = await resolveAppEnv(root, 'production');
    expect(env.vite).toMatchObject({
      VITE_SITE_URL: 'https://production.example',
      VITE_REDIRECT_BASE_URL: 'https://local.example/r',
      VITE_X: 'env',
    });
    // `npm run dev` builds in development mode: .env.production is not its file.
    expect((await resolveAppEnv(root, 'development')).vite.VITE_SITE_URL).toBe('https://local.example');
  });

  it('ranks a variable the user exported in the shell over every file', async () => {
    put('.env', [`VITE_SUPABASE_URL=${PROJECT}`, `VITE_SUPABASE_ANON_KEY=${PROJECT_KEY}`]);
    put('.env.local', ['VITE_SUPABASE_URL=http://127.0.0.1:9999']);
    vi.stubEnv('VITE_SUPABASE_URL', 'http://localhost:54399');
    const env = await resolveAppEnv(root, 'production');
    expect(env.vite).toMatchObject({
      VITE_SUPABASE_URL: 'http://localhost:54399',
      VITE_SUPABASE_ANON_KEY: PROJECT_KEY,
    });
    expect(env.defaults).toEqual({});
    expect(env.localServer).toBe(true);
  });

  it('expands ${VAR} references as vite build does', async () => {
    put('.env', [
      'PROJECT_REF=abcdefghijklmnop',
      'VITE_REDIRECT_BASE_URL=https://${PROJECT_REF}.supabase.co/functions/v1/r',
    ]);
    const env = await resolveAppEnv(root, 'production');
    expect(env.vite.VITE_REDIRECT_BASE_URL).toBe('https://abcdefghijklmnop.supabase.co/functions/v1/r');
  });

  it('refuses a hosted URL without its anon key instead of pairing it with the local demo key', async () => {
    put('.env', [`VITE_SUPABASE_URL=${PROJECT}`]);
    await expect(resolveAppEnv(root, 'production')).rejects.toThrow(AppEnvError);
    await expect(resolveAppEnv(root, 'production')).rejects.toThrow(/VITE_SUPABASE_ANON_KEY is not set/);
  });

  it('gives a local URL without a key the demo key our local server accepts', () => {
    expect(withLocalDefaults({ VITE_SUPABASE_URL: 'http://127.0.0.1:54321' })).toEqual({
      defaults: { VITE_SUPABASE_ANON_KEY: LOCAL_ANON_KEY },
      vite: { VITE_SUPABASE_URL: 'http://127.0.0.1:54321', VITE_SUPABASE_ANON_KEY: LOCAL_ANON_KEY },
      localServer: true,
    });
    // An empty value is as good as unset: supabaseConfig.ts would refuse it.
    expect(withLocalDefaults({ VITE_SUPABASE_URL: ' ' }).defaults.VITE_SUPABASE_URL).toBe(LOCAL_SUPABASE_URL);
  });

  it('tells a URL on this machine from a hosted one', () => {
    for (const url of ['http://localhost:54321', 'http://127.0.0.1:1', 'http://[::1]:54321', 'http://127.1.2.3'])
      expect(isLocalUrl(url), url).toBe(true);
    for (const url of [PROJECT, 'http://localhost.example.com', 'http://10.0.0.2:54321', 'not a url', undefined])
      expect(isLocalUrl(url as string), String(url)).toBe(false);
  });
});

describe('build stamp over the effective VITE_ values', () => {
  it('rebuilds when a .env file changes a value the build bakes in', async () => {
    const outDir = join(root, 'dist');
    mkdirSync(join(root, 'src'));
    writeFileSync(join(root, 'src', 'main.ts'), 'export {};');
    put('.env.local', [`VITE_SUPABASE_URL=${PROJECT}`, `VITE_SUPABASE_ANON_KEY=${PROJECT_KEY}`]);
    const before = await resolveAppEnv(root, 'production');
    const { stamp } = checkBuild(root, outDir, before.vite);
    mkdirSync(outDir);
    writeFileSync(join(outDir, 'index.html'), '<!doctype html>');
    writeStamp(outDir, stamp);
    expect(checkBuild(root, outDir, (await resolveAppEnv(root, 'production')).vite).fresh).toBe(true);

    put('.env.local', [`VITE_SUPABASE_URL=https://other.supabase.co`, `VITE_SUPABASE_ANON_KEY=${PROJECT_KEY}`]);
    const after = checkBuild(root, outDir, (await resolveAppEnv(root, 'production')).vite);
    expect(after.fresh).toBe(false);
    expect(after.reason).toContain('VITE_SUPABASE_URL changed');
  });

  it('rebuilds when a value moves from the defaults to the shell', async () => {
    const outDir = join(root, 'dist');
    const { stamp } = checkBuild(root, outDir, (await resolveAppEnv(root, 'production')).vite);
    mkdirSync(outDir);
    writeFileSync(join(outDir, 'index.html'), '<!doctype html>');
    writeStamp(outDir, stamp);
    vi.stubEnv('VITE_SUPABASE_URL', 'http://127.0.0.1:54400');
    const check = checkBuild(root, outDir, (await resolveAppEnv(root, 'production')).vite);
    expect(check).toMatchObject({ fresh: false, reason: 'VITE_SUPABASE_URL changed' });
  });
});
