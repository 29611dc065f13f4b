// The shared core (src/shared) imports only itself and neutral packages, so the browser, its workers, the local
// server (Node) and the Edge Functions (Deno) all run it unchanged. ESLint's no-restricted-imports says the same
// per specifier (eslint.config.js); this resolves every import, dynamic ones included.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkSharedCore } from './sharedCoreImports.ts';

const ROOT = new URL('../../..', import.meta.url).pathname.replace(/\/$/, '');

describe('the shared core', () => {
  it('imports only src/shared and the neutral packages', () => {
    const { files, violations } = checkSharedCore(ROOT, join(ROOT, 'src/shared'));
    // The walk reached the core's layers (an empty or misplaced folder would pass vacuously).
    expect(files).toEqual(
      expect.arrayContaining([
        'src/shared/qr/vocabulary.ts',
        'src/shared/handlers/api/app.ts',
        'src/shared/handlers/redirect.ts',
        'src/shared/time/zonedDay.ts',
      ]),
    );
    expect(violations).toEqual([]);
  });
});

describe('the shared-core import check', () => {
  let root = '';
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  const put = (path: string, text: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };

  it('reports each import that leaves the core, as file: specifier (why)', () => {
    root = mkdtempSync(join(tmpdir(), 'shared-core-'));
    put(
      'src/shared/qr/bad.ts',
      [
        "import { readFileSync } from 'node:fs';",
        "import { encodeText } from '../../encoder/index.ts';",
        "import { createClient } from '@supabase/supabase-js';",
        "export { QrWorkerApi } from '../../../workers/contract.ts';",
        "const react = () => import('react');",
        "type Deno = typeof import('jsr:@std/assert');",
        'export const all = [readFileSync, encodeText, createClient, react];',
        'export type { Deno };',
      ].join('\n'),
    );
    put(
      'src/shared/handlers/good.ts',
      [
        "import { Hono } from 'hono';",
        "import { cors } from 'hono/cors';",
        "import { z } from 'zod';",
        "import type { SupabaseClient } from '@supabase/supabase-js';",
        "import { isHexColour } from '../qr/colour.ts';",
        "export { SHAPES } from '../qr/vocabulary.ts';",
        'export const all = [Hono, cors, z, isHexColour];',
        'export type Client = SupabaseClient;',
      ].join('\n'),
    );
    put('src/render/outside.ts', "import fs from 'node:fs';\nexport default fs;");

    const { files, violations } = checkSharedCore(root, join(root, 'src/shared'));

    expect(files).toEqual(['src/shared/handlers/good.ts', 'src/shared/qr/bad.ts']);
    expect(violations).toEqual([
      'src/shared/qr/bad.ts: node:fs (is not one of the neutral packages)',
      'src/shared/qr/bad.ts: ../../encoder/index.ts (resolves outside src/shared)',
      'src/shared/qr/bad.ts: @supabase/supabase-js (may be imported for types only)',
      'src/shared/qr/bad.ts: ../../../workers/contract.ts (resolves outside src/shared)',
      'src/shared/qr/bad.ts: react (is not one of the neutral packages)',
      'src/shared/qr/bad.ts: jsr:@std/assert (is not one of the neutral packages)',
    ]);
  });
});
