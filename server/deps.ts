// What every route needs: configuration, database, token signer and the per-IP limiters.
import type { ServerConfig } from './config.ts';
import type { Db } from './db.ts';
import type { Limiter } from './ratelimit.ts';
import type { TokenSigner } from './tokens.ts';

export interface Deps {
  config: ServerConfig;
  db: Db;
  signer: TokenSigner;
  limiters: { token: Limiter; signup: Limiter; user: Limiter };
}
