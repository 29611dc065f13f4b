/**
 * The ZIP writer's archives, judged by readers nobody here wrote: Info-ZIP's `unzip` (tests every entry's CRC and
 * extracts the bytes) and fflate's `unzipSync`. Plain archives, archives with ZIP64 records, and more entries than
 * a plain archive can count.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { zipEntryOf, zipEntryOfBlob } from '../../../src/zip/entry.ts';
import { ZipWriter, type ZipPart } from '../../../src/zip/writer.ts';
import { xorshift32 } from '../../helpers/prng.ts';

const dir = mkdtempSync(join(tmpdir(), 'qrcraft-zip-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Seeded bytes (the low byte of each xorshift32 state): binary content no compressor shrinks, the same every run. */
function noise(length: number, seed: number): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(length);
  const next = xorshift32(seed | 1);
  for (let i = 0; i < length; i++) out[i] = (next() * 2 ** 32) & 0xff;
  return out;
}

async function archive(files: [string, Uint8Array<ArrayBuffer>, boolean][], zip64From?: number) {
  const parts: ZipPart[] = [];
  const writer = new ZipWriter((part) => parts.push(part), zip64From === undefined ? {} : { zip64From });
  for (const [name, bytes, deflate] of files) {
    // Stored files go in as the Blob they came in, as the workers' PNGs do.
    writer.add(name, deflate ? zipEntryOf(bytes, true) : await zipEntryOfBlob(new Blob([bytes]), false));
  }
  writer.finish();
  const blob = new Blob(parts);
  expect(blob.size).toBe(writer.offset);
  const path = join(dir, `a${Math.random().toString(36).slice(2)}.zip`);
  writeFileSync(path, new Uint8Array(await blob.arrayBuffer()));
  return path;
}

function unzipTest(path: string) {
  return spawnSync('unzip', ['-t', '-qq', path], { encoding: 'utf8' });
}

function unzipOne(path: string, name: string): Buffer {
  const r = spawnSync('unzip', ['-p', path, name], { maxBuffer: 1 << 26 });
  expect(r.status, String(r.stderr)).toBe(0);
  return r.stdout;
}

const svg = new TextEncoder().encode(`<svg xmlns="http://www.w3.org/2000/svg">${'<rect/>'.repeat(5000)}</svg>`);
const FILES: [string, Uint8Array<ArrayBuffer>, boolean][] = [
  ['menu.png', noise(110_000, 7), false],
  ['menu.svg', svg, true],
  ['Café Zürich – Tisch 1.png', noise(3_000, 11), false],
  ['empty.txt', new Uint8Array(0), false],
  ['manifest.csv', new TextEncoder().encode('row,name\n2,menu\n'), true],
];

describe('ZipWriter', () => {
  for (const [label, zip64From] of [
    ['plain', undefined],
    ['with ZIP64 records for every offset', 0],
  ] as const) {
    it(`writes an archive that unzip and fflate read back byte for byte (${label})`, async () => {
      const path = await archive(FILES, zip64From);
      const tested = unzipTest(path);
      expect(tested.status, tested.stdout + tested.stderr).toBe(0);
      const byFflate = unzipSync(new Uint8Array(readFileSync(path)));
      for (const [name, bytes] of FILES) {
        // unzip -p takes a pattern: the names have no wildcards.
        expect(new Uint8Array(unzipOne(path, name))).toEqual(bytes);
        expect(byFflate[name]).toEqual(bytes);
      }
      const listed = spawnSync('unzip', ['-Z1', path], { encoding: 'utf8' }).stdout.trim().split('\n');
      expect(listed).toEqual(FILES.map(([name]) => name));
    });
  }

  it('deflates text and stores compressed data as it is', async () => {
    const path = await archive(FILES);
    const verbose = spawnSync('unzip', ['-v', path], { encoding: 'utf8' }).stdout;
    expect(verbose).toMatch(/\bDefl:N\b.*menu\.svg/);
    expect(verbose).toMatch(/\bStored\b.*menu\.png/);
    const svgLine = verbose.split('\n').find((l) => l.endsWith('menu.svg'))!;
    const [length, , size] = svgLine.trim().split(/\s+/).map(Number);
    expect(length).toBe(svg.byteLength);
    expect(size).toBeLessThan(svg.byteLength / 10);
  });

  it('counts more than 65,535 entries with ZIP64 end records', async () => {
    const count = 70_000;
    const parts: ZipPart[] = [];
    const writer = new ZipWriter((part) => parts.push(part));
    const one = zipEntryOf(new Uint8Array([42]), false);
    for (let i = 0; i < count; i++) writer.add(`f${i}.bin`, one);
    writer.finish();
    const path = join(dir, 'many.zip');
    writeFileSync(path, new Uint8Array(await new Blob(parts).arrayBuffer()));
    const tested = unzipTest(path);
    expect(tested.status, tested.stdout + tested.stderr).toBe(0);
    const listed = spawnSync('unzip', ['-Z1', path], { encoding: 'utf8', maxBuffer: 1 << 24 })
      .stdout.trim()
      .split('\n');
    expect(listed).toHaveLength(count);
    expect(listed.at(-1)).toBe(`f${count - 1}.bin`);
    expect([...unzipOne(path, `f${count - 1}.bin`)]).toEqual([42]);
  });

  it('refuses to add after finishing, and names over 65,535 bytes', () => {
    const writer = new ZipWriter(() => {});
    expect(() => writer.add('x'.repeat(65_536), zipEntryOf(new Uint8Array(1), false))).toThrow(RangeError);
    writer.finish();
    expect(() => writer.add('late.txt', zipEntryOf(new Uint8Array(1), false))).toThrow(/already finished/);
  });
});
