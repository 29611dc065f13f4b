// The checks a picked page file passes before any work (src/features/pageFiles/pageFileCheck.ts): its type read
// from its bytes, not its name; its size against the plan; each refusal a sentence naming the file and what to do.
import { describe, expect, it } from 'vitest';
import { checkPickedFile, sizeProblem } from '../../../src/features/pageFiles/pageFileCheck.ts';
import { extensionOf, sniffPageFile } from '../../../src/shared/pages/files.ts';

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));
const PDF = bytes('%PDF-1.7\n%âãÏÓ');
const JPEG = bytes([0xff, 0xd8, 0xff, 0xe0, 0, 16], 'JFIF');
const PNG = bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const WEBP = bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 ');
const HTML = bytes('<!doctype html><script>');
const GIF = bytes('GIF89a');
const DOCX = bytes('PK', [3, 4, 20, 0]);
const FREE = { fileLimitBytes: 20_000_000, quotaBytes: 100_000_000, usedBytes: 90_000_000 };

describe('page file checks', () => {
  it('reads the type from the first bytes', () => {
    expect([PDF, JPEG, PNG, WEBP, HTML, GIF, DOCX, new Uint8Array()].map(sniffPageFile)).toEqual([
      'application/pdf',
      'image/jpeg',
      'image/png',
      'image/webp',
      null,
      null,
      null,
      null,
    ]);
    expect(sniffPageFile(bytes('RIFF', [1, 2, 3, 4], 'WAVEfmt '))).toBeNull();
    expect(extensionOf('image/jpeg')).toBe('jpg');
  });

  it('refuses a file whose bytes are not what the field takes, saying so by name', () => {
    const file = (name: string, size = 1000) => ({ name, size });
    expect(checkPickedFile(file('menu.pdf'), PDF, 'pdf', FREE)).toEqual({ ok: true, type: 'application/pdf' });
    expect(checkPickedFile(file('cat.jpg'), PNG, 'image', FREE)).toEqual({ ok: true, type: 'image/png' });
    expect(checkPickedFile(file('menu.pdf'), DOCX, 'pdf', FREE)).toEqual({
      ok: false,
      message: '“menu.pdf” is named like a PDF but its content is not one. Choose a PDF.',
    });
    expect(checkPickedFile(file('photo.jpg'), HTML, 'image', FREE)).toEqual({
      ok: false,
      message: '“photo.jpg” is named like an image but its content is not one. Choose a JPEG, PNG or WebP image.',
    });
    expect(checkPickedFile(file('anim.gif'), GIF, 'image', FREE)).toEqual({
      ok: false,
      message: '“anim.gif” is not a JPEG, PNG or WebP image. Choose a JPEG, PNG or WebP image.',
    });
    expect(checkPickedFile(file('scan.pdf'), PDF, 'image', FREE)).toMatchObject({ ok: false });
    expect(checkPickedFile(file('photo.png'), PNG, 'pdf', FREE)).toMatchObject({ ok: false });
    expect(checkPickedFile(file('empty.pdf', 0), PDF, 'pdf', FREE)).toEqual({
      ok: false,
      message: '“empty.pdf” is empty. Choose a PDF.',
    });
  });

  it('refuses a PDF over the plan’s file limit or over what is left of the quota, with the numbers', () => {
    expect(checkPickedFile({ name: 'big.pdf', size: 25_300_000 }, PDF, 'pdf', FREE)).toEqual({
      ok: false,
      message: '“big.pdf” is 25.3 MB; your plan takes files up to 20 MB. Pro takes files up to 100 MB.',
    });
    expect(sizeProblem('c.pdf', 12_000_000, FREE)).toBe(
      '“c.pdf” needs 12 MB, but only 10 MB of your 100 MB storage is left. Delete pages’ files you no longer use, or upgrade.',
    );
    const pro = { fileLimitBytes: 100_000_000, quotaBytes: 5_000_000_000, usedBytes: 0 };
    expect(sizeProblem('huge.pdf', 150_000_000, pro)).toBe(
      '“huge.pdf” is 150 MB; your plan takes files up to 100 MB. Choose a smaller file.',
    );
    expect(sizeProblem('ok.pdf', 10_000_000, FREE)).toBeNull();
    // Without the limits (they could not be loaded) the server decides.
    expect(sizeProblem('ok.pdf', 10_000_000_000, null)).toBeNull();
    // An image is measured after resizing, but a huge original is refused before decoding.
    expect(checkPickedFile({ name: 'pano.jpg', size: 60_000_000 }, JPEG, 'image', FREE)).toEqual({
      ok: false,
      message: '“pano.jpg” is 60 MB; images up to 40 MB can be used. Choose a smaller one.',
    });
    expect(checkPickedFile({ name: 'ok.jpg', size: 30_000_000 }, JPEG, 'image', FREE)).toEqual({
      ok: true,
      type: 'image/jpeg',
    });
  });
});
