// CORS for the public API, the same in every runtime: any origin may call it, because a key travels in a header
// the page sets itself (never a cookie), so a foreign page can do nothing without holding a key. Preflights
// allow the two ways of sending a key and JSON bodies; scripts in a page may read the rate-limit state, where a
// new code lives, and the file name of a /qr answer.
import { cors } from 'hono/cors';

const API_CORS_ALLOW_HEADERS = ['Authorization', 'X-API-Key', 'Content-Type'];
const API_CORS_EXPOSE_HEADERS = [
  'RateLimit-Limit',
  'RateLimit-Remaining',
  'RateLimit-Reset',
  'Retry-After',
  'Location',
  'Content-Disposition',
];

export const apiCors = cors({
  origin: '*',
  allowMethods: ['GET', 'POST', 'PATCH', 'DELETE', 'OPTIONS'],
  allowHeaders: API_CORS_ALLOW_HEADERS,
  exposeHeaders: API_CORS_EXPOSE_HEADERS,
  maxAge: 600,
});
