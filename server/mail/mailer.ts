// Outgoing mail over SMTP (nodemailer), configured by SMTP_*. Mails leave after the HTTP answer: a reply must
// not wait for (or tell anything about) a mail server, so a failed delivery is logged, never answered. With
// no SMTP_HOST nothing is sent and each mail is logged as one line, so a developer still gets the link.
import nodemailer from 'nodemailer';
import type { SmtpConfig } from '../lib/config.ts';
import type { RenderedMail } from './templates.ts';

export interface OutgoingMail extends RenderedMail {
  to: string;
}

export interface Mailer {
  /** Queues a mail; delivery happens in the background. */
  send(mail: OutgoingMail): void;
  /** Resolves once every queued mail has been delivered or has failed (graceful stop). */
  flush(): Promise<void>;
  close(): void;
}

export function createMailer(smtp: SmtpConfig, log: (line: string) => void): Mailer {
  const pending = new Set<Promise<void>>();
  const transport = smtp.host
    ? nodemailer.createTransport({
        host: smtp.host,
        port: smtp.port,
        secure: smtp.port === 465,
        auth: smtp.user ? { user: smtp.user, pass: smtp.pass } : undefined,
      })
    : null;

  const deliver = async (mail: OutgoingMail): Promise<void> => {
    if (!transport) {
      const link = /https?:\/\/\S+/.exec(mail.text)?.[0] ?? '';
      log(`mail not sent (SMTP_HOST is unset): to ${mail.to}, "${mail.subject}" ${link}`);
      return;
    }
    try {
      await transport.sendMail({
        from: smtp.sender,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
    } catch (err) {
      log(`mail to ${mail.to} failed: ${err instanceof Error ? err.message : String(err)}`);
    }
  };

  return {
    send(mail) {
      const p = deliver(mail).finally(() => pending.delete(p));
      pending.add(p);
    },
    async flush() {
      await Promise.all([...pending]);
    },
    close() {
      transport?.close();
    },
  };
}
