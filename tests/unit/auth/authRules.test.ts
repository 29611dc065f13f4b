import { describe, expect, it } from 'vitest';
import type { Session } from '@supabase/supabase-js';
import {
  firstErrorMessage,
  loginFieldOrder,
  loginSchema,
  registerFieldOrder,
  registerSchema,
} from '../../../src/features/auth/authSchemas.ts';
import { signInErrorToast, signUpErrorToast } from '../../../src/features/auth/authMessages.ts';
import { nextAuthState } from '../../../src/features/auth/authSync.ts';
import { AuthConfigError, readSupabaseConfig, serverUrl } from '../../../src/lib/supabaseConfig.ts';

function firstIssue(schema: typeof loginSchema | typeof registerSchema, values: object, order: readonly string[]) {
  const result = schema.safeParse(values);
  if (result.success) return undefined;
  const errors: Record<string, { message: string }> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0]);
    errors[field] ??= { message: issue.message };
  }
  return firstErrorMessage(errors, order);
}

describe('login rules (spec §5)', () => {
  it('accepts a valid email and a 6-character password', () => {
    expect(loginSchema.safeParse({ email: 'a@b.co', password: '123456' }).success).toBe(true);
  });
  it('reports the email first, then the password', () => {
    expect(firstIssue(loginSchema, { email: 'nope', password: '1' }, loginFieldOrder)).toBe(
      'Please enter a valid email address',
    );
    expect(firstIssue(loginSchema, { email: 'a@b.co', password: '12345' }, loginFieldOrder)).toBe(
      'Password must be at least 6 characters',
    );
  });
});

describe('register rules (spec §5)', () => {
  const valid = { fullName: 'Ada', email: 'a@b.co', password: '123456', confirmPassword: '123456' };
  it('accepts a complete form', () => {
    expect(registerSchema.safeParse(valid).success).toBe(true);
  });
  it('reports the full name first', () => {
    expect(firstIssue(registerSchema, { ...valid, fullName: ' A ', email: 'x' }, registerFieldOrder)).toBe(
      'Full name must be at least 2 characters',
    );
  });
  it('puts the mismatch on confirmPassword', () => {
    const result = registerSchema.safeParse({ ...valid, confirmPassword: '1234567' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['confirmPassword', "Passwords don't match"],
    ]);
  });
});

describe('auth toasts (spec §8)', () => {
  it('maps invalid credentials to "Login failed" and anything else to "Error" with the server message', () => {
    expect(signInErrorToast({ message: 'Invalid login credentials' }).title).toBe('Login failed');
    expect(signInErrorToast({ message: 'Email not confirmed' })).toEqual({
      title: 'Error',
      description: 'Email not confirmed',
    });
  });
  it('maps "already registered" to "Account exists"', () => {
    expect(signUpErrorToast({ message: 'User already registered' }).title).toBe('Account exists');
    expect(signUpErrorToast({ message: 'Signups not allowed for this instance' }).title).toBe('Error');
  });
});

describe('auth state from events (spec §4)', () => {
  const session = { access_token: 'a', user: { id: 'u1' } } as unknown as Session;
  it('leaves loading on INITIAL_SESSION, with or without a stored session', () => {
    expect(nextAuthState('INITIAL_SESSION', null)).toEqual({ status: 'signedOut' });
    expect(nextAuthState('INITIAL_SESSION', session)).toMatchObject({ status: 'signedIn', user: { id: 'u1' } });
  });
  it('keeps the user signed in on refresh, update and MFA verification; signs out on SIGNED_OUT', () => {
    for (const event of ['SIGNED_IN', 'TOKEN_REFRESHED', 'USER_UPDATED', 'MFA_CHALLENGE_VERIFIED'] as const) {
      expect(nextAuthState(event, session).status).toBe('signedIn');
    }
    expect(nextAuthState('SIGNED_OUT', session)).toEqual({ status: 'signedOut' });
  });
});

describe('supabase configuration', () => {
  it('throws a typed, explanatory error when the backend key is missing', () => {
    expect(() => readSupabaseConfig({ VITE_SUPABASE_URL: 'http://localhost:54321' })).toThrow(AuthConfigError);
    expect(readSupabaseConfig({ VITE_SUPABASE_URL: ' http://x ', VITE_SUPABASE_ANON_KEY: 'k' })).toEqual({
      url: 'http://x',
      anonKey: 'k',
    });
  });

  it('puts a path on the server URL, whatever slashes the URL ends with', () => {
    const env = { VITE_SUPABASE_URL: 'https://ref.supabase.co//', VITE_SUPABASE_ANON_KEY: 'k' };
    expect(serverUrl('/api/v1', env)).toBe('https://ref.supabase.co/api/v1');
    expect(serverUrl('/functions/v1/scans-export', { ...env, VITE_SUPABASE_URL: 'http://127.0.0.1:54321' })).toBe(
      'http://127.0.0.1:54321/functions/v1/scans-export',
    );
  });
});
