/**
 * The badge's scan check (QrClient.scanCheck, scan.worker.ts) against the readers themselves: for a design one
 * reader really loses on a phone photo, the check must name that reader, and its verdicts must match what
 * ZXing-C++, zbar and jsQR read from the same degraded copy here, in the page.
 */
import { afterAll, expect, test } from 'vitest';
import { encodeText } from '../../../src/encoder/index.ts';
import { buildScene } from '../../../src/render/scene.ts';
import { QrClient, type QrRequest } from '../../../src/worker-client/index.ts';
import { readWithAll } from '../../../workers/decoders.ts';
import { DEGRADATIONS, PHONE_CHECK_PX_PER_MODULE } from '../../../workers/degradations.ts';
import { degrade } from '../../../workers/phonePhoto.ts';
import { CONTENTS } from './matrix.ts';

const client = new QrClient({ timeoutMs: 120_000 });
afterAll(() => client.terminate());

const request = (shape: QrRequest['style']['shape'], frame: QrRequest['style']['frame'], ecl: QrRequest['ecl']) =>
  ({
    content: CONTENTS.long,
    ecl,
    kind: 'url',
    style: { shape, frame, fg: '#000000', bg: '#FFFFFF', frameText: '', logoId: null },
  }) satisfies QrRequest;

/** What the three readers make of the check's first phone-photo copy of the 1000 px PNG, read here. */
async function readPhonePhoto(req: QrRequest) {
  const png = await client.png(req, 1000);
  const bitmap = await createImageBitmap(png.blob);
  try {
    const m = buildScene(encodeText(req.content, { ecl: req.ecl }), req.style, null, 1000).m;
    const pxPerModule = PHONE_CHECK_PX_PER_MODULE[0];
    return await readWithAll(await degrade(bitmap, m, { ...DEGRADATIONS.phonePhoto, pxPerModule }));
  } finally {
    bitmap.close();
  }
}

test('a design a reader loses on a phone photo: the check names that reader and is not ok', async () => {
  // A long code in the circular frame: its modules are the smallest of any frame (58 % of the artwork).
  const req = request('square', 'circular', 'H');
  const result = await client.scanCheck(req, { kind: 'png', size: 1000 });
  const read = await readPhonePhoto(req);
  for (const r of result.readers) expect(r.phonePhoto, r.reader).toBe(read[r.reader] === req.content);
  expect(result.readers.filter((r) => !r.phonePhoto).length).toBeGreaterThan(0);
  expect(result.ok).toBe(false);
});

test('a plain design: every reader, also from a phone photo, and a print size no smaller than the printer rule', async () => {
  const req = { ...request('square', 'none', 'M'), content: CONTENTS.short };
  const result = await client.scanCheck(req, { kind: 'png', size: 1000 });
  const read = await readPhonePhoto(req);
  for (const r of result.readers) {
    expect(r.clean, r.reader).toBe(true);
    expect(r.phonePhoto, r.reader).toBe(read[r.reader] === req.content);
  }
  expect(result.ok).toBe(true);
  const { minSizeMm } = await client.printInfo(req);
  expect(result.minPrintCm).not.toBeNull();
  expect(result.minPrintCm! * 10).toBeGreaterThanOrEqual(minSizeMm);
});
