// Design templates (supabase/migrations/20261124000700_design_templates.sql) through supabase-js and the real
// REST path: an owner saves, lists, renames and deletes; another user and anonymous callers see and change
// nothing; the database refuses empty names and non-object designs. PGlite, and PostgreSQL with DATABASE_URL.
import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { backends, makeClient, signedUpClient, suiteServer } from './helpers.ts';

const DESIGN = {
  shape: 'dots',
  fg: '#1A2BB2',
  bg: '#FFFFFF',
  frame: 'none',
  frameText: '',
  eyeFrame: 'circle',
  eyeCentre: 'leaf',
  gradient: { type: 'linear', angle: 45, stops: ['#1A2BB2', '#000000'] },
  transparent: true,
  margin: 2,
};

describe.each(backends)('design templates on %s', (backend) => {
  const srv = suiteServer(backend);
  let a: SupabaseClient;
  let b: SupabaseClient;
  let anon: SupabaseClient;
  let aId: string;
  let templateId: string;

  beforeAll(async () => {
    const ua = await signedUpClient(srv.url);
    a = ua.client;
    aId = ua.user.id;
    b = (await signedUpClient(srv.url)).client;
    anon = makeClient(srv.url);
    const saved = await a.from('design_templates').insert({ name: 'Brand', design: DESIGN }).select().single();
    expect(saved.error).toBeNull();
    templateId = saved.data.id;
    expect(saved.data).toMatchObject({ name: 'Brand', design: DESIGN, user_id: aId });
  });

  it('the owner lists their template with the whole design', async () => {
    const { data, error } = await a.from('design_templates').select('id,name,design');
    expect(error).toBeNull();
    expect(data).toEqual([{ id: templateId, name: 'Brand', design: DESIGN }]);
  });

  it('another user and anonymous callers neither see nor change it', async () => {
    const seen = await b.from('design_templates').select('id');
    expect(seen.error).toBeNull();
    expect(seen.data).toEqual([]);
    const renamed = await b.from('design_templates').update({ name: 'Stolen' }).eq('id', templateId).select('id');
    expect(renamed.data ?? []).toEqual([]);
    const deleted = await b.from('design_templates').delete().eq('id', templateId).select('id');
    expect(deleted.data ?? []).toEqual([]);
    const anonSeen = await anon.from('design_templates').select('id');
    expect(anonSeen.data ?? []).toEqual([]);
    const anonAdd = await anon.from('design_templates').insert({ name: 'x', design: DESIGN });
    expect(anonAdd.error).not.toBeNull();
    const still = await a.from('design_templates').select('name').eq('id', templateId).single();
    expect(still.data).toEqual({ name: 'Brand' });
  });

  it('nobody saves a template in another user’s name', async () => {
    const forged = await b.from('design_templates').insert({ name: 'Forged', design: DESIGN, user_id: aId });
    expect(forged.error).not.toBeNull();
  });

  it('the database refuses an empty name and a design that is not an object', async () => {
    const empty = await a.from('design_templates').insert({ name: '   ', design: DESIGN });
    expect(empty.error?.code).toBe('23514');
    const list = await a.from('design_templates').insert({ name: 'List', design: [1, 2] });
    expect(list.error?.code).toBe('23514');
  });

  it('the owner deletes it', async () => {
    const deleted = await a.from('design_templates').delete().eq('id', templateId).select('id');
    expect(deleted.error).toBeNull();
    expect(deleted.data).toEqual([{ id: templateId }]);
    const left = await a.from('design_templates').select('id');
    expect(left.data).toEqual([]);
  });
});
