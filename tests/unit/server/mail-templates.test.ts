import { describe, expect, it } from 'vitest';
import { renderMail } from '../../../server/mail/templates.ts';
import { tokenHash } from '../../../server/auth/one-time-tokens.ts';

describe('mail templates', () => {
  it('brand every mail and carry the link and the code in both parts', () => {
    const link = 'http://127.0.0.1:54321/auth/v1/verify?token=abc&type=recovery&redirect_to=http%3A%2F%2Fx';
    const mail = renderMail('recovery', { otp: '012345', link, email: 'ada@example.com' }, 60);
    expect(mail.subject).toBe('QRCraft: Reset your password');
    expect(mail.text).toContain(`Set a new password: ${link}`);
    expect(mail.text).toContain('Or enter this code: 012345');
    expect(mail.text).toContain('It works once, for 60 minutes.');
    expect(mail.html).toContain(`href="${link.replaceAll('&', '&amp;')}"`);
    expect(mail.html).toContain('012345');
  });

  it('escapes addresses in the HTML part', () => {
    const mail = renderMail(
      'email_change',
      { otp: '1', link: 'http://x', email: 'a@b.c', newEmail: '<b>x</b>@e.f' },
      60,
    );
    expect(mail.html).not.toContain('<b>x</b>');
    expect(mail.html).toContain('&lt;b&gt;x&lt;/b&gt;@e.f');
  });

  it("computes GoTrue's token hash: hex sha224 of address + code", () => {
    // sha224("ada@example.com123456"), computed independently with Python's hashlib.
    expect(tokenHash('ada@example.com', '123456')).toBe(HASH);
  });
});

const HASH = 'b3e6748f730bb25fa8ce9a5fda7fd5bf5f56ee21419043fe1c94d975';
