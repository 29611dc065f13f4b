// createServer(config): opens the database, applies migrations and returns the app with fetch / listen /
// close, so tests can run it in-process on an ephemeral port.
import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import type { ServerConfig } from './lib/config.ts';
import { openDatabase, type Db } from './lib/db.ts';
import type { Deps, Limiters } from './lib/deps.ts';
import { ApiError, rateLimited } from './lib/errors.ts';
import { clientIp, corsAndVersion, errorResponse, makeErrorHandler } from './lib/http.ts';
import { migrate } from './lib/migrate.ts';
import { finishCodeDeletions } from './rest/delete-in-parts.ts';
import { expireStagedBatches } from './lib/staged-batches.ts';
import { createWorkBudget } from './lib/work-budget.ts';
import { burnPasswordCheck } from './auth/passwords.ts';
import {
  createConcurrencyGate,
  createLimiter,
  createThrottle,
  unlimited,
  type LimiterOptions,
} from './lib/ratelimit.ts';
import { createMailer } from './mail/mailer.ts';
import { createLocalRedirect, expireScanSalts } from './redirect/local.ts';
import { restRoutes } from './rest/routes.ts';
import { scansExportRoutes } from './export/routes.ts';
import { apiV1Routes } from './api/routes.ts';
import { registerLogout } from './auth/routes/logout.ts';
import { registerMeta } from './auth/routes/meta.ts';
import { registerSignup } from './auth/routes/signup.ts';
import { registerToken } from './auth/routes/token.ts';
import { registerUser } from './auth/routes/user.ts';
import { registerVerify } from './auth/routes/verify.ts';
import { registerMailRequests } from './auth/routes/mail-requests.ts';
import { registerAdmin } from './auth/routes/admin.ts';
import { createTokenSigner } from './auth/tokens.ts';
import { openDiskStore } from './storage/disk.ts';
import { storageRoutes } from './storage/routes.ts';
import { createPageFileCleanup } from './storage/page-file-cleanup.ts';
import type { DrainResult } from '../src/shared/handlers/page-files-cleanup.ts';
import { join } from 'node:path';

export interface AuthServer {
  readonly config: ServerConfig;
  /** GoTrue's lane of the database (migrations, tests). */
  readonly db: Db;
  /** The Fetch API handler (usable without a socket). */
  fetch(request: Request): Promise<Response>;
  /** Starts listening (port 0 = ephemeral); resolves with the base URL, e.g. http://127.0.0.1:54321. */
  listen(port?: number): Promise<string>;
  /**
   * Graceful stop: refuses new connections, lets requests in flight finish (at most graceMs, default 10 s;
   * then the remaining connections are cut), then closes the database.
   */
  close(opts?: { graceMs?: number }): Promise<void>;
  /**
   * Deletes the page files nobody shows now, as the periodic drain does (docs/storage.md, "Deleting files nobody
   * shows"); rejects when the database fails.
   */
  drainPageFiles(): Promise<DrainResult>;
}

function authRoutes(deps: Deps): Hono {
  const auth = new Hono();
  registerSignup(auth, deps);
  registerToken(auth, deps);
  registerLogout(auth, deps);
  registerUser(auth, deps);
  registerVerify(auth, deps);
  registerMailRequests(auth, deps);
  registerAdmin(auth, deps);
  registerMeta(auth, deps);
  return auth;
}

