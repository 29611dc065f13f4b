// Signed URLs as Storage makes them: an HS256 JWT (the server's secret) whose `url` claim is `<bucket>/<path>`;
// a signed upload URL's token also carries the owner and whether it may replace (2 hours, as Storage).
import { SignJWT, jwtVerify } from 'jose';
import { invalidSignature } from './errors.ts';

export const UPLOAD_URL_SECONDS = 2 * 3600;

export interface SignedClaims {
  url: string;
  owner?: string;
  upsert?: boolean;
}

export async function signUrl(secret: string, claims: SignedClaims, expiresInSec: number, nowMs: number) {
  const iat = Math.floor(nowMs / 1000);
  return new SignJWT({ ...claims })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(iat)
    .setExpirationTime(iat + Math.max(1, Math.floor(expiresInSec)))
    .sign(new TextEncoder().encode(secret));
}

/** The token's claims when it is valid for exactly this bucket/path; 400 InvalidSignature otherwise. */
export async function verifySignedUrl(secret: string, token: string, url: string, nowMs: number) {
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(token, new TextEncoder().encode(secret), {
      algorithms: ['HS256'],
      currentDate: new Date(nowMs),
    }));
  } catch (err) {
    throw invalidSignature(err instanceof Error && /exp/.test(err.message) ? 'jwt expired' : 'invalid signature');
  }
  if (payload.url !== url) throw invalidSignature('The url does not match the token');
  return payload as unknown as SignedClaims;
}
