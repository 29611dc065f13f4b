// `npm run server`: the local Supabase-Auth-compatible server, configured from the environment.
import { createServer } from './app.ts';
import { loadConfig } from './config.ts';

const config = loadConfig();
const server = await createServer(config);
const url = await server.listen(config.port);
const storage = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
config.log(`auth server listening on ${url}/auth/v1 (${storage}); data API on ${url}/rest/v1, redirects on ${url}/r/<slug>`);

const stop = () => {
  server.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
