import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test.ts';
import { E2E_AUTH_URL, E2E_CONFIRM_AUTH_URL, E2E_INBOX_URL } from '../playwright.config.ts';
import { expectToast, logIn, PASSWORD, register, signOutFromHeader, uniqueEmail } from './fixtures/auth.ts';

interface Mail {
  subject: string;
  text: string;
}

/** The newest mail to `address` once it has more than `seen`, read from the run's local inbox. */
async function nextMail(address: string, seen = 0): Promise<Mail> {
  let mails: Mail[] = [];
  await expect
    .poll(async () => {
      const res = await fetch(`${E2E_INBOX_URL}/api/messages?to=${encodeURIComponent(address.toLowerCase())}`);
      mails = (await res.json()) as Mail[];
      return mails.length;
    })
    .toBeGreaterThan(seen);
  return mails[0]!;
}

const linkIn = (mail: Mail) => /https?:\/\/\S+\/verify\?\S+/.exec(mail.text)![0];
const codeIn = (mail: Mail) => /code: (\d{6})/.exec(mail.text)![1]!;

async function signedOutAccount(page: Page) {
  const account = await register(page, { email: uniqueEmail('recover') });
  await expect(page).toHaveURL(/\/dashboard$/);
  await signOutFromHeader(page);
  return account;
}

test('forgot password: mail, link, new password; the old one fails and the link works once', async ({ page }) => {
  const { email } = await signedOutAccount(page);
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  const form = page.getByRole('form', { name: 'Reset password' });
  await form.getByLabel('Email').fill(email);
  await form.getByRole('button', { name: 'Send reset link' }).click();
  await expectToast(page, 'Check your inbox', 'If an account uses this address');
  await expect(page.getByText('Check your inbox').first()).toBeVisible();

  const mail = await nextMail(email);
  expect(mail.subject).toBe('QRCraft: Reset your password');
  await page.goto(linkIn(mail));
  await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
  const set = page.getByRole('form', { name: 'Set a new password' });
  await set.getByLabel('New password', { exact: true }).fill('brand-new-secret-9');
  await set.getByLabel('Confirm new password').fill('brand-new-secret-9');
  await set.getByRole('button', { name: 'Save new password' }).click();
  await expectToast(page, 'Password updated', "You're signed in with your new password.");
  await expect(page).toHaveURL(/\/dashboard$/);

  await signOutFromHeader(page);
  await page.goto('/auth');
  await logIn(page, email, PASSWORD);
  await expectToast(page, 'Login failed', 'Invalid email or password. Please try again.');
  await logIn(page, email, 'brand-new-secret-9');
  await expect(page).toHaveURL(/\/dashboard$/);

  await signOutFromHeader(page);
  await page.goto(linkIn(mail));
  await expect(page.getByText('This link has expired or was already used')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send me a new link' })).toBeVisible();
});

test('magic link: the mailed link signs in', async ({ page }) => {
  const { email } = await signedOutAccount(page);
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  const form = page.getByRole('form', { name: 'Email me a sign-in link' });
  await form.getByLabel('Email').fill(email);
  await form.getByRole('button', { name: 'Email me a link' }).click();
  await expectToast(page, 'Check your inbox', 'We sent you a sign-in link and a 6-digit code.');
  const mail = await nextMail(email);
  expect(mail.subject).toBe('QRCraft: Your sign-in link');
  await page.goto(linkIn(mail));
  await expectToast(page, 'Welcome back!', "You've successfully signed in.");
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('6-digit code: a wrong code is refused, the mailed one signs in', async ({ page }) => {
  const { email } = await signedOutAccount(page);
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  const form = page.getByRole('form', { name: 'Email me a sign-in link' });
  await form.getByLabel('Email').fill(email);
  await form.getByRole('button', { name: 'Email me a link' }).click();
  const code = codeIn(await nextMail(email));
  const codeForm = page.getByRole('form', { name: 'Sign in with a code' });
  await codeForm.getByLabel('6-digit code').fill(code === '000000' ? '111111' : '000000');
  await codeForm.getByRole('button', { name: 'Sign In with Code' }).click();
  await expectToast(page, 'Code not accepted', 'This code is wrong, was already used or has expired.');
  await codeForm.getByLabel('6-digit code').fill(code);
  await codeForm.getByRole('button', { name: 'Sign In with Code' }).click();
  await expectToast(page, 'Welcome back!', "You've successfully signed in.");
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('email change in Settings: confirmed by both addresses, then the new address signs in', async ({ page }) => {
  const { email } = await register(page, { email: uniqueEmail('before') });
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/dashboard/settings');
  const newEmail = uniqueEmail('after');
  const form = page.getByRole('form', { name: 'Change email' });
  await form.getByLabel('New email').fill(newEmail);
  await form.getByRole('button', { name: 'Change email' }).click();
  await expectToast(page, 'Check your inbox', 'Confirm the change with the links we sent');
  const mail = await nextMail(newEmail);
  expect(mail.subject).toBe('QRCraft: Confirm your new email address');
  const toOld = await nextMail(email);
  // Secure email change, with autoconfirm too: one link alone changes nothing.
  await page.goto(linkIn(mail));
  await expect(page.getByText('One address confirmed')).toBeVisible();
  await page.goto(linkIn(toOld));
  await expectToast(page, 'Email updated', 'Sign in with your new address from now on.');
  await expect(page).toHaveURL(/\/dashboard$/);

  await signOutFromHeader(page);
  await page.goto('/auth');
  await logIn(page, newEmail, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a broken link gets a clear page, never a blank one', async ({ page }) => {
  await page.goto(
    '/auth#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired&sb=',
  );
  await expect(page.getByText('This link has expired or was already used')).toBeVisible();
  await page.getByRole('button', { name: 'Send me a new link' }).click();
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
});

test('confirmation required: the mail confirms the account, resend replaces the link', async ({ page }) => {
  // The app's auth requests go to the server that requires confirmation (same protocol, another instance).
  await page.route(`${E2E_AUTH_URL}/**`, async (route) => {
    const url = route.request().url().replace(E2E_AUTH_URL, E2E_CONFIRM_AUTH_URL);
    await route.fulfill({ response: await route.fetch({ url }) });
  });
  const email = uniqueEmail('confirm');
  await register(page, { email });
  await expectToast(page, 'Check your email', 'We sent you a link to confirm your address.');
  const first = await nextMail(email);
  expect(first.subject).toBe('QRCraft: Confirm your email address');
  await page.getByRole('button', { name: 'Send it again' }).click();
  await expectToast(page, 'Check your email', 'We sent a new confirmation link.');
  const second = await nextMail(email, 1);

  // Before confirming, the password is right but the account cannot sign in yet.
  await page.goto('/auth');
  await logIn(page, email, PASSWORD);
  await expectToast(page, 'Error', 'Email not confirmed');

  await page.goto(linkIn(first));
  await expect(page.getByText('This link has expired or was already used')).toBeVisible();
  await page.goto(linkIn(second));
  await expectToast(page, 'Email confirmed', "Your address is confirmed and you're signed in.");
  await expect(page).toHaveURL(/\/dashboard$/);
});
