import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_BASE_BYTES, safeFileBase, UniqueNames } from '../../../src/features/bulk/fileNames.ts';

const bytes = (s: string) => new TextEncoder().encode(s).length;

/** What Windows, macOS and Linux each refuse or mangle in a file name. */
function unsafe(name: string): string | null {
  // eslint-disable-next-line no-control-regex
  if (/[<>:"/\\|?*\u0000-\u001f\u007f]/.test(name)) return 'reserved character';
  if (/[. ]$/.test(name)) return 'trailing dot or space';
  if (/^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\..*)?$/i.test(name)) return 'device name';
  if (name === '' || name === '.' || name === '..') return 'empty';
  if (bytes(name) > MAX_BASE_BYTES) return 'too long';
  return null;
}

describe('safeFileBase', () => {
  it('turns any name into one every OS accepts', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 300 }), (name) => {
        expect(unsafe(safeFileBase(name, 'row-2'))).toBeNull();
      }),
      { seed: 16, numRuns: 2000 },
    );
  });

  it('keeps readable names readable', () => {
    expect(safeFileBase('Menu: table 1/2', 'row-2')).toBe('Menu- table 1-2');
    expect(safeFileBase('Café crème', 'row-2')).toBe('Café crème');
    expect(safeFileBase('CON', 'row-2')).not.toBe('CON');
    expect(safeFileBase(' ... ', 'row-7')).toBe('row-7');
  });

  it('never cuts a character in half', () => {
    const long = '😀'.repeat(100);
    const out = safeFileBase(long, 'x');
    expect(bytes(out)).toBeLessThanOrEqual(MAX_BASE_BYTES);
    expect(out).toBe('😀'.repeat(Math.floor(MAX_BASE_BYTES / 4)));
  });
});

describe('UniqueNames', () => {
  it('hands out names no case-insensitive file system confuses', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('a', 'A', 'a-2', 'b', 'B-2', 'menu', 'MENU'), { maxLength: 40 }),
        (bases) => {
          const names = new UniqueNames();
          const taken = bases.map((b) => names.take(b));
          expect(new Set(taken.map((t) => t.toLowerCase())).size).toBe(taken.length);
        },
      ),
      { seed: 16, numRuns: 500 },
    );
  });
});
