/**
 * Prerendered pages (issue 13): every public route's HTML holds its page before any script runs, with JavaScript
 * off / and /create still show the headline, the generator's three steps and the footer, and the app hydrates
 * that HTML (keeping its elements) without a console warning and without a layout shift. Hydration warnings
 * about attributes are printed by React's development build only, so those tests run on a development build of
 * the same app, built and served by this file.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { APP_MOUNTED_MARK } from '../src/app/prerendered.ts';
import { PRERENDERED_PATHS } from '../src/content/pageHead.ts';
import { E2E_ANON_KEY, E2E_AUTH_URL } from '../playwright.config.ts';
import { register } from './fixtures/auth.ts';
import { decodeImageFile } from './fixtures/decode.ts';
import { chooseType, download, fillFields, generate } from './fixtures/generator.ts';
import { HEALTHCARE_STYLE, PUBLIC_ROUTES, RETAIL_STYLE } from './fixtures/site.ts';

const NOT_FOUND_URL = '/no-such-page-for-prerender';
const urlOf = (path: string) => (path === '*' ? NOT_FOUND_URL : path);
const GENERATOR_STEPS = ['1. Select QR Type', '2. Customize Design', '3. Preview & Download'];
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
/** Lighthouse's "good" CLS is 0.1; the issue asks for 0.05 at most. */
const MAX_CLS = 0.05;

/** The text of the first <h1> in an HTML string, tags stripped and whitespace collapsed. */
function firstH1(html: string): string {
  const inner = /<h1\b[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? '';
  return inner
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Holds back the page's scripts, as a slow phone's network does: the page is on screen and usable before the app
 * runs. The scripts stay held until the test calls the returned function, which lets them through and waits for
 * the app's mount. (A fixed delay per request cost one delay per wave of imports, and on a busy machine the
 * test's own input could outlast it.)
 */
async function holdBackScripts(page: Page): Promise<() => Promise<void>> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return async () => {
    release();
    await appMounted(page);
  };
}
/** Whether the app has mounted (hydrated, on a prerendered page), by its performance mark. */
const hasMounted = (page: Page) =>
  page.evaluate((mark) => performance.getEntriesByName(mark).length > 0, APP_MOUNTED_MARK);
const appMounted = (page: Page) =>
  page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, APP_MOUNTED_MARK);

test.describe('the prerendered HTML', () => {
  for (const path of PRERENDERED_PATHS) {
    test(`${path} holds its heading, head and styles before any script runs`, async ({ request }) => {
      const response = await request.get(urlOf(path));
      expect(response.status()).toBe(path === '*' ? 404 : 200);
      const html = await response.text();
      expect(html).toContain(`<div id="root" data-prerendered="${path}">`);
      expect(html).toMatch(/<style data-prerendered-css="css [^"]+">/);
      expect(firstH1(html)).not.toBe('');
      const route = PUBLIC_ROUTES.find((r) => r.path === path);
      if (route) {
        expect(firstH1(html)).toMatch(route.h1);
        expect(titleOf(html)).toMatch(route.title);
      }
    });
  }

  test('the dashboard is not prerendered: it gets the app shell', async ({ request }) => {
    const response = await request.get('/dashboard/qr-codes');
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain('<div id="root"></div>');
  });
});

test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });

  for (const path of ['/', '/create']) {
    test(`${path} shows the headline, the generator's three steps and the footer`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      for (const step of GENERATOR_STEPS) await expect(page.getByRole('heading', { name: step })).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Generate QR Code' })).toBeVisible();
    });
  }
});

