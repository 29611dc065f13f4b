// @ts-check
// Node 20 lacks Map.groupBy / Object.groupBy (Node 21+), which vitest 5's reporters call when a test fails:
// without this the failure details never print. Loaded with --require by scripts/dev/bootstrap.mjs.

/**
 * @template T, K
 * @param {Iterable<T>} items
 * @param {(item: T, index: number) => K} keyOf
 * @returns {Map<K, T[]>}
 */
function mapGroupBy(items, keyOf) {
  const groups = new Map();
  let index = 0;
  for (const item of items) {
    const key = keyOf(item, index++);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

/**
 * @template T
 * @template {PropertyKey} K
 * @param {Iterable<T>} items
 * @param {(item: T, index: number) => K} keyOf
 * @returns {Partial<Record<K, T[]>>}
 */
function objectGroupBy(items, keyOf) {
  /** @type {Partial<Record<K, T[]>>} */
  const groups = Object.create(null);
  let index = 0;
  for (const item of items) {
    const key = keyOf(item, index++);
    (groups[key] ??= []).push(item);
  }
  return groups;
}

// The es2024 library types declare both; this project's library is es2023 (Node 20), so they are typed here.
const maps = /** @type {{ groupBy?: typeof mapGroupBy }} */ (/** @type {unknown} */ (Map));
const objects = /** @type {{ groupBy?: typeof objectGroupBy }} */ (/** @type {unknown} */ (Object));
if (typeof maps.groupBy !== 'function') maps.groupBy = mapGroupBy;
if (typeof objects.groupBy !== 'function') objects.groupBy = objectGroupBy;
