#!/usr/bin/env node
// @ts-check
// `npm run keys`: a fresh JWT_SECRET with matching anon and service_role keys (HS256, ten years), for a server
// reachable from other machines. The server refuses the public demo secret on any non-loopback HOST.
// Put JWT_SECRET in the server's environment, the anon key in the app's VITE_SUPABASE_ANON_KEY; keep the
// service_role key secret (it bypasses row-level security).
import { randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';

const secret = randomBytes(48).toString('base64url');
const key = new TextEncoder().encode(secret);
const TEN_YEARS = 10 * 365 * 24 * 3600;
const now = Math.floor(Date.now() / 1000);
const sign = (/** @type {'anon' | 'service_role'} */ role) =>
  new SignJWT({ iss: 'qrcraft', role })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(now)
    .setExpirationTime(now + TEN_YEARS)
    .sign(key);

console.log(`JWT_SECRET=${secret}`);
console.log(`VITE_SUPABASE_ANON_KEY=${await sign('anon')}`);
console.log(`# service_role key: server-side only (it bypasses row-level security)`);
console.log(`SERVICE_ROLE_KEY=${await sign('service_role')}`);
