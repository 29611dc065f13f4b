// The password gate's cookie: after a correct password, the visitor's browser holds a short-lived cookie scoped to
// the code (its Path is the code's /r/<slug> path, and its signature covers the code's id and the moment its
// password was set, so a new password ends every cookie). HMAC-SHA-256 with Web Crypto: Node and Deno alike.

export const PASSWORD_COOKIE = 'qrcraft_pass';
/** How long a correct password lets a visitor through, in seconds. */
export const PASSWORD_COOKIE_SECONDS = 3600;

type HmacKey = ReturnType<typeof crypto.subtle.importKey>;

const keys = new Map<string, HmacKey>();

function keyFor(secret: string): HmacKey {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(`qrcraft redirect password cookie\n${secret}`),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
    keys.set(secret, key);
  }
  return key;
}

function base64url(bytes: ArrayBuffer): string {
  let text = '';
  for (const b of new Uint8Array(bytes)) text += String.fromCharCode(b);
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

async function signature(secret: string, codeId: string, passwordSetAt: string, expires: number): Promise<string> {
  const data = new TextEncoder().encode(`${codeId}\n${passwordSetAt}\n${expires}`);
  return base64url(await crypto.subtle.sign('HMAC', await keyFor(secret), data));
}

/** The cookie's value: "<expiry in Unix seconds>.<signature>". */
export async function passwordCookieValue(secret: string, codeId: string, passwordSetAt: string, nowMs: number) {
  const expires = Math.floor(nowMs / 1000) + PASSWORD_COOKIE_SECONDS;
  return `${expires}.${await signature(secret, codeId, passwordSetAt, expires)}`;
}

function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/** True when the request's cookie header holds an unexpired cookie signed for this code and password. */
export async function hasPasswordCookie(
  cookieHeader: string | null,
  secret: string,
  codeId: string,
  passwordSetAt: string,
  nowMs: number,
): Promise<boolean> {
  if (!cookieHeader) return false;
  for (const part of cookieHeader.slice(0, 8192).split(';')) {
    const [name, value = ''] = part.trim().split('=', 2);
    if (name !== PASSWORD_COOKIE) continue;
    const m = /^(\d{10})\.([A-Za-z0-9_-]{43})$/.exec(value);
    if (!m) continue;
    const expires = Number(m[1]);
    if (expires * 1000 <= nowMs || expires * 1000 > nowMs + PASSWORD_COOKIE_SECONDS * 1000 + 60_000) continue;
    if (constantTimeEqual(m[2]!, await signature(secret, codeId, passwordSetAt, expires))) return true;
  }
  return false;
}

/** Set-Cookie for the code's path: HttpOnly, SameSite=Lax, Secure over https. */
export function passwordCookieHeader(value: string, path: string, secure: boolean): string {
  return (
    `${PASSWORD_COOKIE}=${value}; Path=${path}; Max-Age=${PASSWORD_COOKIE_SECONDS}; HttpOnly; SameSite=Lax` +
    (secure ? '; Secure' : '')
  );
}
