// /api/v1/codes accepts and returns a dynamic code's scan settings as the one shared schema defines them
// (src/shared/rules/schema.ts): stored as given, patched and cleared; hostile settings are a 400 naming the field
// and store nothing; the OpenAPI document describes them as the ScanSettings component.
import { describe, expect, it } from 'vitest';
import { backends, setPlan, signedUpClient, suiteServer } from './helpers.ts';
import { apiCall, createApiKey } from './api-v1-helpers.ts';

const SETTINGS = {
  v: 1,
  endsAt: '2099-01-01T00:00:00Z',
  scanCap: 500,
  rules: [
    { if: [{ type: 'device', in: ['ios'] }], to: 'https://apps.apple.com/app/id1' },
    { if: [{ type: 'time', from: '22:00', to: '06:00', days: [5, 6] }], to: 'https://example.com/night' },
  ],
  timeZone: 'Europe/Berlin',
  split: {
    variants: [
      { to: 'https://example.com/a', weight: 50 },
      { to: 'https://example.com/b', weight: 50 },
    ],
  },
  utm: { source: 'qr', campaign: 'launch' },
};

describe.each(backends)('scan settings through /api/v1 on %s', (backend) => {
  const srv = suiteServer(backend);

  it('creates, returns, patches and clears them; refuses hostile ones with 400 and stores nothing', async () => {
    const { client, user } = await signedUpClient(srv.url);
    // Pro: SETTINGS has a split and UTM tags (scan-settings-plan.test.ts holds Free to its limits).
    await setPlan(srv.server.db, user.id, 'pro');
    const { key } = await createApiKey(client, 'rules');
    const made = await apiCall(srv.url, '/api/v1/codes', {
      key,
      method: 'POST',
      json: { name: 'Campaign', is_dynamic: true, destination: 'https://example.com/', scan_settings: SETTINGS },
    });
    expect(made.status).toBe(201);
    const id = (made.body as { id: string }).id;
    expect((made.body as { scan_settings: unknown }).scan_settings).toEqual(SETTINGS);
    const got = await apiCall(srv.url, `/api/v1/codes/${id}`, { key });
    expect((got.body as { scan_settings: unknown }).scan_settings).toEqual(SETTINGS);

    const patched = await apiCall(srv.url, `/api/v1/codes/${id}`, {
      key,
      method: 'PATCH',
      json: { scan_settings: { v: 1, forwardQuery: true } },
    });
    expect(patched.status).toBe(200);
    expect((patched.body as { scan_settings: unknown }).scan_settings).toEqual({ v: 1, forwardQuery: true });

    for (const scan_settings of [
      { v: 1, rules: [{ if: [{ type: 'country', in: ['DE'] }], to: 'javascript:alert(1)' }] },
      { v: 1, rules: [{ if: [{ type: 'ip', in: ['1.2.3.4'] }], to: 'https://a.example/' }] },
      { v: 1, fallbacks: { ended: 'https://user:pw@a.example/' } },
      { v: 1, utm: { source: 'a\u0001b' } },
      {
        v: 1,
        rules: Array.from({ length: 21 }, () => ({ if: [{ type: 'os', in: ['ios'] }], to: 'https://a.example/' })),
      },
    ]) {
      const res = await apiCall(srv.url, `/api/v1/codes/${id}`, { key, method: 'PATCH', json: { scan_settings } });
      expect(res.status, JSON.stringify(scan_settings).slice(0, 80)).toBe(400);
      expect(JSON.stringify(res.body)).toContain('scan_settings');
      const refused = await apiCall(srv.url, '/api/v1/codes', {
        key,
        method: 'POST',
        json: { name: 'Hostile', is_dynamic: true, destination: 'https://example.com/', scan_settings },
      });
      expect(refused.status).toBe(400);
    }
    const after = await apiCall(srv.url, `/api/v1/codes/${id}`, { key });
    expect((after.body as { scan_settings: unknown }).scan_settings).toEqual({ v: 1, forwardQuery: true });
    const list = await apiCall(srv.url, '/api/v1/codes', { key });
    expect((list.body as { data: Array<{ name: string }> }).data.map((c) => c.name)).toEqual(['Campaign']);

    const cleared = await apiCall(srv.url, `/api/v1/codes/${id}`, {
      key,
      method: 'PATCH',
      json: { scan_settings: null },
    });
    expect((cleared.body as { scan_settings: unknown }).scan_settings).toBeNull();

    const doc = (await apiCall(srv.url, '/api/v1/openapi.json')).body as {
      components: { schemas: Record<string, unknown> };
    };
    expect(Object.keys(doc.components.schemas)).toContain('ScanSettings');
    expect(JSON.stringify(doc.components.schemas.ScanSettings)).toContain('forwardQuery');
  });
});
