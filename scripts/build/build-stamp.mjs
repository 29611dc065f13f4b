// @ts-check
// Is dist/ a build of the current sources? `npm start` (scripts/dev/bootstrap.mjs) asks before it serves dist/.
// After a successful build, a stamp (dist/.build-stamp.json) records a hash of every build input and of every
// VITE_* variable (Vite bakes them into the bundle). The build is stale when the stamp is missing or differs.
// The VITE_ values must be the effective ones, as `vite build` resolves them (shell over .env files, plus
// bootstrap's defaults): scripts/dev/env-files.mjs resolveAppEnv gives them. The .env files are inputs as well.
// `vite build` empties dist/ first, so a build by anything else (or one that failed) leaves no stamp.
// Plain Node, no dependencies: bootstrap runs it before `npm install`.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

export const STAMP_FILE = '.build-stamp.json';
const STAMP_VERSION = 1;

/**
 * @typedef {object} BuildStamp
 * @property {number} version
 * @property {Record<string, string>} files build input path (relative, with /) → sha256 of its content
 * @property {Record<string, string>} env VITE_* variable name → sha256 of its value
 */

/**
 * @typedef {object} BuildCheck
 * @property {boolean} fresh
 * @property {string} reason why, in a few words: "src/app/main.tsx changed", "there is no build in dist/"
 * @property {BuildStamp} stamp what to write after a successful build
 */

/** Folders whose every file goes into the build (supabase/functions/_shared: src imports it). */
const INPUT_DIRS = ['src', 'workers', 'public', 'supabase/functions/_shared'];

/** Files at the repository root that shape the build; .env files are the ones `vite build` reads. */
const isRootInput = (/** @type {string} */ name) =>
  name === 'index.html' ||
  name === 'package.json' ||
  name === 'package-lock.json' ||
  /^vite\.config\.[cm]?[jt]s$/.test(name) ||
  /^tsconfig.*\.json$/.test(name) ||
  /^\.env(\.local|\.production|\.production\.local)?$/.test(name);

/** scripts/build/*plugin* are the Vite plugins vite.config.ts loads. */
const PLUGIN_DIR = 'scripts/build';
const isPlugin = (/** @type {string} */ name) => name.includes('plugin');

const CODE = /\.(?:[cm]?[jt]sx?)$/;
// Relative specifiers of static and dynamic imports, re-exports and `new URL('./x', import.meta.url)`.
const RELATIVE_IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*|\bnew URL\(\s*)['"](\.{1,2}\/[^'"]+)['"]/g;
const RESOLVE_SUFFIXES = ['', '.ts', '.tsx', '.mts', '.js', '.mjs', '/index.ts', '/index.tsx', '/index.js'];

const sha256 = (/** @type {string | Buffer} */ data) => createHash('sha256').update(data).digest('hex');
const toPosix = (/** @type {string} */ path) => path.split(sep).join('/');

/**
 * Adds every file under `dir` to `out`.
 * @param {string} dir
 * @param {Set<string>} out
 */
function listFiles(dir, out) {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) listFiles(path, out);
    else if (entry.isFile()) out.add(path);
  }
}

/**
 * @param {string} fromFile
 * @param {string} specifier
 */
