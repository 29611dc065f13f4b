import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSystem, mergeConfigs } from '@chakra-ui/react';
import { steppedSystem, steppedTokenDictionary } from '../../../scripts/build/chakra-system-steps-plugin.ts';
import { appSystemConfigs } from '../../../src/app/theme.ts';

type System = ReturnType<typeof createSystem>;
type Stepped = typeof createSystem & { steps: (...configs: unknown[]) => Generator<undefined, System> };

// The installed files the plugin rewrites (Chakra is pinned: a change there must fail here, not silently ship).
const esm = join(createRequire(import.meta.url).resolve('@chakra-ui/react'), '../../esm');
const installed = (file: string) => readFileSync(join(esm, 'styled-system', file), 'utf8');
// A rewritten copy of Chakra's ESM build, inside node_modules so that its own imports (@pandacss, @ark-ui) resolve.
const copy = join(dirname(esm), '..', '..', '..', '.cache', 'qrcraft-chakra-steps-test', 'esm');

describe('chakra-system-steps-plugin', () => {
  let stepped: Stepped;
  beforeAll(async () => {
    rmSync(copy, { recursive: true, force: true });
    cpSync(esm, copy, { recursive: true });
    const dictionary = join(copy, 'styled-system', 'token-dictionary.js');
    const system = join(copy, 'styled-system', 'system.js');
    writeFileSync(dictionary, steppedTokenDictionary(readFileSync(dictionary, 'utf8')));
    writeFileSync(system, steppedSystem(readFileSync(system, 'utf8')));
    stepped = ((await import(pathToFileURL(system).href)) as { createSystem: Stepped }).createSystem;
  });
  afterAll(() => rmSync(copy, { recursive: true, force: true }));

  it("builds, one step at a time, the same system as Chakra's own createSystem for the app's theme", () => {
    const phases = stepped.steps(...appSystemConfigs());
    let steps = 0;
    let phase = phases.next();
    for (; !phase.done; phase = phases.next()) steps += 1;
    const mine = phase.value;
    // Chakra's own createSystem, with the theme merged over the base config first, as the app built it before.
    const [base, theme, brand] = appSystemConfigs();
    const chakra = createSystem(mergeConfigs(base, theme), brand);
    // The token dictionary's five pauses, and one after the config, the utilities, the compositions, the token map.
    expect(steps).toBe(9);
    const tokens = (s: System) => s.tokens.allTokens.map((t) => [t.name, t.value, t.extensions.cssVar?.ref]);
    expect(tokens(mine)).toEqual(tokens(chakra));
    expect(tokens(mine).length).toBeGreaterThan(400);
    expect(mine.getTokenCss()).toEqual(chakra.getTokenCss());
    expect(mine.getGlobalCss()).toEqual(chakra.getGlobalCss());
    expect([...mine.properties]).toEqual([...chakra.properties]);
    expect(mine.token('colors.brand.500')).toBe('#1A2BB2');
    const styles = { px: '4', color: 'brand.fg', _hover: { bg: 'gray.100' }, md: { fontSize: 'lg' } };
    expect(mine.css(styles)).toEqual(chakra.css(styles));
    for (const key of ['button', 'input', 'heading'])
      expect(mine.getRecipeFn(key)({ size: 'sm' })).toEqual(chakra.getRecipeFn(key)({ size: 'sm' }));
  });

  it('keeps createSystem synchronous, the generator run to its end', () => {
    const system = stepped(...appSystemConfigs());
    expect(system.$$chakra).toBe(true);
    expect(system.token('colors.brand.500')).toBe('#1A2BB2');
  });

  it('fails the build when a line it rewrites has changed', () => {
    expect(() => steppedSystem(installed('system.js').replace('assignComposition();\n', 'assign();\n'))).toThrow(
      /changed styled-system\/system\.js/,
    );
    expect(() =>
      steppedTokenDictionary(installed('token-dictionary.js').replace('    addReferences();\n', '')),
    ).toThrow(/changed styled-system\/token-dictionary\.js/);
  });
});
