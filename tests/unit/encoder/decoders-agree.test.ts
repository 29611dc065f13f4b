/**
 * The measurement behind the ECI / kanji policy (src/encoder/policy.ts): samples written in every variant,
 * read by ZXing-C++ (zxing-wasm), jsQR and zbar. The policy must be read right by all three on every sample
 * and be the shortest variant that all three read right. Also sweeps every kanji-encodable character.
 * The table printed here is the one in docs/encoder.md.
 */
import { describe, expect, it } from 'vitest';
import { encodeSegments, encodeText, makeKanji } from '../../../src/encoder/index.ts';
import { AMBIGUOUS_SJIS, kanjiTable, kanjiValue } from '../../../src/encoder/kanji.ts';
import { chooseSegments, segmentsAs, type TextVariant } from '../../../src/encoder/policy.ts';
import { getTotalBits, isKanjiOrAscii, type QrSegment } from '../../../src/encoder/segments.ts';
import { decodeJsqr, decodeZbar, decodeZxing, render } from './helpers.ts';
import { debugLog } from '../../helpers/debug.ts';

const SAMPLES = [
  'é',
  'héllo',
  'Grüße aus Köln',
  'naïve café résumé 123',
  '😀',
  '😀 emoji 🎉',
  'こんにちは',
  'こんにちは世界、今日はいい天気ですね。',
  '漢字とABC123',
  '東京都港区1-2-3 ABCビル',
  '你好世界',
  '这是一个测试',
  'Привет мир',
  'Ελληνικά',
  '한국어 텍스트',
  'カタカナとemoji😀',
  '～波ダッシュ',
  '〜波ダッシュ',
  '価格：￥1,000',
  'Zürich 東京',
  `${'x'.repeat(40)}é`,
  'ß'.repeat(60),
  'あ'.repeat(100),
  '漢字~test\\',
  'テスト¥100',
  '半角ｶﾀｶﾅ',
  '全角　スペース',
  'https://例え.jp/パス?q=検索',
];

const VARIANTS: readonly TextVariant[] = ['plain', 'utf8-eci', 'kanji', 'mixed', 'mixed-eci'];

interface Reading {
  bits: number;
  zxing: boolean;
  jsqr: boolean;
  zbar: boolean;
}

async function readAll(segs: QrSegment[], text: string): Promise<Reading> {
  const m = encodeSegments(segs, { ecl: 'M' });
  const px = render(m, 3);
  return {
    bits: getTotalBits(segs, m.version),
    zxing: (await decodeZxing(px))?.text === text,
    jsqr: decodeJsqr(px) === text,
    zbar: (await decodeZbar(px)) === text,
  };
}

