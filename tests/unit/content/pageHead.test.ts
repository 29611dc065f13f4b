// Head data, robots.txt and sitemap.xml (src/content/pageHead.ts): every public route and every industry is
// indexed and listed, the dashboard and the 404 page never are, and the route table has no page without a head.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { INDUSTRIES } from '../../../src/content/industries.ts';
import {
  INDEXED_PATHS,
  SITE_DESCRIPTION,
  headTags,
  pageHead,
  robotsTxt,
  siteOrigin,
  sitemapXml,
  type PagePath,
} from '../../../src/content/pageHead.ts';

const ORIGIN = 'https://qrcraft.example';
const PUBLIC = [
  '/',
  '/create',
  '/create/bulk',
  '/features',
  '/how-it-works',
  '/pricing',
  '/testimonials',
  '/analytics',
  '/auth',
];
const INDUSTRY_PATHS = INDUSTRIES.map((i) => `/solutions/${i.slug}`);
const PRIVATE = ['/dashboard', '/dashboard/qr-codes', '/dashboard/analytics', '/dashboard/settings'] as const;

/** The paths of src/app/routes.tsx, children joined to their parent route's path. */
function routerPaths(): string[] {
  const source = readFileSync(new URL('../../../src/app/routes.tsx', import.meta.url), 'utf8');
  const paths = [...source.matchAll(/path: '([^']+)'/g)].map((m) => m[1]!);
  return paths.map((p) => (p.startsWith('/') || p === '*' ? p : `/dashboard/${p}`));
}

function sitemapLocs(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!);
}

describe('the route table', () => {
  const paths = routerPaths();

  it('is what this test reads (sanity check of the parser)', () => {
    expect(paths).toEqual(expect.arrayContaining(['/', '/pricing', '/solutions/:slug', '/dashboard', '*']));
    expect(paths).toEqual(expect.arrayContaining([...PRIVATE]));
  });

  it('has a head for every route: public ones indexed, dashboard routes and the 404 not', () => {
    for (const path of paths) {
      if (path === '/solutions/:slug') continue;
      const indexed = INDEXED_PATHS.includes(path);
      expect(indexed, path).toBe(!path.startsWith('/dashboard') && path !== '*');
      if (indexed) expect(pageHead(path as PagePath).description, path).toBeTruthy();
    }
  });

  it('indexes nothing the router does not serve', () => {
    for (const path of INDEXED_PATHS) {
      expect(paths.includes(path) || INDUSTRY_PATHS.includes(path), path).toBe(true);
    }
  });
});

describe('page heads', () => {
  it('keep the titles the pages have always had', () => {
    expect(pageHead('/').title).toBe('Create, Customize and Track QR Codes');
    expect(pageHead('/create').title).toBe('QR Code Generator: Create your Free QR Code');
    expect(pageHead('/analytics').title).toBe('QR Code Analytics Dashboard');
    expect(pageHead('/auth').title).toBe('Log In or Register');
    expect(pageHead('/solutions/email-signatures').title).toBe('QR Codes for Email Signatures');
    expect(pageHead('/dashboard/settings').title).toBe('Settings · Dashboard');
    expect(pageHead('*').title).toBe('Page not found');
  });

  it('give every indexed page its own description of a search-result length', () => {
    const descriptions = INDEXED_PATHS.map((path) => pageHead(path as PagePath).description ?? '');
    for (const [i, d] of descriptions.entries()) {
      expect(d.length, INDEXED_PATHS[i]).toBeGreaterThanOrEqual(70);
      expect(d.length, `${INDEXED_PATHS[i]}: ${d}`).toBeLessThanOrEqual(160);
    }
    expect(new Set(descriptions).size).toBe(descriptions.length);
    expect(descriptions).not.toContain(SITE_DESCRIPTION);
  });

  it('name the industry in its description', () => {
    for (const industry of INDUSTRIES) {
      expect(pageHead(`/solutions/${industry.slug}`).description).toContain(`QR codes for ${industry.name} `);
    }
  });

  it('treat an unknown industry as the 404 page', () => {
    expect(pageHead('/solutions/aerospace')).toEqual(pageHead('*'));
  });
});

describe('headTags', () => {
  const meta = (path: PagePath) =>
    Object.fromEntries(headTags(path, ORIGIN).meta.map(({ key, content }) => [key, content]));

  it('gives a public page its canonical URL, description, Open Graph and Twitter tags, and no robots tag', () => {
    const tags = headTags('/pricing', ORIGIN);
    expect(tags.title).toBe('Pricing | QRCraft');
    expect(tags.canonical).toBe(`${ORIGIN}/pricing`);
    expect(meta('/pricing')).toEqual({
      description: pageHead('/pricing').description,
      robots: null,
      'og:title': 'Pricing | QRCraft',
      'og:description': pageHead('/pricing').description,
      'og:type': 'website',
      'og:url': `${ORIGIN}/pricing`,
      'twitter:card': 'summary',
    });
    expect(headTags('/', ORIGIN).canonical).toBe(`${ORIGIN}/`);
  });

  it('marks dashboard pages and the 404 noindex, with no canonical or og:url', () => {
    for (const path of [...PRIVATE, '*', '/solutions/aerospace'] as const) {
      const tags = headTags(path, ORIGIN);
      expect(tags.canonical, path).toBeNull();
      expect(meta(path), path).toMatchObject({ robots: 'noindex', 'og:url': null, description: SITE_DESCRIPTION });
    }
  });

  it('lists each managed tag once', () => {
    const keys = headTags('/', ORIGIN).meta.map((m) => m.key);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('sitemap.xml', () => {
  const xml = sitemapXml(ORIGIN);
  const locs = sitemapLocs(xml);

  it('lists every public route and every industry once, as absolute URLs', () => {
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">\n/,
    );
    expect(xml.endsWith('</urlset>\n')).toBe(true);
    expect(locs.toSorted()).toEqual([...PUBLIC, ...INDUSTRY_PATHS].map((p) => ORIGIN + p).toSorted());
    expect(INDUSTRY_PATHS).toHaveLength(15);
  });

  it('leaves out the dashboard and the 404 page', () => {
    expect(locs.filter((loc) => loc.includes('/dashboard') || loc.includes('*'))).toEqual([]);
  });

  it('escapes what XML needs escaped', () => {
    expect(sitemapLocs(sitemapXml('https://example.com/a&b'))[0]).toBe('https://example.com/a&#38;b/');
  });
});

describe('robots.txt', () => {
  it('lets crawlers in, keeps them out of the dashboard, and names the sitemap', () => {
    expect(robotsTxt(ORIGIN)).toBe(`User-agent: *\nDisallow: /dashboard\n\nSitemap: ${ORIGIN}/sitemap.xml\n`);
  });
});

describe('siteOrigin (VITE_SITE_URL)', () => {
  it('defaults to the dev server and drops trailing slashes', () => {
    expect(siteOrigin(undefined)).toBe('http://localhost:5173');
    expect(siteOrigin('  ')).toBe('http://localhost:5173');
    expect(siteOrigin('https://qrcraft.example/')).toBe('https://qrcraft.example');
  });

  it('refuses what is not an http(s) URL', () => {
    expect(() => siteOrigin('qrcraft.example')).toThrow(/VITE_SITE_URL/);
    expect(() => siteOrigin('ftp://qrcraft.example')).toThrow(/VITE_SITE_URL/);
  });
});
