// An oversized request body refused early (413 before the body has all arrived) must not break the connection
// it came on behind the client's back (issue 36, defect 7): the answer either says `Connection: close`, so the
// client (or a pooling proxy) opens a new connection for its next request, or the server reads the rest of the
// body and answers the next request on the same connection. Raw sockets, so nothing pools or retries for us.
import { connect } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ANON_KEY } from '../../server/lib/config.ts';
import { createApiKey } from './api-v1-helpers.ts';
import { backends, signedUpClient, suiteServer } from './helpers.ts';

interface Exchange {
  /** Each answer's status line and headers (lower-case names), in order. */
  answers: Array<{ status: number; headers: Record<string, string> }>;
  /** The connection ended (FIN or reset) before the test closed it. */
  ended: boolean;
}

/**
 * Sends `first` (its body chunked, `bodyBytes` of JSON-ish filler) and then, on the same connection, a GET of
 * /auth/v1/health; collects every answer until the server closes the connection or 3 s pass quietly.
 */
function oversizedThenHealth(
  base: string,
  first: { method: string; path: string; headers: Record<string, string> },
  bodyBytes: number,
  chunked: boolean,
): Promise<Exchange> {
  const url = new URL(base);
  const head = [
    `${first.method} ${first.path} HTTP/1.1`,
    `Host: ${url.host}`,
    ...Object.entries(first.headers).map(([k, v]) => `${k}: ${v}`),
    chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${bodyBytes}`,
    '',
    '',
  ].join('\r\n');
  const health = `GET /auth/v1/health HTTP/1.1\r\nHost: ${url.host}\r\napikey: ${DEMO_ANON_KEY}\r\n\r\n`;
  return new Promise((resolve) => {
    const socket = connect(Number(url.port), url.hostname);
    let received = '';
    let ended = false;
    let quiet: NodeJS.Timeout | undefined;
    const finish = () => {
      clearTimeout(quiet);
      socket.destroy();
      const answers = [...received.matchAll(/HTTP\/1\.1 (\d{3})[^\r]*\r\n((?:[^\r]+\r\n)*)\r\n/g)].map((m) => ({
        status: Number(m[1]),
        headers: Object.fromEntries(
          m[2]!
            .split('\r\n')
            .filter(Boolean)
            .map((line) => {
              const at = line.indexOf(':');
              return [line.slice(0, at).toLowerCase(), line.slice(at + 1).trim()];
            }),
        ),
      }));
      resolve({ answers, ended });
    };
    const wait = () => {
      clearTimeout(quiet);
      quiet = setTimeout(finish, 3000);
    };
    socket.on('data', (d: Buffer) => {
      received += d.toString('latin1');
      wait();
    });
    socket.on('end', () => {
      ended = true;
      finish();
    });
    socket.on('error', () => {
      ended = true;
      finish();
    });
    socket.on('connect', async () => {
      wait();
      const piece = Buffer.alloc(64 * 1024, 'a');
      const write = (data: string | Buffer) =>
        new Promise<void>((done) => (socket.writable ? socket.write(data, () => done()) : done()));
      await write(head);
      for (let sent = 0; sent < bodyBytes && socket.writable; sent += piece.length) {
        const part = piece.subarray(0, Math.min(piece.length, bodyBytes - sent));
        await write(
          chunked ? Buffer.concat([Buffer.from(`${part.length.toString(16)}\r\n`), part, Buffer.from('\r\n')]) : part,
        );
      }
      if (chunked) await write('0\r\n\r\n');
      await write(health);
    });
  });
}

describe.each(backends)('oversized bodies refused early on %s', (backend) => {
  const srv = suiteServer(backend);
  const json = { apikey: DEMO_ANON_KEY, Authorization: `Bearer ${DEMO_ANON_KEY}`, 'Content-Type': 'application/json' };
  const apiHeaders = { 'Content-Type': 'application/json', Authorization: '' };
  beforeAll(async () => {
    apiHeaders.Authorization = `Bearer ${(await createApiKey((await signedUpClient(srv.url)).client, 'big')).key}`;
  });
  const routes = [
    { name: 'auth (sign-up)', method: 'POST', path: '/auth/v1/signup', headers: json },
    { name: 'data API (insert)', method: 'POST', path: '/rest/v1/qr_codes', headers: json },
    { name: 'public API', method: 'POST', path: '/api/v1/codes', headers: apiHeaders },
  ];

  for (const route of routes) {
    for (const chunked of [true, false]) {
      it(`${route.name}, ${chunked ? 'chunked' : 'with Content-Length'}: 413, then the connection is closed or still good`, async () => {
        const { answers, ended } = await oversizedThenHealth(srv.url, route, 2 * 1024 * 1024, chunked);
        expect(answers[0]?.status, JSON.stringify(answers)).toBe(413);
        if (answers[0]!.headers.connection?.toLowerCase() === 'close') {
          // The client was told: its next request goes on a new connection.
          expect(ended).toBe(true);
        } else {
          // Kept alive: the next request on this connection must be answered.
          expect(answers.map((a) => a.status)).toEqual([413, 200]);
        }
      });
    }
  }
});
