// Materialising a request (placeholders filled, credentials, body bytes), sending it over real HTTP, and the
// report of what answered 5xx, grouped by route and error, with the server's log lines that explain them.
import { DEMO_ANON_KEY } from '../../../server/lib/config.ts';
import { REPLAY, REQUEST_TIMEOUT_MS, SEED } from './knobs.ts';
import type { AuthKind, AuthSpec, Body, FuzzRequest } from './model.ts';
import { own } from './values.ts';

export interface Live {
  url: string;
  port: number;
  values: Record<string, string>;
  tokens: Record<Exclude<AuthKind, 'none' | 'random'>, string>;
}

export const fill = (s: string, live: Live) => s.replace(/\$[A-Z_0-9]+\$/g, (m) => own(live.values, m) ?? m);

function deepText(b: Extract<Body, { k: 'deep' }>): string {
  const opens: string[] = [];
  for (let i = 0; i < b.depth; i++) {
    const obj = b.shape === 'object' || (b.shape === 'mixed' && i % 2 === 1);
    opens.push(obj ? '{"a":' : '[');
  }
  const closes = b.closed
    ? opens
        .map((o) => (o === '[' ? ']' : '}'))
        .reverse()
        .join('')
    : '';
  const inner = `${opens.join('')}1${closes}`;
  return b.key === null ? inner : `{${JSON.stringify(b.key)}:${inner}}`;
}

function bulkText(b: Extract<Body, { k: 'bulk' }>): string {
  const values = {
    null: ['null'],
    num: ['1'],
    str: ['"x"'],
    obj: ['{}'],
    mixed: ['null', '1', '"x"', '{}', '[]', 'true'],
  }[b.value];
  const rows: string[] = [];
  for (let i = 0; i < b.rows; i++) {
    rows.push(`{${b.keys.map((k, j) => `${JSON.stringify(k)}:${values[(i + j) % values.length]!}`).join(',')}}`);
  }
  return `[${rows.join(',')}]`;
}

function bodyBytes(b: Body, live: Live): string | Uint8Array | undefined {
  switch (b.k) {
    case 'none':
      return undefined;
    case 'json':
      return fill(JSON.stringify(b.v) ?? 'null', live);
    case 'text':
      return b.s;
    case 'bytes':
      return new Uint8Array(b.b);
    case 'truncated': {
      const text = fill(JSON.stringify(b.v) ?? 'null', live);
      return text.slice(0, Math.floor(text.length * b.cut));
    }
    case 'deep':
      return deepText(b);
    case 'bulk':
      return bulkText(b);
    case 'field': {
      const key = Buffer.from(`{${JSON.stringify(b.key)}:`);
      const value = typeof b.literal === 'string' ? Buffer.from(b.literal) : Buffer.from(b.literal);
      return new Uint8Array(Buffer.concat([key, value, Buffer.from('}')]));
    }
    case 'big':
      return `{${JSON.stringify(b.key)}:${JSON.stringify(b.fill.repeat(b.n))}}`;
  }
}

export function bodySummary(b: Body, live: Live): string {
  if (b.k === 'deep')
    return `<${b.depth}-deep ${b.shape}${b.closed ? '' : ', unclosed'}${b.key === null ? '' : ` at ${JSON.stringify(b.key)}`}>`;
  if (b.k === 'bulk')
    return `<${b.rows} rows × ${JSON.stringify(b.keys)} (${b.value}) = ${b.rows * b.keys.length} values>`;
  if (b.k === 'bytes') return `<bytes ${Buffer.from(b.b).toString('hex').slice(0, 80)}>`;
  if (b.k === 'field')
    return `<${JSON.stringify(b.key)}: ${typeof b.literal === 'string' ? b.literal : `bytes ${Buffer.from(b.literal).toString('hex')}`}>`;
  if (b.k === 'big') return `<${JSON.stringify(b.key)}: ${JSON.stringify(b.fill)} × ${b.n}>`;
  const bytes = bodyBytes(b, live);
  return bytes === undefined ? '<none>' : JSON.stringify(String(bytes).slice(0, 200));
}

function authorization(a: AuthSpec, live: Live): string | null {
  if (a.kind === 'none') return null;
  const token = a.kind === 'random' ? a.raw : live.tokens[a.kind];
  return a.scheme === '' ? token : `${a.scheme} ${token}`;
}

interface Outcome {
  status: number;
  text: string;
  /** Set when fetch refused the request before sending it (an invalid header, say). */
  clientError?: string;
  /** Answered on the second try, after the first connection broke. */
  retried?: boolean;
}

interface Sent {
  url: URL;
  headers: Headers;
  skippedHeaders: number;
}

export function prepare(req: FuzzRequest, live: Live): Sent {
  const url = new URL(`${live.url}${fill(req.path, live)}`);
  const headers = new Headers();
  let skippedHeaders = 0;
  const set = (name: string, value: string) => {
    try {
      headers.append(name, fill(value, live));
    } catch {
      skippedHeaders += 1;
    }
  };
  const auth = authorization(req.auth, live);
  if (auth !== null) set('Authorization', auth);
  const apikey = { anon: DEMO_ANON_KEY, user: live.tokens.user, garbage: 'not-a-key', none: null }[req.auth.apikey];
  if (apikey !== null) set('apikey', apikey);
  for (const [name, value] of req.headers) set(name, value);
  return { url, headers, skippedHeaders };
}

/**
 * Sends the request; a connection that breaks before any answer (a kept-alive socket the server closed as
 * fetch reused it: a race on a loaded machine) is tried once more on a new one. A server that breaks the
 * connection on purpose or by crashing does so the second time too, and is reported.
 */