test('hydrating / and /create shifts no layout (CLS ≤ 0.05 on a phone-sized screen)', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  for (const path of ['/', '/create']) {
    const page = await context.newPage();
    await page.addInitScript(() => {
      const w = window as unknown as { __cls: number };
      w.__cls = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
          if (!entry.hadRecentInput) w.__cls += entry.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(path);
    // The header's sign-in buttons appear once the session is known (after hydration).
    await expect(page.getByRole('link', { name: /Start Free Trial|Register/ }).first()).toBeVisible();
    const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
    expect(cls, `${path} layout shift`).toBeLessThanOrEqual(MAX_CLS);
    await page.close();
  }
  await context.close();
});

test('/ and /create are painted before any of their scripts is requested, then hydrate', async ({ page }) => {
  for (const path of ['/', '/create']) {
    await page.goto(path);
    await appMounted(page);
    const { fcp, scripts } = await page.evaluate(() => ({
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Infinity,
      scripts: performance
        .getEntriesByType('resource')
        .filter((e) => /\/assets\/.*\.js$/.test(e.name))
        .map((e) => e.startTime),
    }));
    expect(fcp, `${path}: first contentful paint`).toBeLessThan(Infinity);
    expect(scripts.length, `${path}: scripts loaded`).toBeGreaterThan(0);
    expect(Math.min(...scripts), `${path}: first script request (ms) against first paint`).toBeGreaterThanOrEqual(fcp);
  }
});

test.describe('when the app cannot load', () => {
  const cases = [
    { what: 'the entry script', files: /\/assets\/index-[^/]+\.js$/, path: '/create', prerendered: true },
    { what: "the page's own chunk", files: /\/assets\/CreatePage-[^/]+\.js$/, path: '/create', prerendered: true },
    {
      what: 'the entry script, on a client-rendered page',
      files: /\/assets\/index-[^/]+\.js$/,
      path: '/dashboard',
      prerendered: false,
    },
  ];
  for (const { what, files, path, prerendered } of cases) {
    test(`${path}: a failed load of ${what} is said, with a reload that works once the network is back`, async ({
      page,
    }) => {
      let offline = true;
      await page.route(files, (route) => (offline ? route.abort('internetdisconnected') : route.continue()));
      await page.goto(path);
      const notice = page
        .getByRole('alert')
        .filter({ hasText: 'QRCraft could not load. Check your connection, then reload the page.' });
      await expect(notice).toBeVisible();
      if (prerendered) await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      offline = false;
      await notice.getByRole('button', { name: 'Reload' }).click();
      await page.waitForFunction(() => document.getElementById('root')?.hasAttribute('data-mounted'));
      await expect(notice).toHaveCount(0);
    });
  }
});

test('a click on a prerendered button before the app has hydrated is replayed, not lost', async ({ page }) => {
  const mount = await holdBackScripts(page);
  await page.goto('/create', { waitUntil: 'commit' });
  const types = page.getByRole('group', { name: 'QR code type' });
  await types.getByRole('button', { name: 'Text', exact: true }).click();
  expect(await hasMounted(page)).toBe(false);
  await mount();
  await expect(page.getByLabel(/^Text\s*\*?$/)).toBeVisible();
  await expect(page.getByLabel(/^URL\s*\*?$/)).toHaveCount(0);
});

test('text typed into a prerendered field before the app has hydrated is kept and used', async ({ page }) => {
  const mount = await holdBackScripts(page);
  await page.goto('/create', { waitUntil: 'commit' });
  const url = page.getByRole('main').getByLabel(/^URL\s*\*?$/);
  await url.pressSequentially('https://example.org/typed-early', { delay: 5 });
  expect(await hasMounted(page)).toBe(false);
  await mount();
  await expect(url).toHaveValue('https://example.org/typed-early');
  // The app holds the text too, not only the field: the code made from it says so.
  await generate(page);
  const { bytes } = await download(page, 'png');
  expect(await decodeImageFile(bytes)).toEqual(['https://example.org/typed-early']);
});

test('a page scrolled before the app has hydrated stays where the visitor scrolled it', async ({ page }) => {
  const mount = await holdBackScripts(page);
  await page.goto('/create', { waitUntil: 'commit' });
  await expect(page.getByRole('button', { name: 'Generate QR Code' })).toBeVisible();
  await page.mouse.wheel(0, 600);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(await hasMounted(page)).toBe(false);
  await mount();
  // A frame after the mount: the router's scroll handling runs in the mount's effects.
  await page.evaluate(() => new Promise(requestAnimationFrame));
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
});

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test(`text typed before the app has hydrated does not move the Generate button afterwards (${viewport.width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const mount = await holdBackScripts(page);
    await page.goto('/create', { waitUntil: 'commit' });
    const generateButton = page.getByRole('button', { name: 'Generate QR Code' });
    const top = async () => (await generateButton.boundingBox())?.y;
    await page
      .getByRole('main')
      .getByLabel(/^URL\s*\*?$/)
      .pressSequentially('https://example.org/a', { delay: 5 });
    const beforeMount = await top();
    await mount();
    const atMount = await top();
    // The capacity meter measures the replayed text in the worker, some time after the mount.
    await expect(page.getByText(/^Version \d+ \(\d+×\d+ modules\)/)).toBeVisible();
    expect({ beforeMount, atMount, measured: await top() }).toEqual({
      beforeMount,
      atMount: beforeMount,
      measured: beforeMount,
    });
  });
}

test('a file chosen in a prerendered file field before the app has hydrated is used', async ({ page }) => {
  const mount = await holdBackScripts(page);
  await page.goto('/create/bulk', { waitUntil: 'commit' });
  const csv = ['name,content', 'Early,https://example.org/file-early', 'Later,https://example.org/file-later'].join(
    '\n',
  );
  await page
    .getByLabel('Upload a CSV file')
    .setInputFiles({ name: 'early.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  expect(await hasMounted(page)).toBe(false);
  await mount();
  await expect(page.getByTestId('bulk-summary')).toHaveText('early.csv: 2 rows, 2 ready. Every row is ready.');
});

/**
 * Every prerendered page but the industry pages, of which one per template (healthcare and retail style): they
 * differ only in words, and a development build's page takes seconds to load on a busy machine.
 */
const HYDRATION_PATHS = PRERENDERED_PATHS.filter(
  (path) =>
    !path.startsWith('/solutions/') ||
    path === `/solutions/${HEALTHCARE_STYLE[0]}` ||
    path === `/solutions/${RETAIL_STYLE[0]}`,
);

/** A development build of the app, served like the production one, for React's hydration warnings. */
const PORT_OFFSET = Number(process.env.E2E_PORT_OFFSET ?? 0);
const DEV_PORT = 4373 + PORT_OFFSET;
const DEV_OUT_DIR = `dist-e2e-hydration-${PORT_OFFSET}`;
const DEV_URL = `http://localhost:${DEV_PORT}`;

test.describe('hydration on a development build', () => {
  test.describe.configure({ mode: 'serial' });
  let preview: ChildProcess | undefined;

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    const env = {
      ...process.env,
      NODE_ENV: 'development',
      VITE_SUPABASE_URL: E2E_AUTH_URL,
      VITE_SUPABASE_ANON_KEY: E2E_ANON_KEY,
    };
    const built = spawnSync(
      'npx',
      ['--no-install', 'vite', 'build', '--mode', 'development', '--logLevel', 'warn', '--outDir', DEV_OUT_DIR],
      { env, encoding: 'utf8' },
    );
    expect(built.status, built.stderr).toBe(0);
    preview = spawn(
      'npx',
      ['--no-install', 'vite', 'preview', '--outDir', DEV_OUT_DIR, '--port', String(DEV_PORT), '--strictPort'],
      { env, stdio: 'ignore', detached: true },
    );
    await expect
      .poll(
        () =>
          fetch(DEV_URL).then(
            (r) => r.ok,
            () => false,
          ),
        { timeout: 30_000 },
      )
      .toBe(true);
  });

  test.afterAll(() => {
    if (preview?.pid) process.kill(-preview.pid, 'SIGTERM');
  });

  /**
   * Loads `path` and waits until the app has mounted. Returns the console warnings and errors, and uncaught
   * errors, seen until then (React reports hydration mismatches while it hydrates, before that mark).
   */
  async function hydrationProblems(page: Page, path: string): Promise<string[]> {
    const problems: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error' || msg.type() === 'warning') problems.push(`${msg.type()}: ${msg.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
    // Keeps the h1 the HTML parser made, before any script can run.
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        const h1 = document.querySelector('h1');
        if (!h1) return;
        (window as unknown as { __parsedH1: Element }).__parsedH1 = h1;
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    const html = await (await page.request.get(`${DEV_URL}${urlOf(path)}`)).text();
    await page.goto(`${DEV_URL}${urlOf(path)}`);
    await appMounted(page);
    // Hydrated, not replaced: the element the parser made is still the page's heading, and it reads the same.
    const kept = await page.evaluate(
      () => (window as unknown as { __parsedH1?: Element }).__parsedH1 === document.querySelector('h1'),
    );
    expect(kept, `${path}: the prerendered h1 was replaced instead of hydrated`).toBe(true);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(firstH1(html));
    await expect(page).toHaveTitle(titleOf(html));
    // Spec §2: the 404 page logs the path, and its document answers 404.
    return problems.filter((p) => !(path === '*' && (/non-existent route/.test(p) || /status of 404/.test(p))));
  }

  for (const path of HYDRATION_PATHS) {
    test(`${path} hydrates without a warning`, async ({ page }) => {
      expect(await hydrationProblems(page, path)).toEqual([]);
    });
  }

  test('a returning visitor (signed in, with a saved draft) hydrates without a warning, then sees both', async ({
    browser,
  }: {
    browser: Browser;
  }) => {
    const context = await browser.newContext({ baseURL: DEV_URL });
    const page = await context.newPage();
    await register(page);
    await expect(page).toHaveURL(/\/dashboard$/);
    // A draft on /create: the Text type with some content.
    await page.goto('/create');
    await chooseType(page, 'Text', true);
    await fillFields(page, { Text: 'hydration draft' });
    const fresh = await context.newPage();
    for (const path of ['/create', '/']) {
      expect(await hydrationProblems(fresh, path)).toEqual([]);
    }
    await fresh.goto(`${DEV_URL}/create`);
    await expect(fresh.getByRole('button', { name: /Account/ }).first()).toBeVisible();
    await expect(fresh.getByLabel(/^Text\s*\*?$/)).toHaveValue('hydration draft');
    await context.close();
  });
});