export function createApp(deps: Deps): Hono {
  const app = new Hono();
  const addresses = new WeakMap<Request, string>();
  const redirect = createLocalRedirect({
    db: deps.redirectDb,
    clientAddress: (request) => addresses.get(request) ?? null,
    log: deps.config.log,
    cookieSecret: deps.config.jwtSecret,
    storageSecret: deps.config.jwtSecret,
    disk: deps.disk,
    now: deps.config.now,
    batchesInFlight: deps.config.scanBatchesInFlight,
  });
  // First, ahead of the middleware below, which a scan does not need: CORS and the API version header are for
  // supabase-js's calls (the `r` Edge Function sends neither), and the redirect answers no 413.
  // GET and HEAD (Hono's get answers both) scan; POST is the password gate's form; contact.vcf is a vCard Plus
  // page's contact file; l/<index> a click on a Links page's link; file/<n> a PDF or Images page's file (a 302 to a
  // signed URL); feedback (POST) a feedback page's form and thanks its thank-you page; event.ics an event page's
  // calendar file.
  const pageRoutes = ['/r/:slug', '/r/:slug/contact.vcf', '/r/:slug/l/:index', '/r/:slug/file/:n'];
  pageRoutes.push('/r/:slug/feedback', '/r/:slug/thanks', '/r/:slug/event.ics');
  app.on(['GET', 'POST'], pageRoutes, (c) => {
    // The socket address (or the configured client-IP header): the per-IP limit and the country lookup.
    const ip = clientIp(c, deps.config.rateLimits.ipHeader);
    if (!deps.limiters.redirect.take(ip)) throw rateLimited(deps.limiters.redirect.retryAfterSec(ip));
    addresses.set(c.req.raw, ip);
    return redirect(c.req.raw);
  });
  // A body refused before it has all arrived leaves the rest of it on the connection: say so, and close it,
  // rather than keep it alive for a next request that the unread body would break (docs/security.md).
  app.use('*', async (c, next) => {
    await next();
    const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
    if (c.res.status === 413 && incoming && !incoming.readableEnded) c.res.headers.set('Connection', 'close');
  });
  // The public API answers CORS itself, the same way in the Edge Function (src/shared/handlers/api/cors.ts).
  app.use('*', (c, next) => (/^\/api\/v1(\/|$)/.test(c.req.path) ? next() : corsAndVersion(c, next)));
  const apiV1 = apiV1Routes(deps);
  app.use('*', apiV1.forgetKeysAfterChanges);
  const auth = authRoutes(deps);
  // supabase-js calls <url>/auth/v1/<endpoint>; GoTrue itself serves at the root (§1.1).
  app.route('/auth/v1', auth);
  // The Data API subset (PostgREST) (docs/server.md: "Data API, RLS and redirects").
  app.route('/rest/v1', restRoutes(deps));
  app.route('/functions/v1/scans-export', scansExportRoutes(deps)); // docs/server.md: "Scans export"
  app.route('/api/v1', apiV1.routes); // docs/api.md
  app.route('/storage/v1', storageRoutes(deps, deps.disk)); // docs/storage.md
  app.route('/', auth);
  // A JSON 404 instead of GoTrue's plain-text one (§11).
  app.notFound(() => errorResponse(new ApiError(404, 'not_found', 'The requested resource was not found')));
  app.onError(makeErrorHandler(deps.config.log));
  return app;
}

function createLimiters(config: ServerConfig): Limiters {
  const { rateLimits: r, mailRateLimits: mail, now } = config;
  const limiter = (opts: Omit<LimiterOptions, 'now'>) => (r.enabled ? createLimiter({ ...opts, now }) : unlimited);
  return {
    token: limiter({ burst: r.burst, perFiveMinutes: r.tokenPer5Min }),
    signup: limiter({ burst: r.burst, perFiveMinutes: r.signupPer5Min }),
    user: limiter({ burst: r.burst, perFiveMinutes: r.signupPer5Min }),
    otp: limiter({ burst: r.burst, perFiveMinutes: mail.otpPer5Min }),
    verify: limiter({ burst: r.burst, perFiveMinutes: mail.verifyPer5Min }),
    emailPerIp: limiter({ burst: mail.emailSentPerHour, perHour: mail.emailSentPerHour }),
    emailPerAddress: limiter({ burst: mail.emailSentPerHour, perHour: mail.emailSentPerHour }),
    wrongCodesPerAddress: createLimiter({ ...mail.wrongCodesPerAddress, now }),
    rest: limiter(r.rest),
    restPerIp: limiter(r.restPerIp),
    restRows: limiter(r.restRows),
    redirect: limiter(r.redirect),
  };
}

