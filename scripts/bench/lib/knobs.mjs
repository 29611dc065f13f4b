// @ts-check
// A benchmark's knobs: BENCH_* variables from the environment, --options from the command line.

/**
 * A non-negative integer knob from the environment (BENCH_…), or `fallback` when unset or blank.
 * @param {string} name
 * @param {number} fallback
 */
export function envInteger(name, fallback) {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const v = Number(raw);
  if (!Number.isInteger(v) || v < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return v;
}

/**
 * A non-negative number knob from the environment, or `fallback` when unset or blank.
 * @param {string} name
 * @param {number} fallback
 */
export function envNumber(name, fallback) {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const v = Number(raw);
  if (!Number.isFinite(v) || v < 0) throw new Error(`${name} must be a non-negative number, got "${raw}"`);
  return v;
}

/**
 * Every value given to `--name` on the command line, in order (`--dist a --dist b` → ['a', 'b']).
 * @param {string} name e.g. '--dist'
 * @returns {string[]}
 */
export function cliValues(name) {
  const args = process.argv.slice(2);
  return args.flatMap((a, i) => (a === name && args[i + 1] !== undefined ? [/** @type {string} */ (args[i + 1])] : []));
}

/**
 * The first value given to `--name`, or `fallback`.
 * @template {string | null} F
 * @param {string} name
 * @param {F} fallback
 * @returns {string | F}
 */
export function cliValue(name, fallback) {
  return cliValues(name)[0] ?? fallback;
}
