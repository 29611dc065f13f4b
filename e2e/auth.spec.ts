import { expect, test } from './fixtures/test.ts';
import { expectToast, logIn, PASSWORD, register, signOutFromHeader, uniqueEmail } from './fixtures/auth.ts';

test('register lands on the dashboard, survives a reload, and signing out goes home', async ({ page }) => {
  await register(page);
  await expectToast(page, 'Account created!', "Welcome to QRCraft. You're now signed in.");
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.reload();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('button', { name: 'Account' })).toBeVisible();
  await signOutFromHeader(page);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/auth$/);
});

test('log in with the right password, and a wrong one gets the spec toast', async ({ page, context }) => {
  const { email } = await register(page);
  await expect(page).toHaveURL(/\/dashboard$/);
  await context.clearCookies();
  await page.evaluate(() => localStorage.clear());
  await page.goto('/auth');
  await logIn(page, email, 'not-the-password');
  await expectToast(page, 'Login failed', 'Invalid email or password. Please try again.');
  await expect(page).toHaveURL(/\/auth$/);
  await logIn(page, email, PASSWORD);
  await expectToast(page, 'Welcome back!', "You've successfully signed in.");
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('registering an existing email gets "Account exists"', async ({ page }) => {
  const email = uniqueEmail('dup');
  await register(page, { email });
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.evaluate(() => localStorage.clear());
  await register(page, { email });
  await expectToast(page, 'Account exists', 'This email is already registered. Please sign in instead.');
  await expect(page).toHaveURL(/\/auth$/);
});

test('validation shows only the first message, in a "Validation error" toast', async ({ page }) => {
  await page.goto('/auth');
  const login = page.getByRole('form', { name: 'Log in' });
  await login.getByLabel('Email').fill('not-an-email');
  await login.getByLabel('Password').fill('123');
  await login.getByRole('button', { name: 'Sign In' }).click();
  await expectToast(page, 'Validation error', 'Please enter a valid email address');
  await expect(page.getByText('Password must be at least 6 characters')).toHaveCount(0);

  await page.getByRole('tab', { name: 'Register' }).click();
  const form = page.getByRole('form', { name: 'Register' });
  await form.getByLabel('Full Name').fill('A');
  await form.getByRole('button', { name: 'Create Account' }).click();
  await expectToast(page, 'Validation error', 'Full name must be at least 2 characters');

  await form.getByLabel('Full Name').fill('Ada');
  await form.getByLabel('Email').fill('ada@example.com');
  await form.getByLabel('Password', { exact: true }).fill('secret1');
  await form.getByLabel('Confirm Password').fill('secret2');
  await form.getByRole('button', { name: 'Create Account' }).click();
  await expectToast(page, 'Validation error', "Passwords don't match");
});

test('a guarded route sends a signed-out visitor to /auth and back after signing in', async ({ page }) => {
  const { email } = await register(page);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.evaluate(() => localStorage.clear());
  await page.goto('/dashboard/settings');
  await expect(page).toHaveURL(/\/auth$/);
  await logIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard\/settings$/);
});

test('the access token is refreshed before it expires', async ({ page }) => {
  await page.clock.install();
  await register(page);
  await expect(page).toHaveURL(/\/dashboard$/);
  const readToken = () =>
    page.evaluate(() => {
      const key = Object.keys(localStorage).find((k) => k.startsWith('sb-') && k.endsWith('-auth-token'));
      return key
        ? (JSON.parse(localStorage.getItem(key) ?? '{}') as { refresh_token?: string }).refresh_token
        : undefined;
    });
  const first = await readToken();
  expect(first).toBeTruthy();
  const refreshed = page.waitForResponse((r) => r.url().includes('grant_type=refresh_token') && r.status() === 200);
  // The e2e server issues 150 s tokens; auth-js ticks every 30 s and refreshes when < 90 s remain.
  // The refresh token is compared, not the access token: the server's real clock may still be in the second that
  // signed the first token, and a JWT with the same claims and second is byte-identical. Refresh tokens rotate.
  await page.clock.fastForward('02:00');
  await refreshed;
  await expect.poll(readToken).not.toBe(first);
  await page.reload();
  await expect(page).toHaveURL(/\/dashboard$/);
});
