// What every route needs: configuration, the database's two lanes, token signer, limiters and the data API's
// per-caller concurrency gate.
import type { ServerConfig } from './config.ts';
import type { Db } from './db.ts';
import type { ConcurrencyGate, Limiter } from './ratelimit.ts';
import type { TokenSigner } from '../auth/tokens.ts';

export interface Limiters {
  /** GoTrue's per-IP limiters (contract §10.3). */
  token: Limiter;
  signup: Limiter;
  user: Limiter;
  /** /rest/v1 per caller (user, else IP), per IP, and rows inserted per user. */
  rest: Limiter;
  restPerIp: Limiter;
  restRows: Limiter;
  /** GET /r/:slug per IP. */
  redirect: Limiter;
}

export interface Deps {
  config: ServerConfig;
  /** GoTrue's lane. */
  db: Db;
  /** The data API's and the redirect's lane. */
  apiDb: Db;
  signer: TokenSigner;
  limiters: Limiters;
  gate: ConcurrencyGate;
}