function resolveImport(fromFile, specifier) {
  const base = resolve(dirname(fromFile), specifier.split(/[?#]/)[0] ?? specifier);
  for (const suffix of RESOLVE_SUFFIXES) {
    const candidate = base + suffix;
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

/**
 * Every build input under `root`, as { 'src/app/main.tsx': sha256, … } sorted by path: the folders and root
 * files above, plus any file outside them that one of them imports by a relative path (followed transitively,
 * so a plugin's or a page's import from elsewhere in the repository counts too; node_modules is covered by
 * package-lock.json).
 * @param {string} root
 */
function hashInputs(root) {
  const absRoot = resolve(root);
  /** @type {Set<string>} */
  const files = new Set();
  for (const dir of INPUT_DIRS) listFiles(join(absRoot, dir), files);
  for (const name of readdirSync(absRoot)) {
    const path = join(absRoot, name);
    if (isRootInput(name) && statSync(path).isFile()) files.add(path);
  }
  const plugins = join(absRoot, PLUGIN_DIR);
  if (existsSync(plugins)) {
    for (const name of readdirSync(plugins)) {
      const path = join(plugins, name);
      if (isPlugin(name) && statSync(path).isFile()) files.add(path);
    }
  }
  const queue = [...files];
  while (queue.length > 0) {
    const file = /** @type {string} */ (queue.pop());
    if (!CODE.test(file)) continue;
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(RELATIVE_IMPORT)) {
      const target = resolveImport(file, /** @type {string} */ (match[1]));
      if (!target || files.has(target)) continue;
      const rel = relative(absRoot, target);
      if (rel.startsWith('..') || rel.split(sep).includes('node_modules')) continue;
      files.add(target);
      queue.push(target);
    }
  }
  /** @type {Record<string, string>} */
  const hashes = {};
  for (const path of [...files].map((f) => toPosix(relative(absRoot, f))).sort()) {
    hashes[path] = sha256(readFileSync(join(absRoot, path)));
  }
  return hashes;
}

/**
 * Every VITE_* variable of `env`, as { VITE_X: sha256(value) } sorted by name.
 * @param {Record<string, string | undefined>} env
 */
function hashViteEnv(env) {
  /** @type {Record<string, string>} */
  const hashes = {};
  for (const name of Object.keys(env).sort()) {
    const value = env[name];
    if (name.startsWith('VITE_') && value !== undefined) hashes[name] = sha256(value);
  }
  return hashes;
}

/**
 * The stamp a build of `root` with `env` would get.
 * @param {string} root
 * @param {Record<string, string | undefined>} env
 * @returns {BuildStamp}
 */
function computeStamp(root, env) {
  return { version: STAMP_VERSION, files: hashInputs(root), env: hashViteEnv(env) };
}

/**
 * What differs between two { name: hash } maps, as "src/a.ts changed", "src/b.ts added", "src/c.ts deleted".
 * @param {Record<string, string>} before
 * @param {Record<string, string>} after
 * @param {{ added: string, removed: string }} words
 */
function diff(before, after, words) {
  const changed = Object.keys(after).filter((k) => k in before && before[k] !== after[k]);
  const added = Object.keys(after).filter((k) => !(k in before));
  const removed = Object.keys(before).filter((k) => !(k in after));
  return [
    ...changed.map((k) => `${k} changed`),
    ...added.map((k) => `${k} ${words.added}`),
    ...removed.map((k) => `${k} ${words.removed}`),
  ];
}

/** @param {string[]} reasons */
function summarize(reasons) {
  const shown = reasons.slice(0, 3).join(', ');
  const more = reasons.length - 3;
  return more > 0 ? `${shown} and ${more} more` : shown;
}

/**
 * Whether `outDir` holds a build of the current inputs; `env` holds the effective VITE_ values (others are ignored).
 * `reason` says why in a few words; `stamp` is what to write after a build.
 * @param {string} root
 * @param {string} outDir
 * @param {Record<string, string | undefined>} env the effective VITE_* values `vite build` will see
 *   (scripts/dev/env-files.mjs resolveAppEnv)
 * @returns {BuildCheck}
 */
export function checkBuild(root, outDir, env) {
  const stamp = computeStamp(root, env);
  const stampPath = join(outDir, STAMP_FILE);
  const name = toPosix(relative(resolve(root), resolve(outDir))) || outDir;
  if (!existsSync(join(outDir, 'index.html'))) return { fresh: false, reason: `there is no build in ${name}/`, stamp };
  if (!existsSync(stampPath)) {
    return { fresh: false, reason: `${name}/ has no build stamp (built by something else, or unfinished)`, stamp };
  }
  let previous;
  try {
    previous = JSON.parse(readFileSync(stampPath, 'utf8'));
  } catch {
    return { fresh: false, reason: `${name}/${STAMP_FILE} is unreadable`, stamp };
  }
  if (previous?.version !== STAMP_VERSION || typeof previous.files !== 'object' || typeof previous.env !== 'object') {
    return { fresh: false, reason: `${name}/${STAMP_FILE} is from another version of this script`, stamp };
  }
  const reasons = [
    ...diff(previous.files, stamp.files, { added: 'added', removed: 'deleted' }),
    ...diff(previous.env, stamp.env, { added: 'set', removed: 'unset' }),
  ];
  if (reasons.length > 0) return { fresh: false, reason: summarize(reasons), stamp };
  return { fresh: true, reason: 'no source file or VITE_ variable changed since it was built', stamp };
}

/**
 * @param {string} outDir
 * @param {BuildStamp} stamp
 */
export function writeStamp(outDir, stamp) {
  writeFileSync(join(outDir, STAMP_FILE), `${JSON.stringify(stamp, null, 2)}\n`);
}

/** @param {string} outDir */
export function removeStamp(outDir) {
  rmSync(join(outDir, STAMP_FILE), { force: true });
}
