import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appendFileSync, mkdirSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { checkBuild, removeStamp, STAMP_FILE, writeStamp } from '../../../scripts/build/build-stamp.mjs';

// scripts/build/build-stamp.mjs decides whether `npm start` rebuilds dist/ (scripts/dev/bootstrap.mjs).
let root: string;
let outDir: string;
const env = { VITE_SUPABASE_URL: 'http://localhost:54321', VITE_SUPABASE_ANON_KEY: 'anon', HOME: '/home/x' };

function put(path: string, text: string) {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
}

/** What `npm start` does after a successful `vite build`. */
function build(buildEnv: Record<string, string | undefined> = env) {
  const { stamp } = checkBuild(root, outDir, buildEnv);
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, 'index.html'), '<!doctype html>');
  writeStamp(outDir, stamp);
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'qrcraft-stamp-'));
  outDir = join(root, 'dist');
  put('index.html', '<script type="module" src="/src/app/main.tsx"></script>');
  put('vite.config.ts', "import { siteFiles } from './scripts/build/site-files-plugin.ts';\n");
  put('scripts/build/site-files-plugin.ts', "import { robots } from '../../tools/robots';\n");
  put('scripts/bench/typing.mjs', 'not an input');
  put('tools/robots.ts', 'export const robots = 1;');
  put('package-lock.json', '{}');
  put('tsconfig.app.json', '{}');
  put(
    'src/app/main.tsx',
    "import { x } from '../../shared/x.ts';\nconst w = new URL('../../workers/w.ts', import.meta.url);",
  );
  put('shared/x.ts', 'export const x = 1;');
  put('workers/w.ts', 'export {};');
  put('public/favicon.svg', '<svg/>');
  put('supabase/functions/_shared/destination.ts', 'export {};');
  put('server/main.ts', 'not an input');
  put('.env.example', 'not read by vite build');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('build stamp', () => {
  it('needs a build when there is none, or when dist/ has no stamp', () => {
    expect(checkBuild(root, outDir, env)).toMatchObject({ fresh: false, reason: 'there is no build in dist/' });
    build();
    removeStamp(outDir);
    const check = checkBuild(root, outDir, env);
    expect(check.fresh).toBe(false);
    expect(check.reason).toMatch(/^dist\/ has no build stamp/);
  });

  it('reuses the build when no input and no VITE_ value changed', () => {
    build();
    const check = checkBuild(root, outDir, { ...env, HOME: '/elsewhere', PATH: '/bin' });
    expect(check).toMatchObject({ fresh: true });
    expect(check.reason).toMatch(/no source file or VITE_ variable changed/);
  });

  it('covers the folders, root files, plugins and whatever they import by relative path', () => {
    const { stamp } = checkBuild(root, outDir, env);
    expect(Object.keys(stamp.files)).toEqual([
      'index.html',
      'package-lock.json',
      'public/favicon.svg',
      'scripts/build/site-files-plugin.ts',
      'shared/x.ts',
      'src/app/main.tsx',
      'supabase/functions/_shared/destination.ts',
      'tools/robots.ts',
      'tsconfig.app.json',
      'vite.config.ts',
      'workers/w.ts',
    ]);
    expect(Object.keys(stamp.env)).toEqual(['VITE_SUPABASE_ANON_KEY', 'VITE_SUPABASE_URL']);
    // Values are hashed, not stored.
    expect(JSON.stringify(stamp)).not.toContain('localhost:54321');
  });

  it.each([
    ['src/app/main.tsx', 'src/app/main.tsx changed'],
    ['shared/x.ts', 'shared/x.ts changed'],
    ['tools/robots.ts', 'tools/robots.ts changed'],
    ['public/favicon.svg', 'public/favicon.svg changed'],
    ['package-lock.json', 'package-lock.json changed'],
    ['vite.config.ts', 'vite.config.ts changed'],
  ])('is stale when %s changes', (path, reason) => {
    build();
    appendFileSync(join(root, path), '\n// edited');
    expect(checkBuild(root, outDir, env)).toMatchObject({ fresh: false, reason });
  });

  it('is stale when a file is added or deleted', () => {
    build();
    put('src/pages/NewPage.tsx', 'export {};');
    expect(checkBuild(root, outDir, env)).toMatchObject({ fresh: false, reason: 'src/pages/NewPage.tsx added' });
    build();
    unlinkSync(join(root, 'public/favicon.svg'));
    expect(checkBuild(root, outDir, env)).toMatchObject({ fresh: false, reason: 'public/favicon.svg deleted' });
    build();
    put('.env.local', 'VITE_SITE_URL=https://example.com');
    expect(checkBuild(root, outDir, env)).toMatchObject({ fresh: false, reason: '.env.local added' });
  });

  it('ignores files outside the inputs', () => {
    build();
    put('server/main.ts', 'edited');
    put('scripts/bench/typing.mjs', 'edited');
    put('.env.example', 'edited');
    put('README.md', 'new');
    expect(checkBuild(root, outDir, env).fresh).toBe(true);
  });

  it('is stale when a VITE_ variable changes, appears or goes', () => {
    build();
    expect(checkBuild(root, outDir, { ...env, VITE_SUPABASE_URL: 'http://127.0.0.1:54329' })).toMatchObject({
      fresh: false,
      reason: 'VITE_SUPABASE_URL changed',
    });
    expect(checkBuild(root, outDir, { ...env, VITE_SITE_URL: 'https://qr.example' })).toMatchObject({
      fresh: false,
      reason: 'VITE_SITE_URL set',
    });
    expect(checkBuild(root, outDir, { VITE_SUPABASE_URL: env.VITE_SUPABASE_URL })).toMatchObject({
      fresh: false,
      reason: 'VITE_SUPABASE_ANON_KEY unset',
    });
  });

  it('names the first changes and counts the rest', () => {
    build();
    for (const name of ['a', 'b', 'c', 'd', 'e']) put(`src/${name}.ts`, name);
    expect(checkBuild(root, outDir, env).reason).toBe('src/a.ts added, src/b.ts added, src/c.ts added and 2 more');
  });

  it('treats an unreadable or foreign stamp as stale', () => {
    build();
    writeFileSync(join(outDir, STAMP_FILE), '{');
    expect(checkBuild(root, outDir, env)).toMatchObject({ fresh: false, reason: `dist/${STAMP_FILE} is unreadable` });
    writeFileSync(join(outDir, STAMP_FILE), '{"version":0}');
    expect(checkBuild(root, outDir, env).fresh).toBe(false);
  });
});
