/**
 * Append-only bit sequence written most significant bit first into a fixed-size byte array (the layout of
 * QR codewords, §7.4). Internal to the encoder; results never expose it.
 */
import { assert } from './assert.ts';

export class BitWriter {
  /** Output bytes: the first ceil(capacityBits / 8) are written; bits beyond `bitLength` are zero once `finish()` ran. */
  readonly bytes: Uint8Array;
  private readonly capacityBytes: number;
  private pos = 0; // whole bytes written
  private acc = 0; // pending bits, right-aligned, fewer than 8 between calls
  private accBits = 0;

  /**
   * Writes into `bytes`, at least ceil(capacityBits / 8) long (a fresh array, or a scratch whose old content
   * does not matter: every byte written is assigned, never ORed; bytes past the capacity are left alone).
   */
  constructor(bytes: Uint8Array, capacityBits: number) {
    this.bytes = bytes;
    this.capacityBytes = (capacityBits + 7) >>> 3;
  }

  /** Bits written so far. */
  get bitLength(): number {
    return this.pos * 8 + this.accBits;
  }

  /** Appends the low `len` bits of `value` (0 ≤ len ≤ 24, value < 2^len), most significant first. */
  append(value: number, len: number): void {
    const acc = (this.acc << len) | value;
    let bits = this.accBits + len;
    const bytes = this.bytes;
    while (bits >= 8) {
      bits -= 8;
      bytes[this.pos++] = acc >>> bits;
    }
    this.acc = acc & ((1 << bits) - 1);
    this.accBits = bits;
  }

  /**
   * Appends the first `bitLength` bits of `src` (MSB-first packed, at least ceil(bitLength / 8) bytes: the
   * `QrSegment.data` contract), so the reads below are in range.
   */
  appendBits(src: Uint8Array, bitLength: number): void {
    const whole = bitLength >>> 3;
    if (this.accBits === 0) {
      this.bytes.set(whole === src.length ? src : src.subarray(0, whole), this.pos);
      this.pos += whole;
    } else {
      // Unaligned: each source byte is split over two output bytes.
      const bytes = this.bytes;
      const k = this.accBits;
      let acc = this.acc << (8 - k); // pending bits, left-aligned in a byte
      let pos = this.pos;
      for (let i = 0; i < whole; i++) {
        const b = src[i]!;
        bytes[pos++] = acc | (b >>> k);
        acc = (b << (8 - k)) & 0xff;
      }
      this.pos = pos;
      this.acc = acc >>> (8 - k);
    }
    const rest = bitLength & 7;
    if (rest !== 0) this.append(src[whole]! >>> (8 - rest), rest);
  }

  /** Flushes the pending bits (zero-filled to a byte boundary). */
  finish(): Uint8Array {
    if (this.accBits > 0) {
      assert(this.pos < this.capacityBytes, 'bit buffer overflow');
      this.bytes[this.pos++] = (this.acc << (8 - this.accBits)) & 0xff;
      this.acc = 0;
      this.accBits = 0;
    }
    return this.bytes;
  }
}
