import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { getAppSystem } from '../../../src/app/theme.ts';

// Chakra's palette names (its default theme has exactly these colour scales, plus our brand).
const PALETTES = ['gray', 'red', 'orange', 'yellow', 'green', 'teal', 'blue', 'cyan', 'purple', 'pink', 'brand'];
const NAME = PALETTES.join('|');
const STEP = '(?:50|100|200|300|400|500|600|700|800|900|950|solid|contrast|fg|muted|subtle|emphasized|focusRing)';

/** Palettes a text names: `colorPalette="red"`, `colorPalette: 'red'`, or a token such as `red.700`. */
function palettesNamedIn(text: string): Set<string> {
  const found = new Set<string>();
  for (const m of text.matchAll(new RegExp(`colorPalette[=:]\\s*\\{?\\s*["'](${NAME})["']`, 'g'))) found.add(m[1]!);
  for (const m of text.matchAll(new RegExp(`["'{\\s](${NAME})\\.${STEP}\\b`, 'g'))) found.add(m[1]!);
  return found;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

describe('the theme keeps every colour palette in use', () => {
  const named = new Set<string>();
  for (const file of sourceFiles('src')) for (const p of palettesNamedIn(readFileSync(file, 'utf8'))) named.add(p);
  // The recipes the theme carries name palettes too (an Alert's status: info is blue, warning orange...).
  const config = (getAppSystem() as unknown as { _config: { theme: object } })._config.theme;
  for (const p of palettesNamedIn(JSON.stringify(config))) named.add(p);

  it('finds the palettes the app names (the scan works)', () => {
    expect([...named]).toEqual(expect.arrayContaining(['gray', 'red', 'brand']));
  });

  it.each([...named].sort())('%s has its scale and semantic tokens', (palette) => {
    expect(getAppSystem().tokens.getByName(`colors.${palette}.500`)).toBeDefined();
    expect(getAppSystem().tokens.getByName(`colors.${palette}.solid`)).toBeDefined();
  });
});
