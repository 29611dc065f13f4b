// The mail side of the auth tests: a real SMTP catcher (server/mail/catcher.ts) the server sends to, read over
// its HTTP API as a developer's inbox would be, and helpers to pull the link and the code out of a mail.
import { afterAll, beforeAll } from 'vitest';
import type { ServerConfig } from '../../server/lib/config.ts';
import { startMailCatcher, type CaughtMail, type MailCatcher } from '../../server/mail/catcher.ts';

export interface SuiteInbox {
  readonly url: string;
  /** Mails to `address`, newest first. */
  list(address: string): Promise<CaughtMail[]>;
  /** Waits until `address` has more than `seen` mails and returns the newest (fails after 10 s). */
  next(address: string, seen?: number): Promise<CaughtMail>;
}

/**
 * A catcher for the enclosing describe block. Call it before suiteServer and hand `overrides` to it: the SMTP
 * settings are filled in once the catcher listens, before the server starts.
 */
export function suiteInbox(overrides: Partial<ServerConfig>): SuiteInbox {
  let catcher: MailCatcher | undefined;
  beforeAll(async () => {
    catcher = await startMailCatcher();
    overrides.smtp = {
      host: '127.0.0.1',
      port: catcher.smtpPort,
      user: '',
      pass: '',
      sender: 'QRCraft <noreply@qrcraft.test>',
    };
  });
  afterAll(async () => {
    await catcher?.close();
  });
  const url = () => {
    if (!catcher) throw new Error('the inbox starts in beforeAll');
    return catcher.url;
  };
  const list = async (address: string): Promise<CaughtMail[]> => {
    const res = await fetch(`${url()}/api/messages?to=${encodeURIComponent(address.toLowerCase())}`);
    return (await res.json()) as CaughtMail[];
  };
  return {
    get url() {
      return url();
    },
    list,
    async next(address, seen = 0) {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const mails = await list(address);
        if (mails.length > seen) return mails[0]!;
        if (Date.now() > deadline) throw new Error(`no mail for ${address} after ${seen} within 10 s`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
  };
}

/** The verify link in a mail's text part. */
export function mailLink(mail: CaughtMail): string {
  const link = /https?:\/\/\S+\/verify\?\S+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no verify link in: ${mail.text}`);
  return link;
}

/** The code in a mail's text part. */
export function mailCode(mail: CaughtMail): string {
  const code = /code: (\d{6,10})/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code in: ${mail.text}`);
  return code;
}

/** Follows a mailed link without following its redirect: the 303 target and its fragment's values. */
export async function openLink(link: string): Promise<{ status: number; location: string; fragment: URLSearchParams }> {
  const res = await fetch(link, { redirect: 'manual' });
  const location = res.headers.get('Location') ?? '';
  return { status: res.status, location, fragment: new URLSearchParams(location.split('#')[1] ?? '') };
}
