// Access tokens (HS256 JWTs with GoTrue's claims, contract §8) and legacy refresh tokens (§4.3).
import { randomBytes } from 'node:crypto';
import { SignJWT, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';

export interface AmrEntry {
  method: string;
  timestamp: number;
}

/** Claims in GoTrue's order (§8.1). `aud` is a single string. */
export interface AccessTokenClaims {
  aud: string;
  exp: number;
  iat: number;
  iss: string;
  sub: string;
  email: string;
  phone: string;
  app_metadata: Record<string, unknown>;
  user_metadata: Record<string, unknown>;
  role: string;
  aal: string;
  amr: AmrEntry[];
  session_id: string;
  is_anonymous: boolean;
}

export interface TokenSigner {
  sign(claims: Omit<AccessTokenClaims, 'iat' | 'exp' | 'iss'>, nowMs: number): Promise<{ jwt: string; exp: number }>;
  verify(jwt: string, nowMs: number): Promise<JWTPayload>;
}

export class JwtError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'JwtError';
  }
}

/**
 * Describes a jose failure in golang-jwt's words, which GoTrue appends to
 * "invalid JWT: unable to parse or verify signature, " (§6.1; the exact suffix is unverified there too).
 */
function describeJoseError(err: unknown): string {
  if (err instanceof joseErrors.JWTExpired) return 'token has invalid claims: token is expired';
  if (err instanceof joseErrors.JWTClaimValidationFailed) {
    return err.claim === 'nbf'
      ? 'token has invalid claims: token is not valid yet'
      : `token has invalid claims: ${err.message}`;
  }
  if (err instanceof joseErrors.JWSSignatureVerificationFailed)
    return 'token signature is invalid: signature is invalid';
  if (err instanceof joseErrors.JOSEAlgNotAllowed || err instanceof joseErrors.JOSENotSupported) {
    return 'token signature is invalid: signing method is invalid';
  }
  if (err instanceof joseErrors.JWSInvalid || err instanceof joseErrors.JWTInvalid) {
    return 'token is malformed: could not decode token';
  }
  return 'token is malformed: could not decode token';
}

export function createTokenSigner(opts: { secret: string; issuer: string; expSec: number }): TokenSigner {
  const key = new TextEncoder().encode(opts.secret);
  return {
    async sign(claims, nowMs) {
      const iat = Math.floor(nowMs / 1000);
      const exp = iat + opts.expSec;
      const payload = {
        aud: claims.aud,
        exp,
        iat,
        ...(opts.issuer ? { iss: opts.issuer } : {}),
        sub: claims.sub,
        email: claims.email,
        phone: claims.phone,
        app_metadata: claims.app_metadata,
        user_metadata: claims.user_metadata,
        role: claims.role,
        aal: claims.aal,
        amr: claims.amr,
        session_id: claims.session_id,
        is_anonymous: claims.is_anonymous,
      };
      const jwt = await new SignJWT(payload).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(key);
      return { jwt, exp };
    },
    async verify(jwt, nowMs) {
      try {
        const { payload } = await jwtVerify(jwt, key, {
          algorithms: ['HS256'],
          currentDate: new Date(nowMs),
        });
        return payload;
      } catch (err) {
        throw new JwtError(describeJoseError(err));
      }
    },
  };
}

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';
export const REFRESH_TOKEN_PATTERN = /^[a-z2-7]{12}$/;

/** A legacy refresh token: 12 lower-case base32 characters from a CSPRNG (§4.3). */
export function generateRefreshToken(): string {
  const bytes = randomBytes(12);
  let out = '';
  for (const b of bytes) out += BASE32[b & 31];
  return out;
}