describe('decoders agree on the policy', () => {
  it('every sample: the policy is read right by all three decoders and is the shortest such variant', async () => {
    const table: string[] = [
      '| text | ' + VARIANTS.join(' | ') + ' | policy |',
      '|' + ' --- |'.repeat(VARIANTS.length + 2),
    ];
    const failures: Record<string, { zxing: number; jsqr: number; zbar: number; samples: number }> = {};
    let eciOnly = 0;
    for (const text of SAMPLES) {
      const row: string[] = [];
      let bestAllRight = Infinity;
      for (const v of VARIANTS) {
        if (v === 'kanji' && !isKanjiOrAscii(text)) {
          row.push('–');
          continue;
        }
        const segs = segmentsAs(text, v, 1);
        if (v.startsWith('mixed') && !segs.some((s) => s.mode === 'kanji')) {
          row.push('–');
          continue;
        }
        const r = await readAll(segs, text);
        const f = (failures[v] ??= { zxing: 0, jsqr: 0, zbar: 0, samples: 0 });
        f.samples++;
        for (const d of ['zxing', 'jsqr', 'zbar'] as const) if (!r[d]) f[d]++;
        const ok = r.zxing && r.jsqr && r.zbar;
        if (ok) bestAllRight = Math.min(bestAllRight, r.bits);
        row.push(`${r.bits}b ${r.zxing ? 'Z' : 'z̶'}${r.jsqr ? 'J' : 'j̶'}${r.zbar ? 'B' : 'b̶'}`);
      }
      const plan = chooseSegments(text, 1, 1, 40);
      const policy = await readAll(plan.segments, text);
      row.push(`${policy.bits}b`);
      table.push(`| ${JSON.stringify(text).slice(0, 30)} | ${row.join(' | ')} |`);
      expect(policy, text).toMatchObject({ zxing: true, jsqr: true, zbar: true });
      // Shortest, except that UTF-8 always gets its 12-bit ECI designator: zbar guesses the charset of bytes
      // without ECI and only sometimes gets it right (it reads 4-byte emoji but not Latin-1), so 'plain'
      // passing on one sample does not make it safe.
      const plainOk = row[0]!.endsWith('ZJB'); // VARIANTS[0] is 'plain', always measured
      expect(policy.bits - bestAllRight, text).toBe(plainOk && policy.bits !== bestAllRight ? 12 : 0);
      if (policy.bits !== bestAllRight) eciOnly++;
      // encodeText uses that plan.
      expect(encodeText(text).version).toBe(plan.version);
    }
    debugLog(`ECI/kanji measurement (Z/J/B = zxing/jsQR/zbar read it right, struck = misread)\n${table.join('\n')}`);
    debugLog(
      'misreads per variant',
      JSON.stringify(failures),
      `samples where plain UTF-8 happened to be read right and the ECI costs 12 bits: ${eciOnly}`,
    );
    // The facts the policy rests on (if a decoder changes behaviour, revisit policy.ts).
    expect(failures['plain']?.zbar).toBeGreaterThan(0);
    expect(failures['utf8-eci']).toEqual({ zxing: 0, jsqr: 0, zbar: 0, samples: SAMPLES.length });
    expect(failures['kanji']).toMatchObject({ zxing: 0, jsqr: 0, zbar: 0 });
    expect(failures['mixed-eci']?.zxing).toBeGreaterThan(0);
  }, 120_000);

  it('every kanji-encodable character is read right by all three decoders', async () => {
    const table = kanjiTable();
    expect(table).not.toBeNull();
    const chars: number[] = [];
    for (let u = 0; u < 0x10000; u++) if (table?.[u]) chars.push(u);
    expect(chars.length).toBeGreaterThan(6000);
    for (let i = 0; i < chars.length; i += 128) {
      const text = String.fromCharCode(...chars.slice(i, i + 128));
      const px = render(encodeSegments([makeKanji(text)], { ecl: 'L' }), 2);
      expect((await decodeZxing(px))?.text, `chunk at ${i}`).toBe(text);
      expect(decodeJsqr(px), `chunk at ${i}`).toBe(text);
      expect(await decodeZbar(px), `chunk at ${i}`).toBe(text);
    }
  }, 120_000);

  it('the Windows-31J-only codes are read with their JIS X 0208 meaning, so they stay out of the table', async () => {
    const cp932 = new TextDecoder('shift_jis');
    for (const [code, jis] of AMBIGUOUS_SJIS) {
      const v = kanjiValue(code);
      const seg: QrSegment = {
        mode: 'kanji',
        numChars: 1,
        bitLength: 13,
        data: new Uint8Array([v >>> 5, (v & 31) << 3]),
      };
      const px = render(encodeSegments([seg]), 3);
      const expected = String.fromCharCode(jis);
      expect((await decodeZxing(px))?.text).toBe(expected);
      expect(decodeJsqr(px)).toBe(expected);
      expect(await decodeZbar(px)).toBe(expected);
      const windows = cp932.decode(new Uint8Array([code >>> 8, code & 0xff]));
      expect(windows).not.toBe(expected);
      expect(kanjiTable()?.[windows.charCodeAt(0)]).toBe(0);
    }
  }, 60_000);
});