export async function send(req: FuzzRequest, sent: Sent, live: Live): Promise<Outcome> {
  const first = await sendOnce(req, sent, live);
  if (first.status !== 0 || !/\((UND_ERR_SOCKET|ECONNRESET|EPIPE)\)$/.test(first.text)) return first;
  const second = await sendOnce(req, sent, live);
  return second.status === 0 ? second : { ...second, retried: true };
}

async function sendOnce(req: FuzzRequest, sent: Sent, live: Live): Promise<Outcome> {
  const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : bodyBytes(req.body, live);
  let res: Response;
  try {
    res = await fetch(sent.url, {
      method: req.method,
      headers: sent.headers,
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (err) {
    const e = err as Error & { cause?: { code?: string; message?: string } };
    // fetch validates method and headers before connecting: those are the client's refusals, not the server's.
    if (e.name === 'TypeError' && (!e.cause || e.cause.code === 'UND_ERR_INVALID_ARG')) {
      return { status: -1, text: '', clientError: `${e.message} ${e.cause?.message ?? ''}` };
    }
    return {
      status: 0,
      text: `network error: ${e.name}: ${e.message} (${e.cause?.code ?? e.cause?.message ?? 'no cause'})`,
    };
  }
  const text = await res.text().catch((err: unknown) => `<body read failed: ${String(err)}>`);
  return { status: res.status, text };
}

export interface Finding {
  index: number;
  route: string;
  method: string;
  path: string;
  headers: string;
  body: string;
  status: number;
  response: string;
}

export function headerSummary(req: FuzzRequest, sent: Sent): string {
  const shown = [...sent.headers]
    .filter(([k]) => !['authorization', 'apikey', 'x-supabase-api-version'].includes(k))
    .map(([k, v]) => `${k}: ${JSON.stringify(v.slice(0, 60))}`);
  return [
    `auth=${req.auth.kind}${req.auth.scheme === 'Bearer' ? '' : `(${JSON.stringify(req.auth.scheme)})`}`,
    ...shown,
  ].join('; ');
}

/** A short class of a 5xx for grouping: route, status and the error code (or page title). */
function findingClass(f: Finding): string {
  let code: string;
  try {
    const b = JSON.parse(f.response) as { code?: unknown; message?: unknown };
    code = `${String(b.code)}: ${String(b.message).slice(0, 80)}`;
  } catch {
    code = /<title>([^<]*)<\/title>/.exec(f.response)?.[1] ?? f.response.slice(0, 60);
  }
  return `${f.route} → ${f.status} ${code}`;
}

export function report(findings: Finding[], total: number, logs: string[], what: string): string {
  const byRoute = new Map<string, number>();
  const byClass = new Map<string, { n: number; first: Finding }>();
  for (const f of findings) {
    byRoute.set(f.route, (byRoute.get(f.route) ?? 0) + 1);
    const k = findingClass(f);
    const c = byClass.get(k);
    if (c) c.n += 1;
    else byClass.set(k, { n: 1, first: f });
  }
  const lines = [
    `${findings.length} of ${total} ${what} failed (seed ${SEED}; replay: ${REPLAY})`,
    'per route:',
    ...[...byRoute].sort((a, b) => b[1] - a[1]).map(([r, n]) => `  ${n} × ${r}`),
    'distinct classes (count × route → status and error; first example):',
    ...[...byClass]
      .sort((a, b) => b[1].n - a[1].n)
      .map(
        ([k, c]) =>
          `  ${c.n} × ${k}\n      e.g. #${c.first.index} ${c.first.method} ${c.first.path.slice(0, 160)} | ${c.first.headers.slice(0, 100)} | body ${c.first.body.slice(0, 120)}`,
      ),
    `first ${Math.min(20, findings.length)}:`,
    ...findings
      .slice()
      .sort((a, b) => a.index - b.index)
      .slice(0, 20)
      .map(
        (f) =>
          `  #${f.index} ${f.method} ${f.path.slice(0, 300)}\n      headers: ${f.headers.slice(0, 300)}\n      body: ${f.body.slice(0, 200)}\n      → ${f.status} ${f.response.slice(0, 300)}`,
      ),
  ];
  // The server logs what it did not expect: its distinct first lines (the request path left out) name the causes.
  const logged = new Map<string, number>();
  for (const line of logs.filter((l) => /unexpected|failed/.test(l))) {
    const m = /^(unexpected error on \S+) [\s\S]*?: ((?:[A-Z]\w*)?Error\b[^\n]*)/.exec(line);
    const key = (m ? `${m[1]!} …: ${m[2]!}` : line.split('\n')[0]!).slice(0, 300);
    logged.set(key, (logged.get(key) ?? 0) + 1);
  }
  if (logged.size) {
    lines.push(
      'server log, distinct errors:',
      ...[...logged]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 15)
        .map(([k, n]) => `  ${n} × ${k}`),
    );
  }
  return lines.join('\n');
}

export function familyOf(route: string): string {
  const path = route.slice(route.indexOf(' ') + 1);
  if (path.startsWith('/rest/v1/rpc/')) return 'rpc';
  if (path.startsWith('/rest/v1/')) return 'tables';
  if (/^\/auth\/v1\/(admin\/|invite$)/.test(path)) return 'admin';
  if (path.startsWith('/auth/v1/')) return 'auth';
  if (path.startsWith('/api/v1/')) return 'api-v1';
  if (path.startsWith('/functions/v1/')) return 'functions';
  if (path.startsWith('/r/')) return 'redirect';
  if (path.startsWith('/storage/v1/')) return 'storage';
  return 'random';
}

/** Runs fn over items with at most `limit` in flight. */
export async function pool<T>(items: T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const item = items[next++]!;
        await fn(item);
      }
    }),
  );
}
