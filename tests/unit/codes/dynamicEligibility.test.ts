import { describe, expect, it } from 'vitest';
import { dynamicEligibility } from '../../../src/features/codes/dynamicEligibility.ts';
import { editCodeSchema, saveCodeSchema } from '../../../src/features/codes/codeSchemas.ts';

const BASE = 'http://127.0.0.1:54321/r';

describe('which generator codes may be dynamic', () => {
  it('allows link types with an http(s) URL', () => {
    expect(dynamicEligibility('website', ' https://example.com/a ', BASE)).toEqual({ ok: true });
    expect(dynamicEligibility('menu', 'http://example.com/menu', BASE)).toEqual({ ok: true });
  });
  it('explains why other types, bad URLs and short URLs cannot be', () => {
    const text = dynamicEligibility('wifi', 'WIFI:T:WPA;S:x;P:y;;', BASE);
    expect(text.ok).toBe(false);
    expect(!text.ok && text.reason).toMatch(/^A WiFi code keeps its content inside the code itself/);
    const ftp = dynamicEligibility('website', 'ftp://example.com', BASE);
    expect(!ftp.ok && ftp.reason).toMatch(/http:\/\/ or https:\/\//);
    const long = dynamicEligibility('website', `https://example.com/${'a'.repeat(2040)}`, BASE);
    expect(!long.ok && long.reason).toMatch(/2048/);
    const loop = dynamicEligibility('website', `${BASE}/Ab_9-xYz`, BASE);
    expect(!loop.ok && loop.reason).toMatch(/already the short URL/);
    expect(!dynamicEligibility('website', `HTTP://127.0.0.1:54321/r/Ab_9-xYz`, BASE).ok).toBe(true);
  });
  it('applies the database rule: URLs the redirect could not follow are refused with the reason', () => {
    const port = dynamicEligibility('website', 'https://x:99999/', BASE);
    expect(!port.ok && port.reason).toBe(
      'A dynamic code needs a web address it can redirect to. The port must be between 1 and 65535.',
    );
    const credentials = dynamicEligibility('website', 'https://bank.example@evil.example/', BASE);
    expect(!credentials.ok && credentials.reason).toMatch(/user name or password/);
    expect(dynamicEligibility('website', 'https://münchen.de/karte', BASE)).toEqual({ ok: true });
  });
});

describe('form schemas', () => {
  it('save: a trimmed name of 1 to 200 characters', () => {
    expect(saveCodeSchema.safeParse({ name: '  Menu ', kind: 'dynamic' })).toMatchObject({
      success: true,
      data: { name: 'Menu' },
    });
    expect(saveCodeSchema.safeParse({ name: '   ', kind: 'static' }).error?.issues[0]?.message).toBe(
      'Enter a name for this QR code',
    );
    expect(saveCodeSchema.safeParse({ name: 'x'.repeat(201), kind: 'static' }).success).toBe(false);
  });
  const base = {
    name: 'A',
    isDynamic: true,
    destination: 'https://e.com',
    content: '',
    shape: 'dots',
    fg: '#000000',
    bg: '#FFFFFF',
    frame: 'none',
    frameText: '',
    ecl: 'M',
  };
  it('edit: a dynamic code needs an http(s) destination, a static one content', () => {
    expect(editCodeSchema.safeParse(base).success).toBe(true);
    expect(editCodeSchema.safeParse({ ...base, destination: 'e.com' }).error?.issues[0]).toMatchObject({
      path: ['destination'],
      message: 'The destination must start with http:// or https://',
    });
    expect(editCodeSchema.safeParse({ ...base, destination: 'https://x:99999/' }).error?.issues[0]).toMatchObject({
      path: ['destination'],
      message: 'The port must be between 1 and 65535',
    });
    expect(editCodeSchema.safeParse({ ...base, destination: ' https://münchen.de/ ' }).success).toBe(true);
    expect(
      editCodeSchema.safeParse({ ...base, isDynamic: false, destination: '', content: ' ' }).error?.issues[0]?.path,
    ).toEqual(['content']);
    expect(editCodeSchema.safeParse({ ...base, fg: 'red' }).success).toBe(false);
    expect(editCodeSchema.safeParse({ ...base, shape: 'hexagon' }).success).toBe(false);
  });
  it('edit: a hosted page has no destination to check (the page editor edits it)', () => {
    expect(editCodeSchema.safeParse({ ...base, destination: '' }).success).toBe(false);
    expect(editCodeSchema.safeParse({ ...base, hasPage: true, destination: '' }).success).toBe(true);
  });
});
