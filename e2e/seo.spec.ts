import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test.ts';
import { register } from './fixtures/auth.ts';
import { HEALTHCARE_STYLE, PUBLIC_ROUTES, RETAIL_STYLE } from './fixtures/site.ts';

/** Every indexable route with the title it must show. */
const INDEXED: { path: string; title: RegExp }[] = [
  ...PUBLIC_ROUTES.map(({ path, title }) => ({ path, title })),
  { path: '/auth', title: /^Log In or Register \| QRCraft$/ },
  ...[...HEALTHCARE_STYLE, ...RETAIL_STYLE]
    .map((slug) => `/solutions/${slug}`)
    .filter((path) => !PUBLIC_ROUTES.some((r) => r.path === path))
    .map((path) => ({ path, title: /^QR Codes for .+ \| QRCraft$/ })),
];

/** The head tags one page is allowed exactly one of. */
const SINGLE = {
  title: 'head > title',
  description: 'meta[name="description"]',
  canonical: 'link[rel="canonical"]',
  ogTitle: 'meta[property="og:title"]',
  ogDescription: 'meta[property="og:description"]',
  ogUrl: 'meta[property="og:url"]',
  ogType: 'meta[property="og:type"]',
  twitterCard: 'meta[name="twitter:card"]',
};
const ROBOTS = 'meta[name="robots"]';

/** The origin the sitemap names (VITE_SITE_URL of the build), which canonical links must use too. */
async function siteOrigin(page: Page): Promise<string> {
  const xml = await (await page.request.get('/sitemap.xml')).text();
  return new URL(xml.match(/<loc>([^<]+)<\/loc>/)![1]!).origin;
}

async function expectIndexedHead(page: Page, url: string) {
  for (const [name, selector] of Object.entries(SINGLE)) {
    await expect(page.locator(selector), name).toHaveCount(1);
  }
  await expect(page.locator(ROBOTS)).toHaveCount(0);
  await expect(page.locator(SINGLE.canonical)).toHaveAttribute('href', url);
  await expect(page.locator(SINGLE.ogUrl)).toHaveAttribute('content', url);
  await expect(page.locator(SINGLE.ogType)).toHaveAttribute('content', 'website');
  await expect(page.locator(SINGLE.twitterCard)).toHaveAttribute('content', 'summary');
  await expect(page.locator(SINGLE.ogTitle)).toHaveAttribute('content', await page.title());
  const description = (await page.locator(SINGLE.description).getAttribute('content')) ?? '';
  await expect(page.locator(SINGLE.ogDescription)).toHaveAttribute('content', description);
  return description;
}

async function expectNoindexHead(page: Page) {
  await expect(page.locator(ROBOTS)).toHaveAttribute('content', 'noindex');
  await expect(page.locator(ROBOTS)).toHaveCount(1);
  await expect(page.locator(SINGLE.canonical)).toHaveCount(0);
  await expect(page.locator(SINGLE.ogUrl)).toHaveCount(0);
  for (const name of ['title', 'description', 'ogTitle', 'ogDescription', 'ogType', 'twitterCard'] as const) {
    await expect(page.locator(SINGLE[name]), name).toHaveCount(1);
  }
}

test('/robots.txt is plain text: crawlers kept out of the dashboard, pointed at the sitemap', async ({ page }) => {
  const response = await page.request.get('/robots.txt');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^text\/plain/);
  const body = await response.text();
  expect(body).toMatch(/^User-agent: \*$/m);
  expect(body).toMatch(/^Disallow: \/dashboard$/m);
  expect(body).toMatch(new RegExp(`^Sitemap: ${await siteOrigin(page)}/sitemap\\.xml$`, 'm'));
});

test('/sitemap.xml is XML listing every public route and industry, and nothing private', async ({ page }) => {
  const response = await page.request.get('/sitemap.xml');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^(application|text)\/xml/);
  const xml = await response.text();
  expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
  const origin = await siteOrigin(page);
  const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
  expect(locs.toSorted()).toEqual(INDEXED.map((r) => origin + r.path).toSorted());
});

test('each public route has one title, its own description, a canonical link to itself, Open Graph and Twitter tags', async ({
  page,
}) => {
  const origin = await siteOrigin(page);
  // index.html's default, which no page may keep (the dashboard is served the unprerendered index.html).
  const fallback = await page.request
    .get('/dashboard')
    .then(async (r) => (await r.text()).match(/name="description"\s+content="([^"]+)"/)![1]);
  const seen = new Map<string, string>();
  for (const route of INDEXED) {
    await test.step(route.path, async () => {
      await page.goto(route.path);
      await expect(page).toHaveTitle(route.title);
      const description = await expectIndexedHead(page, origin + route.path);
      expect(description).not.toBe(fallback);
      expect(
        seen.get(description),
        `${route.path} repeats the description of ${seen.get(description)}`,
      ).toBeUndefined();
      seen.set(description, route.path);
    });
  }
});

test('the 404 page is noindex and has no canonical link', async ({ page }) => {
  for (const path of ['/no-such-page', '/solutions/aerospace']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: '404' })).toBeVisible();
    await expect(page).toHaveTitle('Page not found | QRCraft');
    await expectNoindexHead(page);
  }
});

test('dashboard pages are noindex while shown, and public pages reached from them are indexable again', async ({
  page,
}) => {
  const origin = await siteOrigin(page);
  await register(page);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page).toHaveTitle('Dashboard | QRCraft');
  await expectNoindexHead(page);
  await page
    .getByRole('navigation', { name: 'Dashboard' })
    .getByRole('link', { name: 'Settings', exact: true })
    .click();
  await expect(page).toHaveTitle('Settings · Dashboard | QRCraft');
  await expectNoindexHead(page);
  // Client-side navigation back to a public page: the robots tag goes, the canonical link comes back.
  await page
    .getByRole('navigation', { name: 'Dashboard' })
    .getByRole('link', { name: 'Dashboard', exact: true })
    .click();
  await page.getByRole('link', { name: 'Create QR Code' }).click();
  await expect(page).toHaveURL(/\/create$/);
  await expect(page).toHaveTitle('QR Code Generator: Create your Free QR Code | QRCraft');
  await expectIndexedHead(page, `${origin}/create`);
});
