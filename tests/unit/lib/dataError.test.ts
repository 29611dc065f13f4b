import { describe, expect, it } from 'vitest';
import { CodesError, PLAN_LIMIT_MESSAGE, toCodesError } from '../../../src/features/codes/codesErrors.ts';

describe('PostgREST errors → user messages', () => {
  it('passes the plan-limit message through with its hint', () => {
    const e = toCodesError({
      code: 'P0001',
      message: 'Free plan limit reached: at most 3 dynamic QR codes',
      details: 'This account already has 3 dynamic QR codes.',
      hint: 'Delete a dynamic code, make it static, or upgrade to Pro for unlimited dynamic codes.',
    });
    expect(e).toBeInstanceOf(CodesError);
    expect(e.kind).toBe('plan_limit');
    expect(e.message).toBe(PLAN_LIMIT_MESSAGE);
    expect(e.hint).toMatch(/upgrade to Pro/);
  });
  it('keeps other messages of our SQL functions', () => {
    const e = toCodesError({ code: 'P0001', message: 'Sample data can only be loaded into an account without QR codes' });
    expect(e.kind).toBe('refused');
    expect(e.message).toBe('Sample data can only be loaded into an account without QR codes');
  });
  it('explains permission, missing rows, check violations and network failures', () => {
    expect(toCodesError({ code: '42501', message: 'permission denied for table qr_codes' }).kind).toBe('signed_out');
    expect(toCodesError({ code: 'PGRST303', message: 'JWT expired' }).message).toMatch(/Sign in again/);
    expect(toCodesError({ code: 'PGRST116', message: 'JSON object requested, multiple (or no) rows returned' }).kind).toBe('not_found');
    const check = toCodesError({ code: '23514', message: 'new row for relation "qr_codes" violates check constraint "qr_codes_destination_check"' });
    expect(check.kind).toBe('invalid');
    expect(check.message).toMatch(/http:\/\/ or https:\/\//);
    const url = toCodesError({ code: '23514', message: 'new row for relation "qr_codes" violates check constraint "qr_codes_destination_url"' });
    expect(url.message).toMatch(/valid web address/);
    expect(toCodesError({ code: '', message: 'TypeError: Failed to fetch' }).kind).toBe('network');
    expect(toCodesError(new TypeError('fetch failed')).kind).toBe('network');
  });
  it('falls back to the server message for anything else', () => {
    const e = toCodesError({ code: 'XX000', message: 'boom' });
    expect(e.kind).toBe('unknown');
    expect(e.message).toBe('Something went wrong: boom');
    expect(toCodesError(undefined).message).toBe('Something went wrong. Please try again.');
  });
});
