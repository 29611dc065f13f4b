/**
 * Encoder speed vs the npm peers, in headless Chromium (vitest bench, browser mode; see
 * vitest.bench.config.ts). For each corpus entry one comparison runs our `encodeText` and every peer
 * back to back, in two rounds with the order reversed (the report keeps each library's better round).
 * Automatic mask everywhere, the entry's level, no quiet-zone options beyond each library's default.
 * performance.now() is coarsened to 0.1 ms in the browser, so each sample is a batch of encodes; the hz
 * that tinybench reports is batches per second, and the report multiplies by the batch size (recorded in
 * the task name as "×N"). scripts/bench/encoder-report.mjs turns the JSON into bench-results/encoder.{json,md}.
 */
import { generate, correction } from 'lean-qr';
import { encodeQR } from 'qr';
import QRCode from 'qrcode';
import qrcodeGenerator from 'qrcode-generator';
import { encode as uqrEncode } from 'uqr';
import { describe, test } from 'vitest';
import { encodeText, type Ecl } from '../../src/encoder/index.ts';
import { CORPUS } from './corpus.ts';

type Encoder = (text: string, ecl: Ecl) => unknown;

const QR_ECC = { L: 'low', M: 'medium', Q: 'quartile', H: 'high' } as const;

// qrcode-generator writes UTF-8 when told to (its default keeps only the low byte of each UTF-16 unit).
const utf8 = (
  qrcodeGenerator.stringToBytesFuncs as Record<string, ((s: string) => number[]) | undefined> | undefined
)?.['UTF-8'];
if (utf8) qrcodeGenerator.stringToBytes = utf8;

const LIBRARIES: readonly [string, Encoder][] = [
  ['QRCraft', (text, ecl) => encodeText(text, { ecl })],
  ['qr', (text, ecl) => encodeQR(text, 'raw', { ecc: QR_ECC[ecl] })],
  ['qrcode', (text, ecl) => QRCode.create(text, { errorCorrectionLevel: ecl })],
  [
    'qrcode-generator',
    (text, ecl) => {
      const q = qrcodeGenerator(0, ecl);
      q.addData(text, /^[0-9]*$/.test(text) ? 'Numeric' : /^[0-9A-Z $%*+\-./:]*$/.test(text) ? 'Alphanumeric' : 'Byte');
      q.make();
      return q;
    },
  ],
  [
    'lean-qr',
    (text, ecl) => generate(text, { minCorrectionLevel: correction[ecl], maxCorrectionLevel: correction[ecl] }),
  ],
  ['uqr', (text, ecl) => uqrEncode(text, { ecc: ecl, border: 0 })],
];

/**
 * Encodes per sample, about 5 ms of our encoder, so that the 0.1 ms timer resolution costs ≤ 2 %; the
 * peers then take longer per sample.
 */
function batchSize(text: string): number {
  const n = text.length;
  return n > 2000 ? 12 : n > 500 ? 20 : n > 250 ? 50 : n > 150 ? 80 : n > 60 ? 150 : n > 40 ? 250 : 500;
}

/** Keeps every result observable, so no encode can be optimised away. */
let _sink = 0;

for (const round of [1, 2]) {
  describe(`round ${round}`, () => {
    for (const entry of CORPUS) {
      test(entry.name, async ({ bench }) => {
        const n = batchSize(entry.text);
        const libs = round === 1 ? LIBRARIES : [...LIBRARIES].reverse();
        const registrations = [];
        for (const [name, encode] of libs) {
          try {
            encode(entry.text, entry.ecl); // skip a library that cannot encode this entry
          } catch {
            continue;
          }
          registrations.push(
            bench(`${name} ×${n}`, () => {
              for (let i = 0; i < n; i++) _sink ^= encode(entry.text, entry.ecl) === null ? 1 : 0;
            }),
          );
        }
        await bench.compare(...registrations, { time: 700, warmupTime: 200, iterations: 5, warmupIterations: 3 });
      });
    }
  });
}
