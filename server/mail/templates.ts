// The mails the auth server sends, each with a text and an HTML part, branded with the product name. The link
// and the code do the same thing: the code is for a person reading the mail on another device.
const PRODUCT_NAME = 'QRCraft';

export type MailKind = 'signup' | 'invite' | 'recovery' | 'magiclink' | 'email_change' | 'reauthentication';

interface MailContent {
  /** The one-time code; empty when the mail carries only a link. */
  otp: string;
  /** The link that verifies the code; empty for reauthentication, which is code-only. */
  link: string;
  /** The address the mail goes to, and for an email change the other one. */
  email: string;
  newEmail?: string;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

interface Wording {
  subject: string;
  heading: string;
  lead: (c: MailContent) => string;
  action: string;
  after: string;
}

const WORDING: Record<MailKind, Wording> = {
  signup: {
    subject: 'Confirm your email address',
    heading: 'Confirm your email address',
    lead: (c) => `Someone (hopefully you) created a ${PRODUCT_NAME} account for ${c.email}.`,
    action: 'Confirm my address',
    after: 'If you did not sign up, ignore this mail: the account stays unconfirmed.',
  },
  invite: {
    subject: `You have been invited to ${PRODUCT_NAME}`,
    heading: `You have been invited to ${PRODUCT_NAME}`,
    lead: (c) => `An account was created for ${c.email}. Follow the link to accept the invitation.`,
    action: 'Accept the invitation',
    after: 'If you did not expect this invitation, ignore this mail.',
  },
  recovery: {
    subject: 'Reset your password',
    heading: 'Reset your password',
    lead: (c) => `A password reset was requested for the ${PRODUCT_NAME} account of ${c.email}.`,
    action: 'Set a new password',
    after: 'If you did not ask for this, ignore this mail: your password stays as it is.',
  },
  magiclink: {
    subject: 'Your sign-in link',
    heading: `Sign in to ${PRODUCT_NAME}`,
    lead: (c) => `A sign-in link was requested for ${c.email}.`,
    action: 'Sign me in',
    after: 'If you did not ask for this, ignore this mail: nobody can sign in without it.',
  },
  email_change: {
    subject: 'Confirm your new email address',
    heading: 'Confirm the email change',
    lead: (c) => `The ${PRODUCT_NAME} account of ${c.email} asked to change its address to ${c.newEmail ?? ''}.`,
    action: 'Confirm the change',
    after: 'If you did not ask for this, ignore this mail: the address stays as it is.',
  },
  reauthentication: {
    subject: 'Confirm it is you',
    heading: 'Confirm it is you',
    lead: (c) => `A sensitive change to the ${PRODUCT_NAME} account of ${c.email} needs this code.`,
    action: '',
    after: 'If you did not ask for this, change your password.',
  },
};

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

export function renderMail(kind: MailKind, content: MailContent, expiresInMinutes: number): RenderedMail {
  const w = WORDING[kind];
  const validity = `It works once, for ${expiresInMinutes} minutes.`;
  const textLines = [`${w.heading}`, '', w.lead(content), ''];
  if (content.link) textLines.push(`${w.action}: ${content.link}`, '');
  if (content.otp) textLines.push(`${content.link ? 'Or enter this code' : 'Your code'}: ${content.otp}`, '');
  textLines.push(validity, w.after, '', `— ${PRODUCT_NAME}`);

  const button = content.link
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.link)}" style="background:#2b6cb0;color:#ffffff;` +
      `padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(w.action)}</a></p>`
    : '';
  const code = content.otp
    ? `<p>${content.link ? 'Or enter this code:' : 'Your code:'}</p>` +
      `<p style="font-size:28px;letter-spacing:6px;font-weight:700;font-family:monospace">${escapeHtml(content.otp)}</p>`
    : '';
  const html =
    `<!doctype html><html><body style="margin:0;background:#f4f6f8;font-family:Arial,Helvetica,sans-serif;color:#1a202c">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">` +
    `<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="background:#ffffff;border-radius:8px;padding:32px">` +
    `<tr><td><p style="font-size:20px;font-weight:700;margin:0 0 16px">${PRODUCT_NAME}</p>` +
    `<h1 style="font-size:22px;margin:0 0 12px">${escapeHtml(w.heading)}</h1>` +
    `<p>${escapeHtml(w.lead(content))}</p>${button}${code}` +
    `<p style="color:#4a5568">${escapeHtml(validity)} ${escapeHtml(w.after)}</p>` +
    `</td></tr></table></td></tr></table></body></html>`;
  return { subject: `${PRODUCT_NAME}: ${w.subject}`, text: textLines.join('\n'), html };
}
