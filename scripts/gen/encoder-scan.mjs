// @ts-check
// Generates src/encoder/scan.ts: the lane scans of the mask penalty (see mask.ts), unrolled 12 times so that the last
// 12 rows live in 12 variables used as a ring (row y+j−k is in q[(j−k) mod 12]) instead of being shifted
// one variable to the next at every row; that halves the time of the hottest loop of the encoder.
// Run: npm run gen:scan (node scripts/gen/encoder-scan.mjs > src/encoder/scan.ts)
const U = 12;

// `lastReal`: the last row of the symbol, after which only virtualStep rows follow (they read neither idx,
// nor the transitions, nor hPrev).
/**
 * @param {number} j the row's place in the ring
 * @param {{ extras: boolean, lastReal?: boolean }} options
 */
function step(j, { extras, lastReal = false }) {
  const s = (/** @type {number} */ k) => (k === 0 ? 'r' : `q${(((j - k) % U) + U) % U}`);
  // d ring: transitions d_y = row y−1 XOR row y of the last 4 rows, d{(j−k) mod 4} holds d_{y+j−k}.
  const dd = (/** @type {number} */ k) => `d${(((j - k) % 4) + 4) % 4}`;
  /** @type {string[]} */
  const out = [];
  const L = (/** @type {string} */ line) => out.push(`      ${line}`);
  L('{');
  L('  const r = m[idx] ^ p[idx];');
  if (!lastReal) L('  idx += words;');
  // N1: windows of 5 equal modules ending at this row (all of d_{y−3..y} clear); a run of L ≥ 5 has L − 4
  // windows and scores L − 2, so each run adds 2 more when it ends (its last window, then a change).
  L(`  const d = ${s(1)} ^ r;`);
  if (j < 4) L(`  const w = y !== 0 ? ~(${dd(3)} | ${dd(2)} | ${dd(1)} | d) & valid : 0; // rows 0..3 end no window`);
  else L(`  const w = ~(${dd(3)} | ${dd(2)} | ${dd(1)} | d) & valid;`);
  L('  const e = wPrev & d;');
  L('  if ((w | e) !== 0) runs += POP16[w & 0xffff] + POP16[w >>> 16] + 2 * (POP16[e & 0xffff] + POP16[e >>> 16]);');
  L('  wPrev = w;');
  if (!lastReal) L(`  ${dd(0)} = d;`);
  if (extras) {
    L('  const rd = r & darkMask;');
    L('  dark += POP16[rd & 0xffff] + POP16[rd >>> 16];');
    // N2: h = lanes x where modules x and x+1 of this row are equal (lane 31 excluded by validH: blocks
    // across word columns are counted by boundaryBoxes).
    L('  const h = ~(r ^ (r >>> 1));');
    L('  const v = ~d & h & hPrev & validH;');
    L('  if (v !== 0) boxes += POP16[v & 0xffff] + POP16[v >>> 16];');
    if (!lastReal) L('  hPrev = h;');
  }
  // Dark rows shared by the finder core and the scale ≥ 2 candidates.
  L(`  const t = ${s(7)} & ${s(5)} & ${s(4)} & ${s(3)};`);
  // Scale ≥ 2 candidates on rows y−11..y: "110011111100" (n = 2) or "000111111111" (n ≥ 3).
  L(`  const g = t & ${s(6)} & ${s(2)} & ~${s(9)};`);
  L('  if (g !== 0) {');
  L(`    const f2 = ${s(11)} & ${s(10)} & ~(${s(8)} | ${s(1)} | r) & g;`);
  L(`    const f3 = ~(${s(11)} | ${s(10)}) & ${s(8)} & ${s(1)} & r & g;`);
  L('    const f = (f2 | f3) & valid;');
  // Checked after the word column (see scanFunction): no call inside the loop.
  L(`    if (f !== 0) {`);
  L(`      pending[np] = f;`);
  L(`      pending[np + 1] = f2;`);
  L(`      pending[np + 2] = y + ${j};`);
  L(`      np += 3;`);
  L(`    }`);
  L('  }');
  // N3 at scale 1: core "010111010" on rows y−8..y; with 3 more light rows before ("0000 1011101 0"), or
  // after ("0 1011101 0000", tested on the core of 3 rows earlier, c{(j+1) mod 4}).
  L(`  const core = t & ${s(1)} & ~(${s(8)} | ${s(6)} | ${s(2)} | r);`);
  L('  if (core !== 0) {');
  L(`    const fa = core & ~(${s(11)} | ${s(10)} | ${s(9)});`);
  L('    if (fa !== 0) finders += POP16[fa & 0xffff] + POP16[fa >>> 16];');
  L('  }');
  L(`  if (c${(j + 1) % 4} !== 0) {`);
  L(`    const fb = c${(j + 1) % 4} & ~(${s(2)} | ${s(1)} | r);`);
  L('    if (fb !== 0) finders += POP16[fb & 0xffff] + POP16[fb >>> 16];');
  L('  }');
  L(`  c${j % 4} = core;`);
  L(`  q${j % U} = r;`);
  L('}');
  return out.join('\n');
}

