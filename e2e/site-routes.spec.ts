import { expect } from './fixtures/test.ts';
import { register } from './fixtures/auth.ts';
import {
  DASHBOARD_ROUTES,
  HEALTHCARE_STYLE,
  PUBLIC_ROUTES,
  RETAIL_STYLE,
  expectPageHeading,
  watchErrors,
} from './fixtures/site.ts';
import { test } from './fixtures/warm-page.ts';

for (const route of PUBLIC_ROUTES) {
  test(`${route.path} renders its heading, key copy and title`, async ({ page }) => {
    const problems = watchErrors(page);
    await page.goto(route.path);
    await expectPageHeading(page, route.h1);
    await expect(page.getByRole('main')).toHaveCount(1);
    const main = page.getByRole('main');
    for (const text of route.copy) await expect(main.getByText(text).first()).toBeVisible();
    await expect(page).toHaveTitle(route.title);
    expect(problems).toEqual([]);
  });
}

test('the landing page has the generator slot and the #features, #pricing and #how-it-works sections', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 2, name: 'Design your QR code' })).toBeVisible();
  await expect(page.locator('#generator')).toHaveCount(1);
  for (const id of ['features', 'pricing', 'how-it-works']) await expect(page.locator(`section#${id}`)).toHaveCount(1);
  await expect(page.getByRole('link', { name: 'Start Free', exact: true }).first()).toHaveAttribute('href', '/auth');
  await expect(page.getByRole('link', { name: 'Explore' })).toHaveAttribute('href', '/auth');
  await expect(page.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/auth');
});

test('/pricing shows every plan with its price, period, features and button', async ({ page }) => {
  await page.goto('/pricing');
  const plans = page
    .getByRole('main')
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 2 }) });
  await expect(plans).toHaveCount(3);
  const free = plans.filter({ hasText: 'Free' }).first();
  await expect(free).toContainText('$0');
  await expect(free).toContainText('forever');
  for (const f of [
    '3 dynamic codes',
    '500 scans per month',
    'Basic analytics',
    'Standard support',
    'PNG export',
    // Scan settings by plan (issue 37): lines added after the spec's.
    'Scan schedules, limits and passwords',
    '2 scan rules per code',
  ]) {
    await expect(free.getByText(f, { exact: true })).toBeVisible();
  }
  await expect(free.getByRole('link', { name: 'Start Free' })).toHaveAttribute('href', '/auth');

  const pro = plans.filter({ has: page.getByRole('heading', { name: 'Pro', exact: true }) });
  await expect(pro).toContainText('Most Popular');
  await expect(pro).toContainText('$29');
  await expect(pro).toContainText('per month');
  for (const f of [
    'Unlimited codes and scans',
    'Advanced analytics',
    'Priority support',
    'All export formats',
    'Custom branding',
    'Bulk creation',
    'API access',
    '20 scan rules per code',
    'A/B split testing',
    'UTM tracking and parameter forwarding',
  ]) {
    await expect(pro.getByText(f, { exact: true })).toBeVisible();
  }
  await expect(pro.getByRole('link', { name: 'Start Pro Trial' })).toHaveAttribute('href', '/auth');

  const business = plans.filter({ has: page.getByRole('heading', { name: 'Business', exact: true }) });
  await expect(business).toContainText('$99');
  for (const f of [
    'Everything in Pro',
    'Team collaboration',
    'White-label',
    'Dedicated account manager',
    'Custom integrations',
    'SLA guarantee',
    'Advanced security',
    'Custom training',
  ]) {
    await expect(business.getByText(f, { exact: true })).toBeVisible();
  }
  // No sales contact exists yet: the button is visibly unavailable instead of a dead link.
  await expect(business.getByRole('button', { name: 'Contact Sales' })).toBeDisabled();
  await expect(page.getByText('Most Popular')).toHaveCount(1);
});

test('/testimonials has three quotes with a five-star rating readable as text', async ({ page }) => {
  await page.goto('/testimonials');
  await expect(page.getByRole('blockquote')).toHaveCount(3);
  await expect(page.getByRole('img', { name: 'Rated 5 out of 5 stars' })).toHaveCount(3);
});

test('/analytics draws real charts with text alternatives', async ({ page }) => {
  await page.goto('/analytics');
  const main = page.getByRole('main');
  await expect(main.getByRole('img', { name: /^Scans by country: United States 38%/ })).toBeVisible();
  await expect(main.getByRole('img', { name: /^Scans by device: Mobile 68%/ })).toBeVisible();
  await expect(main.getByRole('img', { name: /^Scans per day this week/ })).toBeVisible();
  // The charts are drawn, not blank boxes: SVG shapes with real geometry.
  expect(await main.locator('svg circle').count()).toBeGreaterThanOrEqual(4);
  // Chart SVGs (icons are aria-hidden SVGs; the charts are not).
  const box = await main.locator('svg:not([aria-hidden]) path').first().boundingBox();
  expect(box?.width ?? 0).toBeGreaterThan(100);
});

