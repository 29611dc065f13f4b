import { describe, expect, it } from 'vitest';
import { isPrerenderedFor, normalizePath } from '../../../src/app/prerendered.ts';
import { routes } from '../../../src/app/routes.tsx';
import { htmlFileFor } from '../../../scripts/build/prerender-plugin.ts';
import { CLIENT_RENDERED_PREFIXES, PRERENDERED_PATHS } from '../../../src/content/pageHead.ts';

describe('isPrerenderedFor: hydrate only HTML made for this page', () => {
  it('hydrates a page served its own HTML, with or without a trailing slash', () => {
    expect(isPrerenderedFor('/create', routes, '/create')).toBe(true);
    expect(isPrerenderedFor('/create', routes, '/create/')).toBe(true);
    expect(isPrerenderedFor('/', routes, '/')).toBe(true);
    expect(isPrerenderedFor('/solutions/retail', routes, '/solutions/retail')).toBe(true);
  });

  it('renders afresh when a host served another page, or the SPA shell', () => {
    expect(isPrerenderedFor('/', routes, '/dashboard')).toBe(false);
    expect(isPrerenderedFor('/pricing', routes, '/features')).toBe(false);
    expect(isPrerenderedFor(null, routes, '/create')).toBe(false);
  });

  it('hydrates the 404 HTML on any path that falls to the catch-all route, and only there', () => {
    expect(isPrerenderedFor('*', routes, '/no/such/page')).toBe(true);
    expect(isPrerenderedFor('*', routes, '/pricing')).toBe(false);
    // The industry route owns every slug; an unknown one is its own not-found state, not the 404 HTML's.
    expect(isPrerenderedFor('*', routes, '/solutions/unknown')).toBe(false);
    expect(isPrerenderedFor('*', routes, '/dashboard/settings')).toBe(false);
  });

  it('normalizes trailing slashes but keeps the root', () => {
    expect(normalizePath('/')).toBe('/');
    expect(normalizePath('/pricing//')).toBe('/pricing');
  });
});

describe('the prerendered files', () => {
  it('gives every prerendered path its own file, the root index.html and the 404 page 404.html', () => {
    const files = PRERENDERED_PATHS.map(htmlFileFor);
    expect(new Set(files).size).toBe(PRERENDERED_PATHS.length);
    expect(htmlFileFor('/')).toBe('index.html');
    expect(htmlFileFor('/solutions/retail')).toBe('solutions/retail/index.html');
    expect(htmlFileFor('*')).toBe('404.html');
  });

  it('prerenders no client-rendered page', () => {
    for (const path of PRERENDERED_PATHS) {
      expect(CLIENT_RENDERED_PREFIXES.some((prefix) => path.startsWith(prefix))).toBe(false);
    }
  });
});
