import { atom } from 'jotai';

/**
 * What a mailed link brought back in the URL fragment when it landed on /auth (the server's GET /verify,
 * contract R6): an error (expired or used link), the first half of an email change, or a session of some type.
 */
export type LinkResult =
  | { kind: 'error'; code: string; description: string }
  | { kind: 'message'; message: string }
  | { kind: 'session'; type: string };

export function readLinkResult(hash: string): LinkResult | null {
  const values = new URLSearchParams(hash.replace(/^#/, ''));
  const code = values.get('error_code');
  const description = values.get('error_description');
  if (code || description) return { kind: 'error', code: code ?? '', description: description ?? '' };
  const message = values.get('message');
  if (message) return { kind: 'message', message };
  if (values.get('access_token')) return { kind: 'session', type: values.get('type') ?? '' };
  return null;
}

/** Read once at start-up by authSync, before supabase-js consumes the fragment. */
export const linkResultAtom = atom<LinkResult | null>(null);

/** Set by the PASSWORD_RECOVERY event: the session came from a reset link, so /auth asks for a new password. */
export const passwordRecoveryAtom = atom(false);
