// The database lanes (server/lib/db.ts): the redirect's lane runs its statements as service_role without a
// transaction of its own on PostgreSQL, and the other lanes keep the connecting user.
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/lib/db.ts';
import { migrate } from '../../server/lib/migrate.ts';
import { backends, createStore, type TestStore } from './helpers.ts';

describe.each(backends)('database lanes on %s', (backend) => {
  let store: TestStore | undefined;
  let database: Database | undefined;
  afterAll(async () => {
    await database?.close();
    await store?.drop();
  });

  it('runs the redirect lane as service_role on PostgreSQL, and leaves PGlite to switch roles per transaction', async () => {
    store = await createStore(backend);
    database = await openDatabase({ databaseUrl: store.databaseUrl, dataDir: store.dataDir });
    // The roles come with the migrations (PGlite's lanes switch roles per transaction, so they need none here).
    if (backend === 'postgres') await migrate(database.auth);
    const whoOn = async (lane: 'auth' | 'api' | 'redirect') =>
      (await database![lane].query<{ who: string }>('SELECT current_user::text AS who'))[0]?.who;
    const connecting = await whoOn('auth');
    expect(await whoOn('api')).toBe(connecting);
    if (backend === 'postgres') {
      expect(database.redirect.role).toBe('service_role');
      expect(await whoOn('redirect')).toBe('service_role');
      // Every statement is its own transaction: nothing is left open between two of them.
      const [row] = await database.redirect.query<{ open: boolean }>('SELECT now() <> statement_timestamp() AS open');
      expect(row?.open).toBe(false);
    } else {
      expect(database.redirect.role).toBeUndefined();
      expect(await whoOn('redirect')).toBe(connecting);
    }
  });
});
