// Raw HTTP/1.1 over sockets: bad request lines, header bytes fetch would refuse, absurd Content-Length,
// chunked garbage, well-framed garbage bodies, pipelining and random bytes. Answered or closed, never 5xx.
import { connect } from 'node:net';
import fc from 'fast-check';
import { DEMO_ANON_KEY } from '../../../server/lib/config.ts';
import { RAW_QUIET_MS, RAW_TIMEOUT_MS } from './knobs.ts';
import { P } from './model.ts';
import { pick } from './values.ts';

interface RawCase {
  kind: string;
  parts: (string | number[])[];
}

const RAW_TARGETS = [
  '/auth/v1/health',
  '/auth/v1/token?grant_type=password',
  '/auth/v1/signup',
  '/auth/v1/user',
  '/rest/v1/qr_codes',
  '/rest/v1/qr_codes?select=id,name&order=created_at.desc',
  '/rest/v1/scan_events',
  '/rest/v1/rpc/top_codes',
  '/rest/v1/rpc/record_scan',
  `/r/${P.slugDyn}`,
  '/r/abcd1234',
  '/api/v1/codes',
  `/api/v1/codes/${P.id0}/scans?from=2026-01-01`,
  '/api/v1/qr?data=x',
  '/functions/v1/scans-export',
  '/auth/v1/admin/users',
  '/',
  '*',
];
const rawTarget = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...RAW_TARGETS) },
  {
    weight: 1,
    arbitrary: pick(
      '/r/\u00ff\u00fe',
      '/rest/v1/qr_codes?select=\u0000',
      '/r/a b',
      'http://evil.example/x',
      '//',
      '/%',
      'rest/v1/qr_codes',
      '/rest/v1/qr_codes?id=eq.\u007f',
      '/auth/v1/\u0001',
    ),
  },
  {
    weight: 1,
    arbitrary: fc.integer({ min: 9000, max: 70_000 }).map((n) => `/rest/v1/qr_codes?name=eq.${'x'.repeat(n)}`),
  },
);
const rawMethod = fc.oneof(
  { weight: 4, arbitrary: pick('GET', 'POST', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'PUT') },
  { weight: 1, arbitrary: pick('get', 'G ET', 'GET\u0000', 'CONNECT', 'TRACE', 'PRI', '', 'X'.repeat(300), 'GÉT') },
);
const rawVersion = fc.oneof(
  { weight: 4, arbitrary: pick('HTTP/1.1') },
  {
    weight: 1,
    arbitrary: pick('HTTP/1.0', 'HTTP/2.0', 'HTTP/9.9', 'HTTP/1.1x', '', 'http/1.1', 'HTTP/1', 'HTTP/1.1 extra'),
  },
);
const eol = fc.oneof(
  { weight: 5, arbitrary: pick('\r\n') },
  { weight: 1, arbitrary: pick('\n', '\r', '\r\r\n', '\n\r') },
);
const BASE_HEADERS = ['Host: 127.0.0.1', `apikey: ${DEMO_ANON_KEY}`, 'Authorization: Bearer $USER_TOKEN$'];

