import type { AuthError } from '@supabase/supabase-js';

export interface ToastText {
  title: string;
  description: string;
}

// Spec §8, word for word ("the product" is QRCraft).
export const SIGN_IN_SUCCESS: ToastText = { title: 'Welcome back!', description: "You've successfully signed in." };
export const SIGN_UP_SUCCESS: ToastText = {
  title: 'Account created!',
  description: "Welcome to QRCraft. You're now signed in.",
};
export const CONFIRM_EMAIL: ToastText = {
  title: 'Check your email',
  description: 'We sent you a link to confirm your address. Confirm it, then sign in.',
};

export function signInErrorToast(error: Pick<AuthError, 'message'>): ToastText {
  if (error.message.includes('Invalid login credentials')) {
    return { title: 'Login failed', description: 'Invalid email or password. Please try again.' };
  }
  return { title: 'Error', description: error.message };
}

export const ACCOUNT_EXISTS: ToastText = {
  title: 'Account exists',
  description: 'This email is already registered. Please sign in instead.',
};

export function signUpErrorToast(error: Pick<AuthError, 'message'>): ToastText {
  if (error.message.includes('already registered')) return ACCOUNT_EXISTS;
  return { title: 'Error', description: error.message };
}
