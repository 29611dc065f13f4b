// /api/v1/codes creates and updates hosted pages with the one shared schema (src/shared/pages/schema.ts): a page
// code needs no destination, its short URL answers with the page, a patch changes what the same URL shows, hostile
// pages are a 400 naming the field and store nothing, and the OpenAPI document describes the HostedPage component.
import { describe, expect, it } from 'vitest';
import { SAMPLE_PAGES } from '../unit/pages/samples.ts';
import { apiCall, createApiKey } from './api-v1-helpers.ts';
import { backends, signedUpClient, suiteServer } from './helpers.ts';

describe.each(backends)('hosted pages through /api/v1 on %s', (backend) => {
  const srv = suiteServer(backend);

  it('creates, returns, patches and clears a page; refuses hostile ones with 400 and stores nothing', async () => {
    const { client, user } = await signedUpClient(srv.url);
    const { key } = await createApiKey(client, 'pages');
    const made = await apiCall(srv.url, '/api/v1/codes', {
      key,
      method: 'POST',
      json: { name: 'Menu', type: 'Menu', is_dynamic: true, page: SAMPLE_PAGES.menu },
    });
    expect(made.status).toBe(201);
    const code = made.body as { id: string; slug: string; page: unknown; destination: string | null };
    expect([code.page, code.destination]).toEqual([SAMPLE_PAGES.menu, null]);
    const scan = () => fetch(`${srv.url}/r/${code.slug}`, { headers: { 'User-Agent': 'Mozilla/5.0 (X11; Linux)' } });
    expect(await (await scan()).text()).toContain('<h1>Trattoria da Marco</h1>');

    const patched = await apiCall(srv.url, `/api/v1/codes/${code.id}`, {
      key,
      method: 'PATCH',
      json: { page: { ...SAMPLE_PAGES.menu, title: 'Osteria' } },
    });
    expect(patched.status).toBe(200);
    expect(await (await scan()).text()).toContain('<h1>Osteria</h1>');

    for (const page of [
      { ...SAMPLE_PAGES.links, links: [{ label: 'x', url: 'javascript:alert(1)' }] },
      { ...SAMPLE_PAGES.menu, sections: [] },
      { ...SAMPLE_PAGES.coupon, timeZone: 'Mars/Olympus' },
      { ...SAMPLE_PAGES.links, type: 'pdf' },
    ]) {
      const res = await apiCall(srv.url, `/api/v1/codes/${code.id}`, { key, method: 'PATCH', json: { page } });
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain('page');
      const refused = await apiCall(srv.url, '/api/v1/codes', {
        key,
        method: 'POST',
        json: { name: 'Hostile', is_dynamic: true, page },
      });
      expect(refused.status).toBe(400);
    }
    const staticPage = await apiCall(srv.url, '/api/v1/codes', {
      key,
      method: 'POST',
      json: { name: 'Static', content: 'hello', page: SAMPLE_PAGES.links },
    });
    expect(staticPage.status).toBe(400);
    // A PDF page may name only files in its owner's folder: the database's check, in the API's words.
    const other = await signedUpClient(srv.url);
    const theirs = { v: 1, type: 'pdf', title: 'Not mine', file: `${other.user.id}/secret.pdf` };
    const stolen = await apiCall(srv.url, '/api/v1/codes', {
      key,
      method: 'POST',
      json: { name: 'Stolen', is_dynamic: true, page: theirs },
    });
    expect([stolen.status, JSON.stringify(stolen.body)]).toEqual([
      400,
      expect.stringContaining('\\"page\\": names a file outside your own folder of page-files'),
    ]);
    const mine = await apiCall(srv.url, '/api/v1/codes', {
      key,
      method: 'POST',
      json: { name: 'Mine', is_dynamic: true, page: { ...theirs, file: `${user.id}/mine.pdf` } },
    });
    expect(mine.status).toBe(201);
    await apiCall(srv.url, `/api/v1/codes/${(mine.body as { id: string }).id}`, { key, method: 'DELETE' });
    const list = await apiCall(srv.url, '/api/v1/codes', { key });
    expect((list.body as { data: Array<{ name: string }> }).data.map((c) => c.name)).toEqual(['Menu']);

    // A page code cannot lose both its page and a destination; with a destination it redirects again.
    const bare = await apiCall(srv.url, `/api/v1/codes/${code.id}`, { key, method: 'PATCH', json: { page: null } });
    expect(bare.status).toBeGreaterThanOrEqual(400);
    expect(bare.status).toBeLessThan(500);
    const back = await apiCall(srv.url, `/api/v1/codes/${code.id}`, {
      key,
      method: 'PATCH',
      json: { page: null, destination: 'https://example.com/menu' },
    });
    expect(back.status).toBe(200);
    const redirected = await fetch(`${srv.url}/r/${code.slug}`, { redirect: 'manual' });
    expect([redirected.status, redirected.headers.get('location')]).toEqual([302, 'https://example.com/menu']);

    const doc = (await apiCall(srv.url, '/api/v1/openapi.json')).body as {
      components: { schemas: Record<string, unknown> };
    };
    expect(Object.keys(doc.components.schemas)).toContain('HostedPage');
    expect(JSON.stringify(doc.components.schemas.HostedPage)).toContain('redeemUrl');
  });

  it('creates Feedback and Event pages (issue 33) and refuses broken ones naming the page', async () => {
    const { client } = await signedUpClient(srv.url);
    const { key } = await createApiKey(client, 'pages 2');
    for (const [type, page, heading] of [
      ['Feedback', SAMPLE_PAGES.feedback, '<h1>How was your stay?</h1>'],
      ['Event', SAMPLE_PAGES.event, '<h1>Spring concert, Berlin</h1>'],
    ] as const) {
      const made = await apiCall(srv.url, '/api/v1/codes', {
        key,
        method: 'POST',
        json: { name: type, type, is_dynamic: true, page },
      });
      expect(made.status).toBe(201);
      const code = made.body as { slug: string; page: unknown };
      expect(code.page).toEqual(page);
      const html = await (
        await fetch(`${srv.url}/r/${code.slug}`, { headers: { 'User-Agent': 'Mozilla/5.0 (X11; Linux)' } })
      ).text();
      expect(html).toContain(heading);
    }
    for (const page of [
      { ...SAMPLE_PAGES.event, end: SAMPLE_PAGES.event.type === 'event' ? SAMPLE_PAGES.event.start : '' },
      { ...SAMPLE_PAGES.event, url: 'javascript:alert(1)' },
      { ...SAMPLE_PAGES.feedback, choice: { question: 'Q', options: ['only one'] } },
      { ...SAMPLE_PAGES.feedback, askEmail: 'yes' },
    ]) {
      const res = await apiCall(srv.url, '/api/v1/codes', {
        key,
        method: 'POST',
        json: { name: 'Bad', is_dynamic: true, page },
      });
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain('page');
    }
    const doc = (await apiCall(srv.url, '/api/v1/openapi.json')).body as {
      components: { schemas: Record<string, unknown> };
    };
    const hosted = JSON.stringify(doc.components.schemas.HostedPage);
    for (const field of ['ratingQuestion', 'askComment', 'organiser', 'timeZone']) expect(hosted).toContain(field);
  });
});
