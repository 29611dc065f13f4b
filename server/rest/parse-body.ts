// Layer 1 of /rest/v1, request bodies: JSON with a depth limit, and the insert's `columns=` list. Pure.
import { invalidJson } from './errors.ts';

/** `columns=a,"b"` of an insert → the column names. */
export function parseColumnsParam(raw: string): string[] {
  return raw
    .split(',')
    .map((n) => n.trim().replace(/^"(.*)"$/, '$1'))
    .filter(Boolean);
}

/** Deeper JSON than any column of ours holds; PostgreSQL's jsonb parser runs out of stack near 4,000 levels. */
export const MAX_JSON_DEPTH = 64;

/** Nesting depth of a parsed JSON value, without recursion (a 1 MiB body can nest 500,000 levels). */
function depthExceeds(value: unknown, max: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (typeof v !== 'object' || v === null) continue;
    if (depth >= max) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v)) {
      if (typeof child === 'object' && child !== null) stack.push([child, depth + 1]);
    }
  }
  return false;
}

/** A request body: undefined when empty, else JSON at most MAX_JSON_DEPTH levels deep. */
export function parseJsonBody(text: string): unknown {
  if (text.trim() === '') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch {
    // PostgREST drops the parser's words in favour of the generic message (its issue #2344).
    throw invalidJson();
  }
  if (depthExceeds(value, MAX_JSON_DEPTH)) throw invalidJson(`JSON nested more than ${MAX_JSON_DEPTH} levels deep`);
  return value;
}

/** An application/x-www-form-urlencoded body (`a=1&b=x+y`) → an object of strings, the last value of a key winning. */
export function parseUrlEncoded(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of text.replace(/^\?/, '').split(/[&;]/)) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const decode = (s: string) => {
      try {
        return decodeURIComponent(s.replaceAll('+', ' '));
      } catch {
        return s.replaceAll('+', ' ');
      }
    };
    const key = decode(eq < 0 ? part : part.slice(0, eq));
    out[key] = eq < 0 ? '' : decode(part.slice(eq + 1));
  }
  return out;
}
