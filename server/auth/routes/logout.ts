// POST /logout?scope=global|local|others (contract §5): 204, no body; sessions deleted, their refresh
// tokens with them (ON DELETE CASCADE).
import type { Hono } from 'hono';
import { authenticate } from '../middleware.ts';
import type { Deps } from '../../lib/deps.ts';
import { validationFailed } from '../../lib/errors.ts';
import { deleteSessions } from '../store.ts';

const SCOPES = ['global', 'local', 'others'] as const;
type Scope = (typeof SCOPES)[number];
const isScope = (s: string): s is Scope => (SCOPES as readonly string[]).includes(s);

export function registerLogout(app: Hono, deps: Deps): void {
  app.post('/logout', async (c) => {
    const { user, session } = await authenticate(deps, c);
    const scope = c.req.query('scope') ?? '';
    if (scope !== '' && !isScope(scope)) {
      throw validationFailed(`Unsupported logout scope ${JSON.stringify(scope.slice(0, 64))}`);
    }
    // Without a session_id in the JWT GoTrue falls back to global.
    await deleteSessions(deps.db, user.id, scope === '' ? 'global' : scope, session?.id ?? null);
    return c.body(null, 204);
  });
}
