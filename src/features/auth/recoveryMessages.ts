import type { ToastText } from './authMessages.ts';

// The mail flows' messages, in the style of spec §8: a short title, one sentence that says what to do next.
export const RESET_LINK_SENT: ToastText = {
  title: 'Check your inbox',
  description: 'If an account uses this address, a link to set a new password is on its way.',
};
export const SIGN_IN_LINK_SENT: ToastText = {
  title: 'Check your inbox',
  description: 'We sent you a sign-in link and a 6-digit code.',
};
export const CONFIRMATION_RESENT: ToastText = {
  title: 'Check your email',
  description: 'We sent a new confirmation link. Confirm your address, then sign in.',
};
export const PASSWORD_RESET_DONE: ToastText = {
  title: 'Password updated',
  description: "You're signed in with your new password.",
};
export const EMAIL_CONFIRMED: ToastText = {
  title: 'Email confirmed',
  description: "Your address is confirmed and you're signed in.",
};
export const EMAIL_CHANGE_SENT: ToastText = {
  title: 'Check your inbox',
  description: 'Confirm the change with the links we sent to your current and your new address.',
};
export const EMAIL_CHANGED: ToastText = {
  title: 'Email updated',
  description: 'Sign in with your new address from now on.',
};

/** A mail request refused by the server: its rate limits get their own title, the rest the server's message. */
export function mailErrorToast(error: { message: string; code?: string }): ToastText {
  if (error.code === 'over_email_send_rate_limit' || error.code === 'over_request_rate_limit') {
    return { title: 'Please wait', description: error.message };
  }
  return { title: 'Error', description: error.message };
}

/** A mailed code that does not work (wrong, used or expired). */
export const CODE_INVALID: ToastText = {
  title: 'Code not accepted',
  description: 'This code is wrong, was already used or has expired. Check the latest mail, or ask for a new one.',
};

/** What the page says when a mailed link comes back with an error. */
export function linkErrorText(code: string, description: string): ToastText {
  if (code === 'otp_expired') {
    return {
      title: 'This link has expired or was already used',
      description: 'Each link works once, for one hour. Ask for a new one below.',
    };
  }
  return { title: 'This link did not work', description: description || 'Ask for a new one below.' };
}
