// Discovery and health (contract §7): /settings, /health, /.well-known/jwks.json.
import type { Hono } from 'hono';
import { DbUnavailableError } from '../../lib/db.ts';
import type { Deps } from '../../lib/deps.ts';

const PROVIDERS = [
  'anonymous_users',
  'apple',
  'azure',
  'bitbucket',
  'discord',
  'facebook',
  'snapchat',
  'figma',
  'fly',
  'github',
  'gitlab',
  'google',
  'keycloak',
  'kakao',
  'linkedin',
  'linkedin_oidc',
  'notion',
  'spotify',
  'slack',
  'slack_oidc',
  'workos',
  'twitch',
  'twitter',
  'email',
  'phone',
  'zoom',
];

export const SERVER_VERSION = 'qrcraft-local-auth-1.0.0';

const HEALTH_TIMEOUT_MS = 2_000;

/** Rejects with DbUnavailableError when the database has not answered within ms. */
function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DbUnavailableError(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

export function registerMeta(app: Hono, deps: Deps): void {
  app.get('/settings', (c) =>
    c.json({
      external: Object.fromEntries(PROVIDERS.map((p) => [p, p === 'email'])),
      disable_signup: deps.config.disableSignup,
      mailer_autoconfirm: deps.config.autoconfirm,
      phone_autoconfirm: false,
      sms_provider: '',
      saml_enabled: false,
      saml_private_key_next_configured: false,
      passkeys_enabled: false,
    }),
  );

  // GoTrue answers /health without looking at its database; ours asks it, so that a load balancer or a
  // supervisor sees a server whose database is gone (503), and sees it come back by itself.
  app.get('/health', async (c) => {
    await withTimeout(deps.db.query('SELECT 1'), HEALTH_TIMEOUT_MS);
    return c.json({
      version: SERVER_VERSION,
      name: 'GoTrue',
      description: 'GoTrue is a user registration and authentication API',
    });
  });

  // HS256 keys are never published, so the set is empty (§7).
  app.get('/.well-known/jwks.json', (c) => {
    c.header('Cache-Control', 'public, max-age=600');
    return c.json({ keys: [] });
  });
}