test('global styles and token variables hold on a hydrated page and on a client-rendered one', async ({ page }) => {
  // A hydrated page keeps the prerendered global styles (the browser no longer builds them: getHydratingSystem); a
  // client-rendered page (the dashboard's SPA shell, redirected to /auth when signed out) builds them itself.
  const styled = () =>
    page.evaluate(() => {
      const root = getComputedStyle(document.documentElement);
      return {
        token: root.getPropertyValue('--chakra-colors-gray-700').trim(),
        brand: root.getPropertyValue('--chakra-colors-brand-solid').trim(),
        reset: getComputedStyle(document.body).margin,
      };
    });
  await page.goto('/');
  await appMounted(page);
  expect(await styled()).toEqual({
    token: expect.stringMatching(/^#/),
    brand: expect.stringMatching(/\S/),
    reset: '0px',
  });

  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/auth/);
  expect(await page.locator('#root').getAttribute('data-prerendered')).toBeNull();
  expect(await styled()).toEqual({
    token: expect.stringMatching(/^#/),
    brand: expect.stringMatching(/\S/),
    reset: '0px',
  });
});

test('hydration leaves the prerendered style tags in place and inserts none of their rules again', async ({ page }) => {
  // Emotion moves its own server-rendered tags on start-up, and each move makes the browser rebuild and reapply
  // the whole style sheet (src/app/prerenderedStyles.ts).
  await page.addInitScript(() => {
    const w = window as unknown as { __styleMoves: number };
    w.__styleMoves = 0;
    new MutationObserver((records) => {
      for (const r of records) for (const n of r.removedNodes) if (n.nodeName === 'STYLE') w.__styleMoves++;
    }).observe(document, { childList: true, subtree: true });
  });
  for (const path of ['/', '/create']) {
    await page.goto(path);
    await appMounted(page);
    const { moves, duplicated } = await page.evaluate(() => {
      const prerendered = [...document.querySelectorAll('style[data-prerendered-css]')];
      const selectors = (tags: Element[]) =>
        tags.flatMap((t) =>
          [...((t as HTMLStyleElement).sheet?.cssRules ?? [])].map((r) => r.cssText.split('{')[0] ?? ''),
        );
      const before = new Set(selectors(prerendered));
      const added = selectors([...document.querySelectorAll('style:not([data-prerendered-css])')]);
      return {
        moves: (window as unknown as { __styleMoves: number }).__styleMoves,
        duplicated: added.filter((s) => s.startsWith('.css-') && before.has(s)),
      };
    });
    expect({ path, moves, duplicated }).toEqual({ path, moves: 0, duplicated: [] });
  }
});
