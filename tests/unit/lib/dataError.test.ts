import { describe, expect, it } from 'vitest';
import { DataError, PLAN_LIMIT_MESSAGE, toDataError } from '../../../src/lib/dataError.ts';

describe('PostgREST errors → user messages', () => {
  it('passes the plan-limit message through with its hint', () => {
    const e = toDataError({
      code: 'P0001',
      message: 'Free plan limit reached: at most 3 dynamic QR codes',
      details: 'This account already has 3 dynamic QR codes.',
      hint: 'Delete a dynamic code, make it static, or upgrade to Pro for unlimited dynamic codes.',
    });
    expect(e).toBeInstanceOf(DataError);
    expect(e.code).toBe('plan_limit');
    expect(e.message).toBe(PLAN_LIMIT_MESSAGE);
    expect(e.hint).toMatch(/upgrade to Pro/);
  });
  it('passes a scan-settings plan refusal (PT403, a 403) through with its own sentence and hint', () => {
    const e = toDataError({
      code: 'PT403',
      message: 'Free plan limit reached: the A/B split is a Pro feature',
      details: null,
      hint: 'Upgrade to Pro or Business for up to 20 rules, the A/B split, UTM tags and query forwarding.',
    });
    expect([e.code, e.message, e.hint]).toEqual([
      'plan_limit',
      'Free plan limit reached: the A/B split is a Pro feature',
      'Upgrade to Pro or Business for up to 20 rules, the A/B split, UTM tags and query forwarding.',
    ]);
  });
  it('keeps other messages of our SQL functions', () => {
    const e = toDataError({
      code: 'P0001',
      message: 'Sample data can only be loaded into an account without QR codes',
    });
    expect(e.code).toBe('refused');
    expect(e.message).toBe('Sample data can only be loaded into an account without QR codes');
  });
  it('explains permission, missing rows, check violations and network failures', () => {
    expect(toDataError({ code: '42501', message: 'permission denied for table qr_codes' }).code).toBe('signed_out');
    expect(toDataError({ code: 'PGRST303', message: 'JWT expired' }).message).toMatch(/Sign in again/);
    expect(
      toDataError({ code: 'PGRST116', message: 'JSON object requested, multiple (or no) rows returned' }).code,
    ).toBe('not_found');
    const check = toDataError({
      code: '23514',
      message: 'new row for relation "qr_codes" violates check constraint "qr_codes_destination_check"',
    });
    expect(check.code).toBe('invalid');
    expect(check.message).toMatch(/http:\/\/ or https:\/\//);
    const url = toDataError({
      code: '23514',
      message: 'new row for relation "qr_codes" violates check constraint "qr_codes_destination_url"',
    });
    expect(url.message).toMatch(/valid web address/);
    expect(toDataError({ code: '', message: 'TypeError: Failed to fetch' }).code).toBe('network');
    expect(toDataError(new TypeError('fetch failed')).code).toBe('network');
  });
  it('falls back to the server message for anything else', () => {
    const e = toDataError({ code: 'XX000', message: 'boom' });
    expect(e.code).toBe('unknown');
    expect(e.message).toBe('Something went wrong: boom');
    expect(toDataError(undefined).message).toBe('Something went wrong. Please try again.');
  });
});
