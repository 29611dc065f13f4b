// The final URL of a scan: the rule's (or variant's, or default) target with the code's UTM template and, when the
// owner turned it on, the scan URL's query string appended, keeping the target's own query and fragment intact.
// The target itself always comes from the stored settings, never from the scan URL.

import { MAX_DESTINATION_LENGTH, isRedirectableUrl } from '../destination.ts';
import type { Utm } from './schema.ts';

const UTM_KEYS = ['source', 'medium', 'campaign', 'term', 'content'] as const;

/**
 * Appends `pairs` to the query of `url` (before any fragment), skipping names the URL's query already has (the
 * owner's explicit URL wins). Values are percent-encoded with URLSearchParams; the existing query is kept as is.
 */
export function appendQuery(url: string, pairs: ReadonlyArray<readonly [string, string]>): string {
  const hash = url.indexOf('#');
  const base = hash < 0 ? url : url.slice(0, hash);
  const fragment = hash < 0 ? '' : url.slice(hash);
  const mark = base.indexOf('?');
  const existing = mark < 0 ? '' : base.slice(mark + 1);
  const taken = new Set(new URLSearchParams(existing).keys());
  const added = new URLSearchParams();
  for (const [name, value] of pairs) {
    if (taken.has(name)) continue;
    taken.add(name);
    added.append(name, value);
  }
  const extra = added.toString();
  if (!extra) return url;
  const joiner = mark < 0 ? '?' : existing === '' || existing.endsWith('&') ? '' : '&';
  return `${base}${joiner}${extra}${fragment}`;
}

export function utmPairs(utm: Utm | undefined): Array<[string, string]> {
  if (!utm) return [];
  return UTM_KEYS.flatMap((key) => (utm[key] === undefined ? [] : [[`utm_${key}`, utm[key]] as [string, string]]));
}

/** The scan URL's query as pairs (at most 50, names up to 64 characters, values up to 512). */
export function forwardedPairs(query: string): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  for (const [name, value] of new URLSearchParams(query)) {
    if (pairs.length >= 50) break;
    if (!name || name.length > 64 || value.length > 512) continue;
    pairs.push([name, value]);
  }
  return pairs;
}

/**
 * The target with UTM fields, then forwarded parameters. If the result would not be a redirectable URL (too long,
 * above all), the forwarded parameters are dropped, then the UTM fields: the scan still lands.
 */
export function finalTarget(target: string, utm: Utm | undefined, forwardQuery: string | null): string {
  const withUtm = appendQuery(target, utmPairs(utm));
  if (forwardQuery) {
    const withQuery = appendQuery(withUtm, forwardedPairs(forwardQuery));
    if (withQuery.length <= MAX_DESTINATION_LENGTH && isRedirectableUrl(withQuery)) return withQuery;
  }
  return withUtm.length <= MAX_DESTINATION_LENGTH && isRedirectableUrl(withUtm) ? withUtm : target;
}
