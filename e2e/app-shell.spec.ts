import { expect, test } from './fixtures/test.ts';

test('the landing page renders without console errors', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(msg.text());
  });
  page.on('pageerror', (err) => problems.push(err.message));
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(/QRCraft/);
  expect(problems).toEqual([]);
});

test('an unknown path shows the 404 page and logs the path', async ({ page }) => {
  const logged: string[] = [];
  page.on('console', (msg) => logged.push(msg.text()));
  await page.goto('/no/such/page?x=1');
  await expect(page.getByRole('heading', { name: '404' })).toBeVisible();
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
  // The prerendered 404 shows before the app runs; the app logs the path once it has mounted.
  await expect.poll(() => logged.some((line) => line.includes('/no/such/page'))).toBe(true);
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});