export const rawCaseArb: fc.Arbitrary<RawCase> = fc.oneof(
  // Bad request lines.
  fc.tuple(rawMethod, rawTarget, rawVersion, pick(' ', ' ', '  ', '\t'), eol).map(([m, t, v, sp, nl]) => ({
    kind: 'request line',
    parts: [`${m}${sp}${t}${sp}${v}${nl}${BASE_HEADERS.join(nl)}${nl}${nl}`],
  })),
  // Invalid header names and bytes, folding, huge or numerous headers.
  fc
    .tuple(
      fc.constantFrom(...RAW_TARGETS),
      fc.array(
        fc.oneof(
          pick(
            'Bad Name: x',
            'NoColon',
            ': empty name',
            'X-Nul: a\u0000b',
            'X-Del: \u007f',
            'X-Folded: a\r\n b',
            'Content-Type : application/json',
            'Host: a',
            'Host: b',
            'X-Latin: \u00e9\u00ff',
            'Authorization: Bearer \u0000',
            'Accept: application/vnd.pgrst.object+json',
            'Prefer: return=representation',
            'Range: 0-\u0000',
            'X-Tab:\tvalue\t',
            'Expect: 100-continue',
            'Upgrade: websocket',
            'Connection: upgrade',
          ),
          fc.uint8Array({ minLength: 1, maxLength: 30 }).map((b) =>
            Buffer.from(b)
              .toString('latin1')
              .replace(/[\r\n]/g, ''),
          ),
          fc.integer({ min: 9000, max: 40_000 }).map((n) => `X-Huge: ${'h'.repeat(n)}`),
        ),
        { minLength: 1, maxLength: 6 },
      ),
      fc.oneof(fc.constant(0), fc.integer({ min: 100, max: 3000 })),
    )
    .map(([t, hs, many]) => ({
      kind: 'header bytes',
      parts: [
        `GET ${t} HTTP/1.1\r\n${[...BASE_HEADERS, ...hs, ...Array.from({ length: many }, (_, i) => `X-N${i}: ${i}`)].join('\r\n')}\r\n\r\n`,
      ],
    })),
  // Absurd Content-Length.
  fc
    .tuple(
      pick(
        '/rest/v1/qr_codes',
        '/rest/v1/rpc/top_codes',
        '/auth/v1/token?grant_type=password',
        '/auth/v1/signup',
        '/r/abcd1234',
      ),
      pick(
        '99999999999999999999',
        '-1',
        '1e3',
        ' 5',
        '5, 6',
        '0x10',
        '9007199254740993',
        '2147483648',
        'abc',
        '',
        '10',
        '1000000',
        '0',
      ),
      fc.oneof(pick('{"name":"x"}', '{}', ''), fc.string({ maxLength: 40 })),
      fc.boolean(),
    )
    .map(([t, cl, body, dup]) => ({
      kind: 'content-length',
      parts: [
        `POST ${t} HTTP/1.1\r\n${BASE_HEADERS.join('\r\n')}\r\nContent-Type: application/json\r\nContent-Length: ${cl}\r\n${dup ? 'Content-Length: 3\r\n' : ''}\r\n${body}`,
      ],
    })),
  // Chunked garbage.
  fc
    .tuple(
      pick(
        '/rest/v1/qr_codes',
        '/rest/v1/rpc/record_scan',
        '/auth/v1/token?grant_type=password',
        '/auth/v1/signup',
        '/auth/v1/user',
      ),
      pick(
        'chunked',
        'chunked',
        'Chunked',
        ' chunked',
        'gzip, chunked',
        'chunked, gzip',
        'chunked, identity',
        'identity',
        'gzip',
        'chunked\u0000',
      ),
      fc.array(
        fc.oneof(
          pick(
            '5\r\n{"a":\r\n',
            'zz\r\nxx\r\n',
            '-1\r\n\r\n',
            'ffffffffffffffffff\r\nab\r\n',
            '1;ext="\u0000"\r\n{\r\n',
            '3\r\nabcdef\r\n',
            '0\r\n\r\n',
            '0\r\nX-Trailer: \u0000\r\n\r\n',
            '2\r\n}',
            '\r\n',
            '4\n{}{}\n',
            '0x2\r\n{}\r\n',
            '1 \r\n{\r\n',
          ),
          fc.uint8Array({ maxLength: 20 }).map((b) => Buffer.from(b).toString('latin1')),
        ),
        { minLength: 1, maxLength: 5 },
      ),
      fc.boolean(),
    )
    .map(([t, te, chunks, withCl]) => ({
      kind: 'chunked',
      parts: [
        `POST ${t} HTTP/1.1\r\n${BASE_HEADERS.join('\r\n')}\r\nContent-Type: application/json\r\nTransfer-Encoding: ${te}\r\n${withCl ? 'Content-Length: 4\r\n' : ''}\r\n${chunks.join('')}`,
      ],
    })),
  // Well-framed bodies of garbage (invalid UTF-8, broken JSON) that reach the handlers, some cut off mid-body.
  fc
    .tuple(
      pick(
        '/rest/v1/qr_codes',
        '/rest/v1/rpc/top_codes',
        '/rest/v1/rpc/record_scan',
        '/auth/v1/token?grant_type=password',
        '/auth/v1/signup',
        '/auth/v1/user',
      ),
      pick('POST', 'POST', 'PATCH', 'PUT'),
      fc.oneof(
        pick('{"name":"x"}', '{"p_limit":5}', '{', '[{"name":1},', '{"email":"a@b.co","password":"', '\u0000', 'null'),
        fc.uint8Array({ maxLength: 40 }).map((b) => Buffer.from(b).toString('latin1')),
      ),
      pick<'chunked' | 'chunked, cut' | 'length' | 'length, cut'>('chunked', 'chunked, cut', 'length', 'length, cut'),
    )
    .map(([t, m, body, framing]) => {
      const cut = framing.endsWith('cut');
      const framed = framing.startsWith('chunked')
        ? `Transfer-Encoding: chunked\r\n\r\n${body.length.toString(16)}\r\n${body}\r\n${cut ? '' : '0\r\n\r\n'}`
        : `Content-Length: ${body.length + (cut ? 10 : 0)}\r\n\r\n${body}`;
      return {
        kind: `framed body (${framing})`,
        parts: [`${m} ${t} HTTP/1.1\r\n${BASE_HEADERS.join('\r\n')}\r\nContent-Type: application/json\r\n${framed}`],
      };
    }),
  // Pipelined: one good request, then garbage.
  fc.tuple(fc.constantFrom(...RAW_TARGETS), fc.uint8Array({ maxLength: 64 })).map(([t, junk]) => ({
    kind: 'pipelined',
    parts: [`GET ${t} HTTP/1.1\r\n${BASE_HEADERS.join('\r\n')}\r\n\r\n`, [...junk]],
  })),
  // Random bytes.
  fc.uint8Array({ minLength: 1, maxLength: 512 }).map((b) => ({ kind: 'random bytes', parts: [[...b]] })),
);

