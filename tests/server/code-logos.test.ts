// Saved codes' logos (supabase/migrations/20261125000200_code_logos.sql) through supabase-js and the real REST
// path: the owner stores and reads a code's logo; another user neither reads it nor attaches a logo to a code that
// is not theirs; anonymous callers get nothing; the logo goes with its code; the table's checks hold.
// PGlite, and PostgreSQL with DATABASE_URL.
import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { backends, makeClient, signedUpClient, suiteServer } from './helpers.ts';

// A 1 × 1 red PNG.
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC';

async function newCode(client: SupabaseClient, name: string): Promise<string> {
  const { data, error } = await client
    .from('qr_codes')
    .insert({ name, type: 'website', content: 'https://example.com/' })
    .select('id')
    .single();
  expect(error).toBeNull();
  return data!.id as string;
}

describe.each(backends)('code logos on %s', (backend) => {
  const srv = suiteServer(backend);
  let a: SupabaseClient;
  let b: SupabaseClient;
  let codeId: string;

  beforeAll(async () => {
    a = (await signedUpClient(srv.url)).client;
    b = (await signedUpClient(srv.url)).client;
    codeId = await newCode(a, 'With logo');
    const stored = await a.from('code_logos').insert({ code_id: codeId, mime: 'image/png', data: PNG_BASE64 });
    expect(stored.error).toBeNull();
  });

  it('the owner reads the logo back, byte for byte', async () => {
    const { data, error } = await a.from('code_logos').select('mime,data').eq('code_id', codeId).maybeSingle();
    expect(error).toBeNull();
    expect(data).toEqual({ mime: 'image/png', data: PNG_BASE64 });
  });

  it('another user neither reads it, replaces it, nor attaches a logo to the owner’s code; anonymous callers get nothing', async () => {
    expect((await b.from('code_logos').select('code_id')).data).toEqual([]);
    const attached = await b.from('code_logos').insert({ code_id: codeId, mime: 'image/png', data: PNG_BASE64 });
    expect(attached.error).not.toBeNull();
    const deleted = await b.from('code_logos').delete().eq('code_id', codeId).select('code_id');
    expect(deleted.data ?? []).toEqual([]);
    // A logo row in the owner's name, from the other user, is refused too (user_id is not writable).
    const { data: owner } = await a.auth.getUser();
    const forged = await b
      .from('code_logos')
      .insert({ code_id: codeId, user_id: owner.user!.id, mime: 'image/png', data: PNG_BASE64 });
    expect(forged.error).not.toBeNull();
    const anon = makeClient(srv.url);
    expect((await anon.from('code_logos').select('code_id')).data ?? []).toEqual([]);
    expect((await a.from('code_logos').select('data').eq('code_id', codeId).single()).data).toEqual({
      data: PNG_BASE64,
    });
  });

  it('the database refuses a second logo for a code, an unknown type and data that is not base64', async () => {
    const second = await a.from('code_logos').insert({ code_id: codeId, mime: 'image/png', data: PNG_BASE64 });
    expect(second.error?.code).toBe('23505');
    const other = await newCode(a, 'Checks');
    const gif = await a.from('code_logos').insert({ code_id: other, mime: 'image/gif', data: PNG_BASE64 });
    expect(gif.error?.code).toBe('23514');
    const notBase64 = await a.from('code_logos').insert({ code_id: other, mime: 'image/png', data: '<svg onload=x>' });
    expect(notBase64.error?.code).toBe('23514');
  });

  it('deleting the code deletes its logo', async () => {
    const doomed = await newCode(a, 'Doomed');
    expect(
      (await a.from('code_logos').insert({ code_id: doomed, mime: 'image/png', data: PNG_BASE64 })).error,
    ).toBeNull();
    expect((await a.from('qr_codes').delete().eq('id', doomed)).error).toBeNull();
    expect((await a.from('code_logos').select('code_id').eq('code_id', doomed)).data).toEqual([]);
  });
});
