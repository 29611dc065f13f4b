// Discovery and health (contract §7): /settings, /health, /.well-known/jwks.json.
import type { Hono } from 'hono';
import type { Deps } from '../deps.ts';

const PROVIDERS = [
  'anonymous_users', 'apple', 'azure', 'bitbucket', 'discord', 'facebook', 'snapchat', 'figma', 'fly', 'github',
  'gitlab', 'google', 'keycloak', 'kakao', 'linkedin', 'linkedin_oidc', 'notion', 'spotify', 'slack', 'slack_oidc',
  'workos', 'twitch', 'twitter', 'email', 'phone', 'zoom',
];

export const SERVER_VERSION = 'qrcraft-local-auth-1.0.0';

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

  app.get('/health', (c) =>
    c.json({
      version: SERVER_VERSION,
      name: 'GoTrue',
      description: 'GoTrue is a user registration and authentication API',
    }),
  );

  // HS256 keys are never published, so the set is empty (§7).
  app.get('/.well-known/jwks.json', (c) => {
    c.header('Cache-Control', 'public, max-age=600');
    return c.json({ keys: [] });
  });
}
