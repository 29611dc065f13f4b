import { expect, test } from './fixtures/test.ts';
import { chooseMenuItem } from './fixtures/menus.ts';
import { SiteHeader, pauseClock } from './fixtures/site.ts';

test.use({ viewport: { width: 1440, height: 900 } });

const LINK_ITEMS: [menu: string, item: string, path: string][] = [
  ['Product', 'Analytics Dashboard', '/analytics'],
  ['Product', 'Dynamic QR Codes', '/features#dynamic'],
  ['Product', 'Custom Design', '/features#custom-design'],
  ['Product', 'All Features', '/features'],
  ['Solution', 'Retail', '/solutions/retail'],
  ['Solution', 'Healthcare', '/solutions/healthcare'],
  ['Solution', 'Hospitality', '/solutions/hospitality'],
  ['Solution', 'Marketing', '/solutions/marketing'],
  ['Solution', 'Packaging', '/solutions/packaging'],
  ['Solution', 'Events', '/solutions/events'],
];

const PLACEHOLDERS: [menu: string, items: string[]][] = [
  ['Company', ['About Us', 'Careers', 'Contact']],
  [
    'Resources',
    [
      'Blog',
      'Guides & eBooks',
      'Videos & Webinars',
      'Customer Stories',
      'QR Code Inspiration Gallery',
      'Help Center',
      'Trust Center',
      'Developers',
      'Integrations Marketplace',
    ],
  ],
];

test('every header menu link goes where the spec says', async ({ page }) => {
  const header = new SiteHeader(page);
  await page.goto('/');
  for (const [menu, item, path] of LINK_ITEMS) {
    await chooseMenuItem(
      header.menuButton(menu),
      header.menu(menu).getByRole('menuitem', { name: new RegExp(`^${item}`) }),
      () => expect(page).toHaveURL(path, { timeout: 5_000 }),
    );
    await expect(header.menu(menu)).toBeHidden();
    if (path.includes('#')) await expect(page.locator(path.slice(path.indexOf('#')))).toBeInViewport();
  }
});

test('the Product menu shows the spec descriptions', async ({ page }) => {
  const header = new SiteHeader(page);
  await page.goto('/');
  const panel = await header.openMenu('Product');
  await expect(panel.getByRole('menuitem', { name: /Analytics Dashboard/ })).toContainText(
    'Track and analyze QR code performance',
  );
  await expect(panel.getByRole('menuitem', { name: /Dynamic QR Codes/ })).toContainText(
    'Edit content without reprinting',
  );
});

test('Company and Resources items are visibly non-navigating placeholders', async ({ page }) => {
  const header = new SiteHeader(page);
  await page.goto('/pricing');
  for (const [menu, items] of PLACEHOLDERS) {
    const panel = await header.openMenu(menu);
    await expect(panel.getByRole('menuitem')).toHaveCount(items.length);
    for (const item of items) {
      const entry = panel.getByRole('menuitem', { name: new RegExp(`^${item.replace(/[&]/g, '\\&')}`) });
      await expect(entry).toHaveAttribute('aria-disabled', 'true');
      await expect(entry).toContainText('Coming soon');
      await expect(entry).not.toHaveAttribute('href', /.*/);
    }
    // A real click on a placeholder (force: Playwright would otherwise wait for aria-disabled to clear).
    await panel.getByRole('menuitem').first().click({ force: true });
    await expect(page).toHaveURL('/pricing');
    await page.keyboard.press('Escape');
  }
});

test('Pricing and the sign-in area link to /pricing and /auth', async ({ page }) => {
  await page.goto('/');
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '/pricing');
  await expect(banner.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/auth');
  await banner.getByRole('link', { name: 'Start Free Trial' }).click();
  await expect(page).toHaveURL('/auth');
});

