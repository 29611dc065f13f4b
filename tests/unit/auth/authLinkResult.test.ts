import { describe, expect, it } from 'vitest';
import { readLinkResult } from '../../../src/features/auth/authLinkResult.ts';
import { linkErrorText } from '../../../src/features/auth/recoveryMessages.ts';

describe('what a mailed link brings back to /auth (contract R6)', () => {
  it("reads GoTrue's error fragment", () => {
    const hash =
      '#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired&sb=';
    expect(readLinkResult(hash)).toEqual({
      kind: 'error',
      code: 'otp_expired',
      description: 'Email link is invalid or has expired',
    });
    expect(linkErrorText('otp_expired', '').title).toBe('This link has expired or was already used');
    expect(linkErrorText('user_banned', 'User is banned')).toEqual({
      title: 'This link did not work',
      description: 'User is banned',
    });
  });

  it('reads the first half of a secure email change, and a session with its type', () => {
    expect(
      readLinkResult('#message=Confirmation+link+accepted.+Please+proceed+to+confirm+link+sent+to+the+other+email&sb='),
    ).toEqual({
      kind: 'message',
      message: 'Confirmation link accepted. Please proceed to confirm link sent to the other email',
    });
    expect(
      readLinkResult('#access_token=a.b.c&expires_at=1&refresh_token=r&sb=&token_type=bearer&type=recovery'),
    ).toEqual({
      kind: 'session',
      type: 'recovery',
    });
  });

  it('ignores fragments that are not an auth result', () => {
    expect(readLinkResult('')).toBeNull();
    expect(readLinkResult('#features')).toBeNull();
  });
});
