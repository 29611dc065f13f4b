// The error answers routes declare in the OpenAPI document (the body is always ErrorSchema).
import { ErrorSchema } from './schemas.ts';

export const errorContent = (description: string) => ({
  description,
  content: { 'application/json': { schema: ErrorSchema } },
});
export const COMMON_ERRORS = {
  400: errorContent('A parameter or field is missing or malformed; the message names it'),
  401: errorContent('No API key, or one that is unknown or revoked'),
  429: errorContent('Over the per-key rate limit (see the RateLimit headers and Retry-After)'),
};
export const NOT_FOUND = { 404: errorContent('No QR code with that id in your account') };
/** What a request that writes a code can also get: the plan's limit, and a body too large or not JSON. */
export const WRITE_ERRORS = {
  403: errorContent(
    'plan_limit_reached: the free plan has at most 3 dynamic codes, and scan settings with at most 2 rules and no ' +
      'A/B split, UTM template or query forwarding',
  ),
  413: errorContent('The body is over 64 KiB'),
  415: errorContent('The body is not application/json'),
};