interface RawOutcome {
  statuses: number[];
  closed: boolean;
  head: string;
}

/**
 * Writes the bytes and collects what comes back until the server closes. The client half-closes once the
 * server has been quiet for a moment (after its last byte, or from the start when it says nothing), so an
 * incomplete request ends instead of waiting for the header timeout, and a complete one is answered first.
 */
export function rawExchange(port: number, payload: Buffer): Promise<RawOutcome> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let done = false;
    const socket = connect({ host: '127.0.0.1', port });
    let quiet: NodeJS.Timeout | undefined;
    const halfCloseWhenQuiet = (ms: number) => {
      clearTimeout(quiet);
      quiet = setTimeout(() => socket.end(), ms);
    };
    const finish = (closed: boolean) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      clearTimeout(quiet);
      socket.destroy();
      const text = Buffer.concat(chunks).toString('latin1');
      const statuses = [...text.matchAll(/HTTP\/1\.[01] (\d{3})/g)].map((m) => Number(m[1]));
      resolve({ statuses, closed, head: text.slice(0, 200) });
    };
    const timer = setTimeout(() => finish(false), RAW_TIMEOUT_MS);
    socket.on('connect', () => {
      socket.write(payload);
      halfCloseWhenQuiet(RAW_QUIET_MS);
    });
    socket.on('data', (d: Buffer) => {
      chunks.push(d);
      halfCloseWhenQuiet(50);
    });
    socket.on('error', () => finish(true));
    socket.on('close', () => finish(true));
  });
}
