// @ts-check
// A package of the supabase-js monorepo (packages/core/<name>) made runnable on its own, for running its official
// test suite against our server (scripts/dev/auth-js-suite.mjs, storage-js-suite.mjs).
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/**
 * Copies packages/core/<name> into `dest` from `source`: a checkout whose work tree has the package (only the
 * entries `only` names, or all of it), or else a git directory, read at `ref` with `git archive`.
 * @param {{ source: string, ref: string, name: string, dest: string, only?: string[], fail: (message: string) => never }} options
 */
export function copyCorePackage({ source, ref, name, dest, only, fail }) {
  const tree = join(resolve(source), 'packages', 'core', name);
  if (existsSync(join(tree, 'test'))) {
    if (only) for (const entry of only) cpSync(join(tree, entry), join(dest, entry), { recursive: true });
    else cpSync(tree, dest, { recursive: true });
    return;
  }
  const unpack = mkdtempSync(join(tmpdir(), `${name}-src-`));
  const archive = spawnSync('sh', [
    '-c',
    `git -C "${resolve(source)}" archive ${ref} packages/core/${name} | tar -x -C "${unpack}"`,
  ]);
  if (archive.status !== 0) fail(`could not read ${ref} from ${source}: ${archive.stderr}`);
  cpSync(join(unpack, 'packages', 'core', name), dest, { recursive: true });
  rmSync(unpack, { recursive: true, force: true });
}

/** Inlines the monorepo's base tsconfig into the package's own (the copy has no ../../../tsconfig.base.json). */
export function inlineBaseTsconfig(/** @type {string} */ pkg) {
  const tsconfig = JSON.parse(readFileSync(join(pkg, 'tsconfig.json'), 'utf8'));
  delete tsconfig.extends;
  tsconfig.compilerOptions = {
    lib: ['es2022', 'dom'],
    skipLibCheck: true,
    importHelpers: true,
    ...tsconfig.compilerOptions,
  };
  writeFileSync(join(pkg, 'tsconfig.json'), JSON.stringify(tsconfig, null, 2));
}