// One of the 4 light rows below the symbol (row size + k, ring position j): they end the runs of the last
// rows and complete finder-like patterns, nothing else. Their modules are the constant 0, so the generator
// folds them: s(i) is 0 for the virtual rows (i ≤ k), the N1 transition at row `size` is −1 (every run ends
// there, with the +2 of a run of ≥ 5 that was still open), no window, block or dark module is counted, a
// core "010111010" can only end at row `size` (k = 0) and no scale ≥ 2 candidate can be flagged.
/**
 * @param {number} j the row's place in the ring
 * @param {number} k which light row (0 to 3)
 */
function virtualStep(j, k) {
  const s = (/** @type {number} */ i) => (i <= k ? '0' : `q${(((j - i) % U) + U) % U}`);
  const or = (/** @type {string[]} */ ...xs) => xs.filter((x) => x !== '0').join(' | ') || '0';
  /** @type {string[]} */
  const out = [];
  const L = (/** @type {string} */ line) => out.push(`      ${line}`);
  L(`{ // light row size + ${k}`);
  if (k === 0) {
    L('  if (wPrev !== 0) runs += 2 * (POP16[wPrev & 0xffff] + POP16[wPrev >>> 16]);');
    L(`  const core = ${s(7)} & ${s(5)} & ${s(4)} & ${s(3)} & ${s(1)} & ~(${or(s(8), s(6), s(2))});`);
    L('  if (core !== 0) {');
    L(`    const fa = core & ~(${or(s(11), s(10), s(9))});`);
    L('    if (fa !== 0) finders += POP16[fa & 0xffff] + POP16[fa >>> 16];');
    L('  }');
  }
  const rest = or(s(2), s(1));
  L(`  if (c${(j + 1) % 4} !== 0) {`);
  L(`    const fb = c${(j + 1) % 4}${rest === '0' ? '' : ` & ~(${rest})`};`);
  L('    if (fb !== 0) finders += POP16[fb & 0xffff] + POP16[fb >>> 16];');
  L('  }');
  if (k === 0) L(`  c${j % 4} = core;`);
  L('}');
  return out.join('\n');
}

/**
 * @param {string} name
 * @param {boolean} extras N2 and dark modules too (the row scan)
 * @param {string} doc its doc comment
 */
function scanFunction(name, extras, doc) {
  /** @type {string[]} */
  const lines = [];
  const L = (/** @type {string} */ line) => lines.push(line);
  L(doc);
  const params = extras ? 'validLast: number, validHLast: number, darkLast: number' : 'validLast: number';
  L(
    `export function ${name}(m: Uint32Array, p: Uint32Array, size: number, words: number, cols: number, ${params}, limit: number): number {`,
  );
  // Local aliases of the module's tables: TurboFan then checks each once per call instead of at every use.
  L('  const POP16 = POP16_TABLE;');
  L('  const pending = PENDING;');
  L('  let score = 0;');
  if (extras) L('  let dark = 0;');
  L('  for (let wi = 0; wi < cols; wi++) {');
  L('    const last = wi === cols - 1;');
  L('    const valid = last ? validLast : -1;');
  if (extras) {
    L('    const validH = last ? validHLast : 0x7fffffff; // right neighbour in the same word');
    L('    const darkMask = last ? darkLast : -1;');
  }
  L('    let runs = 0;');
  L('    let np = 0; // entries in pending');
  L('    let finders = 0;');
  if (extras) L('    let boxes = 0;');
  L(`    let q0: number, ${Array.from({ length: U - 1 }, (_, i) => `q${i + 1} = 0`).join(', ')};`);
  L('    let c0: number, c1 = 0, c2 = 0, c3 = 0; // finder cores of the last 4 rows (ring)');
  L('    let d0: number, d1 = 0, d2 = 0, d3 = 0; // row transitions of the last 4 rows (ring)');
  L('    let wPrev = 0;');
  if (extras) L('    let hPrev = 0;');
  L('    let idx = wi;');
  L('    let y = 0;');
  L(`    for (; y + ${U} <= size; y += ${U}) {`);
  for (let j = 0; j < U; j++) L(step(j, { extras }));
  if (!extras) L('      if (score + runs + 40 * finders >= limit) return score + runs + 40 * finders;');
  L('    }');
  // size = 4·version + 17 ≡ 1, 5 or 9 (mod 12): one straight-line tail per remainder, so that the last rows
  // run the same code as the loop (no per-row bounds or "real row" tests).
  L('    // Last rows (size − y is 1, 5 or 9), then the 4 light rows below the symbol.');
  L('    switch (size - y) {');
  for (const rem of [1, 5, 9]) {
    L(`      case ${rem}: {`);
    for (let j = 0; j < rem; j++) L(step(j, { extras, lastReal: j === rem - 1 }).replace(/^/gm, '  '));
    for (let k = 0; k < 4; k++) L(virtualStep(rem + k, k).replace(/^/gm, '  '));
    L('        break;');
    L('      }');
  }
  L('      default:');
  L("        throw new Error('QR encoder internal error: symbol size');");
  L('    }');
  L(
    '    for (let i = 0; i < np; i += 3) finders += scaledFlags(m, p, words, wi, size, pending[i + 2], pending[i], pending[i + 1]);',
  );
  L(`    score += runs + 40 * finders${extras ? ' + 3 * boxes' : ''};`);
  L('    if (score >= limit && !last) return score;');
  L('  }');
  if (extras) L('  lastDark = dark;');
  L('  return score;');
  L('}');
  return lines.join('\n');
}