for (const slug of HEALTHCARE_STYLE) {
  test(`/solutions/${slug} is a healthcare-style page`, async ({ page }) => {
    await page.goto(`/solutions/${slug}`);
    const h1 = page.getByRole('heading', { level: 1 });
    await expect(h1).toHaveText(/^QR Codes for /);
    const industry = (await h1.textContent())!.replace('QR Codes for ', '');
    await expect(page).toHaveTitle(`QR Codes for ${industry} | QRCraft`);
    for (const card of [
      'Patient Identification',
      'Medication Management',
      'Visitor Management',
      'Medical Records Access',
    ]) {
      await expect(page.getByRole('heading', { level: 2, name: card })).toBeVisible();
    }
    await expect(page.getByRole('link', { name: 'Get Started Free' })).toHaveAttribute('href', '/auth');
  });
}

for (const slug of RETAIL_STYLE) {
  test(`/solutions/${slug} is a retail-style page`, async ({ page }) => {
    await page.goto(`/solutions/${slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^QR Codes for /);
    for (const card of ['Product Information', 'Loyalty Programs', 'Promotions and Coupons', 'Analytics']) {
      await expect(page.getByRole('heading', { level: 2, name: card, exact: true })).toBeVisible();
    }
    await expect(page.getByRole('main').getByRole('link', { name: 'Start Free Trial' })).toHaveAttribute(
      'href',
      '/auth',
    );
  });
}

test('industry names: page title and heading name the industry', async ({ page }) => {
  await page.goto('/solutions/small-business');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('QR Codes for Small Business');
  await page.goto('/solutions/email-signatures');
  await expect(page).toHaveTitle('QR Codes for Email Signatures | QRCraft');
});

test('an unknown industry slug is the 404 page and logs its path', async ({ page }) => {
  const logged: string[] = [];
  page.on('console', (msg) => logged.push(msg.text()));
  await page.goto('/solutions/aerospace');
  await expect(page.getByRole('heading', { level: 1, name: '404' })).toBeVisible();
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
  await expect.poll(() => logged.some((line) => line.includes('/solutions/aerospace'))).toBe(true);
});

test('/create has its chrome: Back to Home, Log In and Register', async ({ page }) => {
  await page.goto('/create');
  await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  await expect(page.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/auth');
  await expect(page.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/auth');
});

test.describe('dashboard (signed in)', () => {
  // Signed in: a fresh context of their own, not the shared page.
  test('every dashboard route renders, and the sidebar leads to each', async ({ context }) => {
    const page = await context.newPage();
    const problems = watchErrors(page);
    await register(page);
    await expect(page).toHaveURL(/\/dashboard$/);
    for (const route of DASHBOARD_ROUTES) {
      await page.goto(route.path);
      await expectPageHeading(page, route.h1);
      for (const text of route.copy) await expect(page.getByText(text, { exact: true })).toBeVisible();
      await expect(page).toHaveTitle(route.title);
    }
    const sidebar = page.getByRole('navigation', { name: 'Dashboard' });
    for (const [label, path] of [
      ['Dashboard', '/dashboard'],
      ['My QR Codes', '/dashboard/qr-codes'],
      ['Analytics', '/dashboard/analytics'],
      ['Settings', '/dashboard/settings'],
    ] as const) {
      await sidebar.getByRole('link', { name: label, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(sidebar.getByRole('link', { name: label, exact: true })).toHaveAttribute('aria-current', 'page');
    }
    expect(problems).toEqual([]);
  });

  test('the overview shows the sample figures and rows of spec §9', async ({ context }) => {
    const page = await context.newPage();
    await register(page);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('link', { name: 'Create QR Code' })).toHaveAttribute('href', '/create');
    // A new account has no codes: an honest empty state, then the spec's samples loaded into the account.
    const recent = page.getByRole('region', { name: 'Recent QR Codes' });
    await expect(recent.getByText('No QR codes yet')).toBeVisible();
    await recent.getByRole('button', { name: 'Load sample data' }).click();
    const summary = page.getByRole('list', { name: 'Summary' });
    for (const [title, value] of [
      ['Total QR Codes', '3'],
      ['Total Scans', '4.6K'],
      ['Active Campaigns', '2'],
    ] as const) {
      // The card reads "<title><value><note>": the value right after the title, not followed by more digits.
      await expect(summary.getByRole('listitem').filter({ hasText: title })).toHaveText(
        new RegExp(`^${title}${value.replace('.', '\\.')}(?![\\d.])`),
      );
    }
    for (const [name, type, scans] of [
      ['Restaurant Menu', 'Menu', '1,234'],
      ['Business Card', 'vCard', '456'],
      ['Event Tickets', 'URL', '2,890'],
    ]) {
      const row = recent.getByRole('listitem').filter({ hasText: name });
      await expect(row).toContainText(`${type} · ${scans} scans`);
      await expect(row).toContainText('Active');
      await expect(row).toContainText(/Created \d{4}-\d{2}-\d{2}/);
      for (const action of ['Download', 'Edit'])
        await expect(row.getByRole('button', { name: `${action} ${name}` })).toBeEnabled();
      await expect(row.getByRole('link', { name: `Analytics for ${name}` })).toHaveAttribute(
        'href',
        /^\/dashboard\/analytics\?code=/,
      );
    }
    await expect(recent.getByRole('listitem')).toHaveText([/Restaurant Menu/, /Business Card/, /Event Tickets/]);
  });
});
