// PostgREST 12's "Perhaps you meant …" suggestions (Error.hs, noRpcHint), which use the Haskell fuzzyset package
// (0.2: gram sizes 2 and 3, cosine similarity of gram counts, the best 50 re-ranked by normalised Levenshtein
// similarity, at least 0.33). A port of its getOne, so the hint of a PGRST202 matches PostgREST's. Pure.

/** fuzzyset's normalisation: lower case, keeping letters, digits, spaces and commas. */
const normalized = (s: string) => [...s.toLowerCase()].filter((c) => /[\p{L}\p{N}\s,]/u.test(c)).join('');

function gramVector(value: string, size: number): Map<string, number> {
  const chars = [...`-${normalized(value)}-`];
  const out = new Map<string, number>();
  for (let i = 0; i + size <= chars.length; i++) {
    const gram = chars.slice(i, i + size).join('');
    out.set(gram, (out.get(gram) ?? 0) + 1);
  }
  return out;
}

const magnitude = (v: Map<string, number>) => Math.sqrt([...v.values()].reduce((a, n) => a + n * n, 0));

/** 1 - Levenshtein distance / the longer length (Data.Text.Metrics.levenshteinNorm). */
function levenshteinNorm(a: string, b: string): number {
  const s = [...a];
  const t = [...b];
  if (s.length === 0 && t.length === 0) return 1;
  let prev = Array.from({ length: t.length + 1 }, (_, j) => j);
  for (let i = 1; i <= s.length; i++) {
    const cur = [i];
    for (let j = 1; j <= t.length; j++) {
      cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (s[i - 1] === t[j - 1] ? 0 : 1));
    }
    prev = cur;
  }
  return 1 - prev[t.length]! / Math.max(s.length, t.length);
}

/** The entry of `entries` most like `value` (fuzzyset's getOne with its 0.33 minimum), or undefined. */
export function closest(entries: readonly string[], value: string, minScore = 0.33): string | undefined {
  const key = value.toLowerCase();
  const exact = entries.find((e) => e.toLowerCase() === key);
  if (exact !== undefined) return exact;
  const unique = [...new Map(entries.map((e) => [e.toLowerCase(), e])).entries()];
  for (const size of [3, 2]) {
    const query = gramVector(key, size);
    const queryMagnitude = magnitude(query);
    const scored: Array<{ score: number; entry: string; lower: string }> = [];
    for (const [lower, entry] of unique) {
      const vector = gramVector(lower, size);
      let dot = 0;
      for (const [gram, n] of query) dot += n * (vector.get(gram) ?? 0);
      if (dot > 0) scored.push({ score: dot / (queryMagnitude * magnitude(vector)), entry, lower });
    }
    const best = scored
      .sort((a, b) => b.score - a.score)
      .slice(0, 50)
      .map((m) => ({ ...m, score: levenshteinNorm(key, m.lower) }))
      .sort((a, b) => b.score - a.score)
      .filter((m) => m.score >= minScore);
    if (best.length > 0) return best[0]!.entry;
  }
  return undefined;
}