const header = `// GENERATED by scripts/gen/encoder-scan.mjs — do not edit by hand; edit the generator and run
//   npm run gen:scan
/**
 * Lane scans of the mask penalty (see mask.ts for the rules). A lane is one bit of a 32-bit word; one step
 * advances all 32 lanes of a word column by one row of \`m ^ p\`. The scan keeps the last 12 rows in the
 * variables q0..q11 used as a ring (unrolled 12 times), counts
 *   N1: windows of 5 equal modules (a run of L ≥ 5 has L − 4 of them) + 2 per run of ≥ 5, at its end;
 *   N3: scale-1 finder-like patterns "0000 1011101 0" / "0 1011101 0000" (outside the symbol is light), and
 *       scale ≥ 2 candidates checked exactly by scaledFlags;
 *   N2 within each word column and dark modules (scanRows only; boundaryBoxes adds the 2×2 blocks that
 *       straddle two word columns).
 * Both scan word columns 0 … cols − 1 of an array with \`words\` words per row; only the last scanned column
 * can be partial: \`validLast\` holds its lanes used by N1 and N3, \`validHLast\` its lanes x whose right
 * neighbour x + 1 is in the same word and in the symbol (N2), \`darkLast\` its lanes counted as modules of the
 * symbol for N4 (see mask.ts: the merged tail column mixes columns and rows of the symbol).
 * Both return early with a partial sum ≥ \`limit\` once it is reached (scanRows after a word column,
 * scanCols also every 12 rows).
 */
import { POP16 as POP16_TABLE, scaledFlags } from './finder.ts';

/**
 * Scale ≥ 2 candidates of the word column being scanned, 3 entries each (f, f2, y; see scaledFlags), at most
 * one per row. They are checked once the column's rows are done: a call inside the scan loop would make
 * TurboFan reload and recheck every typed array (map, backing store, length) after each row that may call.
 */
const PENDING = new Int32Array(3 * 177);

/** Dark modules counted by the last complete scanRows call. */
export let lastDark = 0;
`;

const boundary = `
/**
 * N2 blocks straddling word columns (modules x = 32b − 1 and 32b, for each boundary b), counted on rows
 * 32b − 1 and 32b of the transposed symbol \`mT ^ pT\`: lanes y where both rows are equal at y and at y + 1
 * and row 32b − 1 is equal at y and y + 1. Returns 3 × count.
 */
export function boundaryBoxes(mT: Uint32Array, pT: Uint32Array, size: number, words: number): number {
  const POP16 = POP16_TABLE;
  let boxes = 0;
  const tail = size - 32 * (words - 1);
  for (let b = 1; b < words; b++) {
    const ia = (32 * b - 1) * words;
    const ib = ia + words;
    for (let k = 0; k < words; k++) {
      const last = k === words - 1;
      const a = mT[ia + k] ^ pT[ia + k];
      const c = mT[ib + k] ^ pT[ib + k];
      const aNext = last ? 0 : mT[ia + k + 1] ^ pT[ia + k + 1];
      const cNext = last ? 0 : mT[ib + k + 1] ^ pT[ib + k + 1];
      const e = ~(a ^ c);
      const eNext = ~(aNext ^ cNext);
      const v = e & ((e >>> 1) | (eNext << 31)) & ~(a ^ ((a >>> 1) | (aNext << 31))) & (last ? (1 << (tail - 1)) - 1 : -1);
      if (v !== 0) boxes += POP16[v & 0xffff] + POP16[v >>> 16];
    }
  }
  return 3 * boxes;
}
`;

// Every read of a typed array here is in range by construction (rows < size, word columns < words, POP16
// takes 16-bit values), which TypeScript cannot see: under noUncheckedIndexedAccess each read says so with `!`,
// which costs nothing at run time. Writes (`pending[np] = …`) are left alone.
const withCheckedReads = (/** @type {string} */ code) =>
  code.replace(/\b(m|p|mT|pT|POP16|pending)\[([^[\]]*)\](?!\s*=(?!=))/g, '$1[$2]!');

process.stdout.write(
  withCheckedReads(`${header}
${scanFunction('scanRows', true, '/** Along the lanes of the row-packed symbol (columns of modules): N1 + 40·N3 + 3·N2, and dark modules. */')}

${scanFunction('scanCols', false, '/** Along the lanes of the transposed symbol (rows of modules): N1 + 40·N3. */')}
${boundary}`),
);
