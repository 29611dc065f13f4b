// `npm run server`: the local Supabase-Auth-compatible server, configured from the environment and from .env
// files (.env.local, .env; the real environment wins over both).
// Startup refusals (bad configuration, a data folder in use) print one line and exit 1. SIGTERM / SIGINT stop
// gracefully: requests in flight are answered first; a second signal exits at once.
import { createServer, type AuthServer } from './app.ts';
import { ConfigError, loadConfig, loadEnvFiles, type ServerConfig } from './lib/config.ts';
import { DataDirLockedError } from './lib/data-dir-lock.ts';

// The handlers come first: a supervisor may signal as soon as it sees the "listening" line, and a signal that
// arrives before a handler exists kills the process without any cleanup.
let server: AuthServer | undefined;
let stopRequested = false;

function shutDown(signal: string, running: AuthServer): void {
  console.log(`${signal}: finishing requests in flight, then stopping`);
  running.close().then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}

function stop(signal: string): void {
  if (stopRequested) process.exit(1);
  stopRequested = true;
  // Still starting: the start-up code below shuts down once the server exists.
  if (server) shutDown(signal, server);
}
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));

function refuse(err: unknown): never {
  if (err instanceof ConfigError || err instanceof DataDirLockedError) {
    console.error(`✖ ${err.message}`);
    process.exit(1);
  }
  throw err;
}

let config: ServerConfig;
try {
  // .env.local and .env in the working directory (the repository root under npm), below the real environment.
  // Test and benchmark servers set ENV_FILES=off: a developer's .env (a real project's keys, SMTP) stays out.
  if (process.env.ENV_FILES !== 'off') loadEnvFiles(process.cwd());
  config = loadConfig();
  server = await createServer(config);
} catch (err) {
  refuse(err);
}
if (stopRequested) {
  shutDown('signal during start-up', server);
} else {
  const url = await server.listen(config.port);
  const storage = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
  config.log(
    `auth server listening on ${url}/auth/v1 (${storage}); data API on ${url}/rest/v1, redirects on ${url}/r/<slug>`,
  );
}