export async function createServer(config: ServerConfig): Promise<AuthServer> {
  // The redirect's lane holds its scan batches and its outcome batches in flight, and a connection to spare.
  const redirectPool = Math.max(config.poolSizes.redirect, 2 * config.scanBatchesInFlight + 1);
  const database = await openDatabase({
    ...config,
    poolSizes: { ...config.poolSizes, redirect: redirectPool },
    log: config.log,
  });
  try {
    await migrate(database.auth);
    const finished = await finishCodeDeletions(database.api);
    if (finished > 0) config.log(`finished deleting ${finished} code(s) a stopped server had begun to delete`);
  } catch (err) {
    await database.close().catch(() => undefined);
    throw err;
  }
  // Object bytes: unfinished uploads and orphans are swept before the first request (docs/storage.md).
  const storageDir = config.storage.dir || join(config.dataDir || '.data', 'storage');
  let disk;
  try {
    disk = await openDiskStore(storageDir, database.api, config.log);
  } catch (err) {
    await database.close().catch(() => undefined);
    throw err;
  }
  const deps: Deps = {
    config,
    disk,
    db: database.auth,
    apiDb: database.api,
    redirectDb: database.redirect,
    signer: createTokenSigner({ secret: config.jwtSecret, issuer: config.jwtIssuer, expSec: config.jwtExp }),
    limiters: createLimiters(config),
    gate: createConcurrencyGate({
      limit: config.apiLimits.concurrencyPerCaller,
      queue: config.apiLimits.queuePerCaller,
    }),
    work: createWorkBudget({
      ...config.apiLimits.heavyWork,
      perMinute: config.rateLimits.enabled ? config.apiLimits.heavyWork.perMinute : 0,
      now: config.now,
    }),
    mailer: createMailer(config.smtp, config.log),
    mailFrequency: createThrottle({ intervalMs: config.emailMaxFrequencySec * 1000, now: config.now }),
  };
  // The dummy hash for unknown-user logins is made now, so the first such login costs what the others do.
  await burnPasswordCheck('');
  const app = createApp(deps);
  let server: ReturnType<typeof serve> | undefined;
  // Unique scans: yesterday's salt and visitor hashes are destroyed within the hour after UTC midnight, even
  // when no scan arrives (docs/security.md, "Scans").
  const expireSalts = () =>
    expireScanSalts(database.api).catch((err: unknown) =>
      config.log(`expiring scan salts failed: ${err instanceof Error ? err.message : String(err)}`),
    );
  // Abandoned bulk batches go within the hour after their first day too (docs/security.md).
  const expireBatches = () =>
    expireStagedBatches(database.api).catch((err: unknown) =>
      config.log(`expiring staged batches failed: ${err instanceof Error ? err.message : String(err)}`),
    );
  await expireSalts();
  await expireBatches();
  const saltTimer = setInterval(() => void expireSalts().then(expireBatches), 3_600_000);
  saltTimer.unref();
  // Page files no page shows any more go through the Storage module, at start and then every interval.
  const pageFiles = createPageFileCleanup(database.api, disk, config.now);
  const cleanPageFiles = () =>
    pageFiles.run().then(
      ({ failed }) => {
        if (failed) config.log(`page files: ${failed} could not be deleted and will be tried again`);
      },
      (err: unknown) => config.log(`deleting page files failed: ${err instanceof Error ? err.message : String(err)}`),
    );
  await cleanPageFiles();
  const cleanupTimer =
    config.storage.cleanupIntervalSec > 0
      ? setInterval(() => void cleanPageFiles(), config.storage.cleanupIntervalSec * 1000)
      : undefined;
  cleanupTimer?.unref();

  return {
    config,
    db: database.auth,
    fetch: async (request) => app.fetch(request),
    listen: (port = config.port) =>
      new Promise((resolve, reject) => {
        const s = serve({ fetch: app.fetch, port, hostname: config.host }, (info: AddressInfo) => {
          resolve(`http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${info.port}`);
        });
        s.once('error', reject);
        server = s;
      }),
    drainPageFiles: () => pageFiles.run(),
    close: async ({ graceMs = 10_000 } = {}) => {
      clearInterval(saltTimer);
      clearInterval(cleanupTimer);
      if (server) {
        const s = server as import('node:http').Server;
        server = undefined;
        await new Promise<void>((resolve) => {
          const cut = setTimeout(() => s.closeAllConnections(), graceMs);
          // close() stops accepting and resolves once every connection has ended. Keep-alive connections are
          // closed as soon as they are idle, i.e. once the request in flight on them has been answered.
          const sweep = setInterval(() => s.closeIdleConnections(), 50);
          s.close(() => {
            clearTimeout(cut);
            clearInterval(sweep);
            resolve();
          });
          s.closeIdleConnections();
        });
      }
      await deps.mailer.flush();
      deps.mailer.close();
      await pageFiles.idle();
      await database.close();
    },
  };
}
