import { defaultSystem } from '@chakra-ui/react';
import { describe, expect, it } from 'vitest';
import { getAppSystem } from '../../../src/app/theme.ts';

interface TokenLike {
  name: string;
  value: string;
  extensions: { conditions?: Record<string, string>; condition?: string };
}
const tokensOf = (system: ReturnType<typeof getAppSystem>) => system.tokens.allTokens as unknown as TokenLike[];

// Chakra's own system: the light-mode entries of the semantic tokens that have a dark value too (the dictionary
// holds one entry per condition).
const moded = tokensOf(defaultSystem).filter(
  (t) => t.extensions.conditions?._dark !== undefined && t.extensions.condition === '_light',
);

describe('the theme keeps the light value of every semantic token, and no dark one', () => {
  it('Chakra has such tokens (the comparison below compares something)', () => {
    expect(moded.length).toBeGreaterThan(50);
  });

  it('no token of ours has a dark value', () => {
    expect(
      tokensOf(getAppSystem())
        .filter((t) => t.extensions.conditions?._dark !== undefined)
        .map((t) => t.name),
    ).toEqual([]);
  });

  it("every one we keep resolves as Chakra's does in light mode", () => {
    const ours = new Map(tokensOf(getAppSystem()).map((t) => [t.name, t.value]));
    const kept = moded.filter((t) => ours.has(t.name));
    // Only the dropped palettes' tokens are missing (tests/unit/app/theme-palettes.test.ts).
    const missing = moded.filter((t) => !ours.has(t.name)).map((t) => t.name.split('.')[1]);
    expect(new Set(missing)).toEqual(new Set(['teal', 'cyan', 'purple', 'pink']));
    expect(
      kept.filter((t) => ours.get(t.name) !== t.value).map((t) => `${t.name}: ${ours.get(t.name)} ≠ ${t.value}`),
    ).toEqual([]);
  });
});
