// A local mail catcher for development and tests, like the Supabase CLI's inbox: an SMTP server that accepts
// every mail and keeps it in memory, and an HTTP inbox (a page to read them, and a JSON API for tests).
//   GET /                      the inbox page          GET /api/messages[?to=addr]   newest first, JSON
//   GET /messages/<id>         one mail (HTML part)    GET /api/messages/<id>        one mail, JSON
//   DELETE /api/messages       empties the inbox
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  id: number;
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  date: string;
}

export interface MailCatcher {
  smtpPort: number;
  httpPort: number;
  /** The inbox's base URL, e.g. http://127.0.0.1:54324. */
  url: string;
  messages(): CaughtMail[];
  close(): Promise<void>;
}

/** Mails kept; older ones are dropped. */
const KEEP = 500;
/** Largest mail accepted, in bytes. */
const MAX_MAIL_BYTES = 1024 * 1024;

const addresses = (a: AddressObject | AddressObject[] | undefined): string[] =>
  (Array.isArray(a) ? a : a ? [a] : []).flatMap((o) => o.value.map((v) => (v.address ?? '').toLowerCase()));

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

function inboxPage(mails: CaughtMail[]): string {
  const rows = mails
    .map(
      (m) =>
        `<tr><td>${escapeHtml(m.date)}</td><td>${escapeHtml(m.to.join(', '))}</td>` +
        `<td><a href="/messages/${m.id}">${escapeHtml(m.subject || '(no subject)')}</a></td></tr>`,
    )
    .join('');
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Local inbox</title></head>` +
    `<body style="font-family:sans-serif"><h1>Local inbox</h1><p>Every mail the local server sends lands here ` +
    `(newest first).</p><table cellpadding="6"><thead><tr><th>Received</th><th>To</th><th>Subject</th></tr></thead>` +
    `<tbody>${rows || '<tr><td colspan="3">No mail yet.</td></tr>'}</tbody></table></body></html>`
  );
}

function mailPage(m: CaughtMail): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(m.subject)}</title></head>` +
    `<body style="font-family:sans-serif"><p><a href="/">← Inbox</a></p><h1>${escapeHtml(m.subject)}</h1>` +
    `<p>From ${escapeHtml(m.from)} to ${escapeHtml(m.to.join(', '))}, ${escapeHtml(m.date)}</p>` +
    `<iframe title="HTML part" sandbox="allow-popups allow-popups-to-escape-sandbox" style="width:100%;height:520px;` +
    `border:1px solid #ccc" srcdoc="${escapeHtml(m.html)}"></iframe><h2>Text part</h2>` +
    `<pre style="white-space:pre-wrap">${escapeHtml(m.text)}</pre></body></html>`
  );
}

export async function startMailCatcher(
  opts: { host?: string; smtpPort?: number; httpPort?: number } = {},
): Promise<MailCatcher> {
  const host = opts.host ?? '127.0.0.1';
  let mails: CaughtMail[] = [];
  let nextId = 1;

  const smtp = new SMTPServer({
    authOptional: true,
    // Accept any login: the server under test may be configured with SMTP_USER / SMTP_PASS.
    onAuth: (_auth, _session, callback) => callback(null, { user: 'local' }),
    disabledCommands: ['STARTTLS'],
    size: MAX_MAIL_BYTES,
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          mails.unshift({
            id: nextId++,
            from: parsed.from?.text ?? '',
            to: addresses(parsed.to),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            date: new Date().toISOString(),
          });
          mails = mails.slice(0, KEEP);
          callback();
        })
        .catch((err: unknown) => callback(err instanceof Error ? err : new Error(String(err))));
    },
  });

  const http = createHttpServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://inbox');
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const html = (status: number, body: string) => {
      res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(body);
    };
    const one = /^\/(api\/)?messages\/(\d+)$/.exec(url.pathname);
    if (req.method === 'DELETE' && url.pathname === '/api/messages') {
      mails = [];
      res.writeHead(204).end();
    } else if (req.method !== 'GET') {
      json(405, { error: 'method not allowed' });
    } else if (url.pathname === '/api/messages') {
      const to = url.searchParams.get('to')?.toLowerCase();
      json(200, to ? mails.filter((m) => m.to.includes(to)) : mails);
    } else if (one) {
      const mail = mails.find((m) => m.id === Number(one[2]));
      if (!mail) json(404, { error: 'no such message' });
      else if (one[1]) json(200, mail);
      else html(200, mailPage(mail));
    } else if (url.pathname === '/') {
      html(200, inboxPage(mails));
    } else {
      json(404, { error: 'not found' });
    }
  });

  await new Promise<void>((resolve, reject) => {
    smtp.server.once('error', reject);
    smtp.listen(opts.smtpPort ?? 0, host, () => resolve());
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(opts.httpPort ?? 0, host, () => resolve());
  });
  const smtpPort = (smtp.server.address() as AddressInfo).port;
  const httpPort = (http.address() as AddressInfo).port;
  return {
    smtpPort,
    httpPort,
    url: `http://${host}:${httpPort}`,
    messages: () => [...mails],
    close: async () => {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
