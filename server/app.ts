// createServer(config): opens the database, applies migrations and returns the app with fetch / listen /
// close, so tests can run it in-process on an ephemeral port.
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import type { ServerConfig } from './config.ts';
import { openDb, type Db } from './db.ts';
import type { Deps } from './deps.ts';
import { ApiError } from './errors.ts';
import { clientIp, corsAndVersion, errorResponse, makeErrorHandler } from './http.ts';
import { migrate } from './migrate.ts';
import { createLimiter, unlimited } from './ratelimit.ts';
import { createLocalRedirect } from './redirect-local.ts';
import { restRoutes } from './rest/routes.ts';
import { registerLogout } from './routes/logout.ts';
import { registerMeta } from './routes/meta.ts';
import { registerSignup } from './routes/signup.ts';
import { registerToken } from './routes/token.ts';
import { registerUser } from './routes/user.ts';
import { createTokenSigner } from './tokens.ts';

export interface AuthServer {
  readonly config: ServerConfig;
  readonly db: Db;
  /** The Fetch API handler (usable without a socket). */
  fetch(request: Request): Promise<Response>;
  /** Starts listening (port 0 = ephemeral); resolves with the base URL, e.g. http://127.0.0.1:54321. */
  listen(port?: number): Promise<string>;
  /** Stops listening and closes the database. */
  close(): Promise<void>;
}

function authRoutes(deps: Deps): Hono {
  const auth = new Hono();
  registerSignup(auth, deps);
  registerToken(auth, deps);
  registerLogout(auth, deps);
  registerUser(auth, deps);
  registerMeta(auth, deps);
  return auth;
}

export function createApp(deps: Deps): Hono {
  const app = new Hono();
  app.use('*', corsAndVersion);
  const auth = authRoutes(deps);
  // supabase-js calls <url>/auth/v1/<endpoint>; GoTrue itself serves at the root (§1.1).
  app.route('/auth/v1', auth);
  // The Data API subset (PostgREST) and the dynamic-code redirect (README: "Data API, RLS and redirects").
  app.route('/rest/v1', restRoutes(deps));
  const addresses = new WeakMap<Request, string>();
  const redirect = createLocalRedirect({
    db: deps.db,
    clientAddress: (request) => addresses.get(request) ?? null,
    log: deps.config.log,
  });
  app.get('/r/:slug', (c) => {
    // The socket address (or the configured client-IP header); used for the country lookup only.
    addresses.set(c.req.raw, clientIp(c, deps.config.rateLimits.ipHeader));
    return redirect(c.req.raw);
  });
  app.route('/', auth);
  // A JSON 404 instead of GoTrue's plain-text one (§11).
  app.notFound(() => errorResponse(new ApiError(404, 'not_found', 'The requested resource was not found')));
  app.onError(makeErrorHandler(deps.config.log));
  return app;
}

export async function createServer(config: ServerConfig): Promise<AuthServer> {
  const db = await openDb(config);
  try {
    await migrate(db);
  } catch (err) {
    await db.close().catch(() => undefined);
    throw err;
  }
  const limiterFor = (perFiveMinutes: number) =>
    config.rateLimits.enabled
      ? createLimiter({ burst: config.rateLimits.burst, perFiveMinutes, now: config.now })
      : unlimited;
  const deps: Deps = {
    config,
    db,
    signer: createTokenSigner({ secret: config.jwtSecret, issuer: config.jwtIssuer, expSec: config.jwtExp }),
    limiters: {
      token: limiterFor(config.rateLimits.tokenPer5Min),
      signup: limiterFor(config.rateLimits.signupPer5Min),
      user: limiterFor(config.rateLimits.signupPer5Min),
    },
  };
  const app = createApp(deps);
  let server: ReturnType<typeof serve> | undefined;

  return {
    config,
    db,
    fetch: async (request) => app.fetch(request),
    listen: (port = config.port) =>
      new Promise((resolve, reject) => {
        const s = serve({ fetch: app.fetch, port, hostname: config.host }, (info: AddressInfo) => {
          resolve(`http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${info.port}`);
        });
        s.once('error', reject);
        server = s;
      }),
    close: async () => {
      if (server) {
        const s = server;
        server = undefined;
        await new Promise<void>((resolve) => {
          s.close(() => resolve());
          if ('closeAllConnections' in s) s.closeAllConnections();
        });
      }
      await db.close();
    },
  };
}
