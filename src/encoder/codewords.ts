/**
 * Segments → final codeword sequence (§7.4.9–7.4.10, §7.5, §7.6): mode/count/data bits, terminator, padding
 * to the data capacity, Reed–Solomon ECC per block, and interleaving of the blocks.
 */
import { BitWriter } from './bitBuffer.ts';
import { assert } from './assert.ts';
import { computeEcc } from './reedSolomon.ts';
import { charCountBits, modeIndicator, type QrSegment } from './segments.ts';
import {
  eccCodewordsPerBlock,
  numDataCodewords,
  numErrorCorrectionBlocks,
  numRawDataModules,
  type EclIndex,
} from './tables.ts';

/**
 * The data codewords (numDataCodewords(version, ecl) bytes) for segments that fit `version`: each segment's
 * 4-bit mode indicator, character count and data; then up to four 0 terminator bits, zero bits to the byte
 * boundary, and the pad codewords 0xEC 0x11 alternately. `into`: optional scratch array (≥ that many bytes)
 * to write them to, returned whole; otherwise a fresh array of exactly that many.
 */
export function dataCodewords(
  segs: readonly QrSegment[],
  version: number,
  ecl: EclIndex,
  into?: Uint8Array,
): Uint8Array {
  const count = numDataCodewords(version, ecl);
  const capacityBits = count * 8;
  const w = new BitWriter(into ?? new Uint8Array(count), capacityBits);
  for (const seg of segs) {
    w.append(modeIndicator(seg.mode), 4);
    w.append(seg.numChars, charCountBits(seg.mode, version));
    w.appendBits(seg.data, seg.bitLength);
  }
  const used = w.bitLength;
  assert(used <= capacityBits, 'segments exceed the chosen version');
  w.append(0, Math.min(4, capacityBits - used)); // terminator
  const bytes = w.finish(); // pads with zeros to the byte boundary
  for (let i = (w.bitLength + 7) >>> 3, pad = 0xec; i < count; i++, pad ^= 0xec ^ 0x11) bytes[i] = pad;
  return bytes;
}

/**
 * All codewords of the symbol in placement order (numRawDataModules(version) / 8 bytes): the data codewords
 * (the first numDataCodewords(version, ecl) bytes of `data`) split into blocks (the short blocks first, long
 * blocks one codeword longer), ECC computed per block, then data codewords interleaved column by column
 * across blocks, followed by the ECC codewords likewise. `into`: optional scratch array (≥ that many bytes)
 * to write them to, returned whole; otherwise a fresh array of exactly that many.
 */
export function interleavedCodewords(data: Uint8Array, version: number, ecl: EclIndex, into?: Uint8Array): Uint8Array {
  const numBlocks = numErrorCorrectionBlocks(version, ecl);
  const eccLen = eccCodewordsPerBlock(version, ecl);
  const rawCodewords = numRawDataModules(version) >>> 3;
  const eccStart = numDataCodewords(version, ecl);
  assert(data.length >= eccStart, 'data codeword count');
  const numShortBlocks = numBlocks - (rawCodewords % numBlocks);
  const shortDataLen = Math.floor(rawCodewords / numBlocks) - eccLen;
  const out = into ?? new Uint8Array(rawCodewords); // the first rawCodewords bytes are all assigned
  // Data: codeword k of block b goes to k·numBlocks + b, except the extra last codeword of long blocks,
  // which follow all the others. The blocks' lengths sum to eccStart ≤ data.length (asserted above), so every
  // read of `data` is in range.
  for (let b = 0, src = 0; b < numBlocks; b++) {
    const len = shortDataLen + (b < numShortBlocks ? 0 : 1);
    for (let k = 0; k < shortDataLen; k++) out[k * numBlocks + b] = data[src + k]!;
    if (len > shortDataLen) out[shortDataLen * numBlocks + (b - numShortBlocks)] = data[src + shortDataLen]!;
    src += len;
  }
  // ECC codeword k of block b goes to eccStart + k·numBlocks + b.
  for (let b = 0, src = 0; b < numBlocks; b++) {
    const len = shortDataLen + (b < numShortBlocks ? 0 : 1);
    computeEcc(data, src, len, eccLen, out, eccStart + b, numBlocks);
    src += len;
  }
  return out;
}
