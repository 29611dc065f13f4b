/**
 * The mask penalty, score by score, against the reference: uqr's port of nayuki's `getPenaltyScore` (module by
 * module, N1–N4 with the 2015 finder-like rule), run on the same masked matrices. uqr keeps its QrCode class
 * private, so its published CommonJS build is evaluated here with that class added to its exports: the code
 * that scores is uqr's, unchanged.
 *
 * Symbols: for every version 1–40, random codewords placed in the real template, and synthetic module grids
 * whose rows (or columns) are packed with finder-like patterns at scales 1–4, near misses and long runs, cut
 * off at the edges, so that every way our scans cover a symbol (full word columns, merged tail columns,
 * lines scored along themselves) meets patterns at every position.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { chooseMask, maskInput, penalty } from '../../../src/encoder/mask.ts';
import { getTemplate, placeCodewordsT, transpose, type Template } from '../../../src/encoder/matrix.ts';
import { numRawDataModules, type EclIndex } from '../../../src/encoder/tables.ts';
import { prng } from '../../helpers/prng.ts';

interface ReferenceQr {
  size: number;
  modules: boolean[][];
  getPenaltyScore(): number;
}

const referencePrototype: ReferenceQr = (() => {
  const source = readFileSync(createRequire(import.meta.url).resolve('uqr'), 'utf8');
  const exported: { QrCode?: { prototype: ReferenceQr } } = {};
  new Function('exports', `${source}\nexports.QrCode = QrCode;`)(exported);
  if (exported.QrCode === undefined) throw new Error('uqr: QrCode class not found');
  return exported.QrCode.prototype;
})();

/** Nayuki's penalty of a matrix (rows of booleans, true = dark), by uqr's code. */
function referencePenalty(modules: boolean[][]): number {
  const qr = Object.create(referencePrototype) as ReferenceQr;
  qr.size = modules.length;
  qr.modules = modules;
  return qr.getPenaltyScore();
}

function bitAt(words: Uint32Array, rowWords: number, x: number, y: number): boolean {
  return ((words[y * rowWords + (x >>> 5)]! >>> (x & 31)) & 1) === 1;
}

/** The masked symbol `data ^ planes[mask]` as rows of booleans. */
function masked(tpl: Template, data: Uint32Array, mask: number): boolean[][] {
  const plane = tpl.planes[mask];
  if (plane === undefined) throw new Error(`no mask ${mask}`);
  const rows: boolean[][] = [];
  for (let y = 0; y < tpl.size; y++) {
    const row: boolean[] = [];
    for (let x = 0; x < tpl.size; x++) row.push(bitAt(data, tpl.words, x, y) !== bitAt(plane, tpl.words, x, y));
    rows.push(row);
  }
  return rows;
}

/** One line of `size` modules: random short runs, long runs, finder-like patterns n:n:3n:n:n and near misses. */
function patternedLine(r: () => number, size: number): boolean[] {
  const line: boolean[] = [];
  const push = (dark: boolean, count: number) => {
    for (let i = 0; i < count; i++) line.push(dark);
  };
  while (line.length < size) {
    const u = r();
    if (u < 0.3) {
      const n = 1 + Math.floor(r() ** 2 * 4);
      const runs = [n, n, 3 * n, n, n];
      if (r() < 0.25) runs[Math.floor(r() * 5)]! += r() < 0.5 ? -1 : 1; // near miss
      push(false, Math.floor(r() * 5 * n));
      runs.forEach((len, i) => push(i % 2 === 0, len));
      push(false, Math.floor(r() * 5 * n));
    } else if (u < 0.45) {
      push(r() < 0.5, 5 + Math.floor(r() * 12));
    } else {
      push(r() < 0.5, 1 + Math.floor(r() * 4));
    }
  }
  return line.slice(line.length > size && r() < 0.5 ? line.length - size : 0).slice(0, size);
}

/** Packs a module grid (grid[y][x]) into rows of `words` words. */
function pack(grid: boolean[][], words: number): Uint32Array {
  const size = grid.length;
  const out = new Uint32Array(177 * 6);
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) if (grid[y]![x]) out[y * words + (x >>> 5)]! |= 1 << (x & 31);
  return out;
}

function syntheticGrid(r: () => number, size: number, alongColumns: boolean): boolean[][] {
  const lines = Array.from({ length: size }, () => patternedLine(r, size));
  return Array.from({ length: size }, (_, y) =>
    Array.from({ length: size }, (_, x) => (alongColumns ? lines[x]![y]! : lines[y]![x]!)),
  );
}

function placedSymbol(r: () => number, tpl: Template): Uint32Array {
  const codewords = new Uint8Array(numRawDataModules(tpl.version) >>> 3);
  for (let i = 0; i < codewords.length; i++) codewords[i] = Math.floor(r() * 256);
  const dataT = new Uint32Array(177 * 6);
  placeCodewordsT(tpl, codewords, dataT);
  const data = new Uint32Array(177 * 6);
  transpose(dataT, data, tpl.size, tpl.words);
  return data;
}

describe('mask penalty against the reference (uqr getPenaltyScore)', () => {
  const dataT = new Uint32Array(177 * 6);
  const merged = new Uint32Array(177);

  /** Compares every mask's score, and the chosen mask with the reference's argmin (lowest mask on ties). */
  function check(tpl: Template, data: Uint32Array, where: string): void {
    transpose(data, dataT, tpl.size, tpl.words);
    const input = maskInput(tpl, data, dataT, merged);
    const reference: number[] = [];
    for (let mask = 0; mask < 8; mask++) {
      reference.push(referencePenalty(masked(tpl, data, mask)));
      expect(penalty(input, tpl, mask, Infinity), `${where}, mask ${mask}`).toBe(reference[mask]);
    }
    expect(chooseMask(input, tpl), where).toBe(reference.indexOf(Math.min(...reference)));
  }

  for (let version = 1; version <= 40; version++) {
    it(`version ${version}: placed codewords and patterned grids score as the reference`, () => {
      const r = prng(1000 + version);
      const tpl = getTemplate(version, (version % 4) as EclIndex);
      check(tpl, placedSymbol(r, tpl), `v${version} placed codewords`);
      // Several grids each way: a layout may score only one or two lines of a symbol along themselves.
      for (let g = 0; g < 4; g++) {
        check(tpl, pack(syntheticGrid(r, tpl.size, false), tpl.words), `v${version} patterned rows #${g}`);
        check(tpl, pack(syntheticGrid(r, tpl.size, true), tpl.words), `v${version} patterned columns #${g}`);
      }
    });
  }

  it('uniform and checkerboard grids (longest runs, no runs) score as the reference', () => {
    for (const version of [1, 4, 5, 8, 9, 17, 40]) {
      const tpl = getTemplate(version, 1);
      const n = tpl.size;
      for (const [name, dark] of [
        ['all light', () => false],
        ['all dark', () => true],
        ['checkerboard', (x: number, y: number) => (x + y) % 2 === 0],
      ] as const) {
        const grid = Array.from({ length: n }, (_, y) => Array.from({ length: n }, (_, x) => dark(x, y)));
        check(tpl, pack(grid, tpl.words), `v${version} ${name}`);
      }
    }
  });
});