test('menus work from the keyboard: open, arrows, type-ahead, Escape', async ({ page }) => {
  const header = new SiteHeader(page);
  await page.goto('/');
  await header.menuButton('Resources').focus();
  await page.keyboard.press('Enter');
  const panel = header.menu('Resources');
  await expect(panel).toBeVisible();
  await expect(header.menuButton('Resources')).toHaveAttribute('aria-expanded', 'true');
  await expect(panel.getByRole('menuitem', { name: /^Blog/ })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(panel.getByRole('menuitem', { name: /^Guides/ })).toBeFocused();
  await page.keyboard.press('End');
  await expect(panel.getByRole('menuitem', { name: /^Integrations/ })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(panel.getByRole('menuitem', { name: /^Blog/ })).toBeFocused();
  await page.keyboard.type('cu');
  await expect(panel.getByRole('menuitem', { name: /^Customer Stories/ })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(header.menuButton('Resources')).toBeFocused();

  await page.keyboard.press('ArrowDown');
  await expect(panel).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(panel).toBeHidden();

  // A link item is followed with Enter.
  await header.menuButton('Solution').focus();
  await page.keyboard.press('ArrowUp');
  await expect(header.menu('Solution').getByRole('menuitem', { name: 'Events' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/solutions/events');
});

test('type-ahead forgets what was typed after 1000 ms', async ({ page }) => {
  await page.clock.install({ time: new Date('2024-05-01T10:00:00Z') });
  const header = new SiteHeader(page);
  await page.goto('/');
  await expect(header.menuButton('Resources')).toBeVisible();
  await pauseClock(page);
  await header.menuButton('Resources').focus();
  await page.keyboard.press('Enter');
  const panel = header.menu('Resources');
  await page.keyboard.type('g');
  await expect(panel.getByRole('menuitem', { name: /^Guides/ })).toBeFocused();
  await page.clock.runFor(999);
  await page.keyboard.type('u');
  // Still within 1000 ms: "gu" matches Guides again, focus stays.
  await expect(panel.getByRole('menuitem', { name: /^Guides/ })).toBeFocused();
  await page.clock.runFor(1000);
  await page.keyboard.type('h');
  // Buffer reset: "h" alone, not "guh".
  await expect(panel.getByRole('menuitem', { name: /^Help Center/ })).toBeFocused();
});

test('hover opens after 200 ms, closes 150 ms after leaving, and skips the delay within 300 ms', async ({ page }) => {
  await page.clock.install({ time: new Date('2024-05-01T10:00:00Z') });
  const header = new SiteHeader(page);
  await page.goto('/');
  await expect(header.menuButton('Product')).toBeVisible();
  await pauseClock(page);
  await header.menuButton('Product').hover();
  await page.clock.runFor(190);
  await expect(header.menu('Product')).toBeHidden();
  await page.clock.runFor(10);
  await expect(header.menu('Product')).toBeVisible();

  // Leave to an empty part of the page: closes after 150 ms.
  await page.mouse.move(700, 600);
  await page.clock.runFor(140);
  await expect(header.menu('Product')).toBeVisible();
  await page.clock.runFor(10);
  await expect(header.menu('Product')).toBeHidden();

  // Within the 300 ms skip window, the next menu opens without the 200 ms delay.
  await page.clock.runFor(100);
  await header.menuButton('Company').hover();
  await expect(header.menu('Company')).toBeVisible();

  // Long after closing, the delay applies again.
  await page.mouse.move(700, 600);
  await page.clock.runFor(150 + 1000);
  await expect(header.menu('Company')).toBeHidden();
  await header.menuButton('Resources').hover();
  await page.clock.runFor(100);
  await expect(header.menu('Resources')).toBeHidden();
  await page.clock.runFor(100);
  await expect(header.menu('Resources')).toBeVisible();
});

test('footer: home, dashboard, anchors that work from any page, placeholders, social links, 2024', async ({ page }) => {
  await page.goto('/pricing');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByText('Create, customize and track dynamic QR codes for your business.')).toBeVisible();
  await expect(footer.getByText('© 2024 QRCraft. All rights reserved.')).toBeVisible();
  await expect(footer.getByRole('link', { name: 'Home', exact: true })).toHaveAttribute('href', '/');
  await expect(footer.getByRole('link', { name: 'Dashboard', exact: true })).toHaveAttribute('href', '/dashboard');

  for (const [label, id] of [
    ['Features', 'features'],
    ['Pricing', 'pricing'],
    ['How it works', 'how-it-works'],
  ] as const) {
    await page.goto('/testimonials');
    await page.getByRole('contentinfo').getByRole('link', { name: label }).click();
    await expect(page).toHaveURL(`/#${id}`);
    await expect(page.locator(`section#${id}`)).toBeInViewport();
  }

  for (const label of [
    'About Us',
    'Blog',
    'Careers',
    'Contact',
    'Privacy Policy',
    'Terms of Service',
    'Cookie Policy',
    'GDPR',
  ]) {
    await expect(footer.getByRole('link', { name: label })).toHaveCount(0);
    await expect(page.getByRole('contentinfo').getByText(label, { exact: true })).toBeVisible();
  }

  for (const [name, host] of [
    ['Instagram', 'instagram.com'],
    ['YouTube', 'youtube.com'],
    ['LinkedIn', 'linkedin.com'],
  ] as const) {
    const link = page.getByRole('contentinfo').getByRole('link', { name: new RegExp(`^${name}`) });
    await expect(link).toHaveAttribute('href', new RegExp(`^https://www\\.${host.replace('.', '\\.')}/`));
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  }
});

test('a new page opens at its top, and Back returns to where the visitor had scrolled', async ({ page }) => {
  await page.goto('/testimonials');
  const footer = page.getByRole('contentinfo');
  await footer.scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(0);
  await footer.getByRole('link', { name: 'Dashboard', exact: true }).click();
  await expect(page).toHaveURL(/\/(dashboard|auth)/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await page.goBack();
  await expect(page).toHaveURL('/testimonials');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(scrolled);
});

test.describe('small screens', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('Login is hidden, and the menu button opens a drawer with the same navigation', async ({ page }) => {
    await page.goto('/');
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('link', { name: 'Login' })).toBeHidden();
    await expect(banner.getByRole('link', { name: 'Start Free Trial' })).toBeVisible();
    await expect(banner.getByRole('button', { name: 'Product' })).toBeHidden();

    await banner.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer).toBeVisible();
    for (const [, item, path] of LINK_ITEMS) {
      await expect(drawer.getByRole('link', { name: new RegExp(`^${item}`) })).toHaveAttribute('href', path);
    }
    await expect(drawer.getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '/pricing');
    await expect(drawer.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/auth');
    await expect(drawer.getByText('Integrations Marketplace')).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'Integrations Marketplace' })).toHaveCount(0);

    await drawer.getByRole('link', { name: 'Healthcare' }).click();
    await expect(page).toHaveURL('/solutions/healthcare');
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('QR Codes for Healthcare');
  });
});
