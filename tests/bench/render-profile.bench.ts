/** Phase profile of the render worker (not part of the results file). Run: npx vitest bench --run --config vitest.bench.config.ts tests/bench/render-profile.bench.ts */
import { wrap } from 'comlink';
import { test } from 'vitest';
import type { ProfileApi } from './render-profile.worker.ts';
import { TEXT1000, URL30, VCARD200 } from './corpus.ts';

test('profile', async () => {
  const c = new OffscreenCanvas(256, 256);
  const x = c.getContext('2d')!;
  x.fillStyle = '#e11d48';
  x.beginPath();
  x.roundRect(8, 8, 240, 240, 40);
  x.fill();
  x.fillStyle = '#111827';
  x.font = 'bold 150px sans-serif';
  x.fillText('Q', 60, 180);
  const logo = await c.convertToBlob({ type: 'image/png' });
  const w = wrap<ProfileApi>(new Worker(new URL('./render-profile.worker.ts', import.meta.url), { type: 'module' }));
  await w.setLogo(logo);
  for (const [name, content, ecl] of [
    ['url', URL30, 'M'],
    ['vcard', VCARD200, 'Q'],
    ['1000', TEXT1000, 'H'],
  ] as const) {
    const req = {
      content,
      ecl,
      kind: 'text' as const,
      style: {
        shape: 'dots' as const,
        fg: '#000000',
        bg: '#FFFFFF',
        frame: 'banner' as const,
        frameText: 'SCAN ME',
        logoId: 'logo',
      },
    };
    await w.profile(req, 2000, 2);
    console.log('PNG', name, JSON.stringify(await w.profile(req, 2000, 9)));
    console.log('MODULES', name, JSON.stringify(await w.modulesProfile(req, 2000, 15)));
  }
  const v40 = 'https://qrcraft.app/v40?d=' + 'x'.repeat(2900);
  for (const shape of ['square', 'dots', 'rounded', 'extraRounded', 'classy', 'classyRounded'] as const) {
    const req = {
      content: v40,
      ecl: 'L' as const,
      kind: 'text' as const,
      style: { shape, fg: '#000000', bg: '#FFFFFF', frame: 'none' as const, frameText: '', logoId: null },
    };
    await w.previewProfile(req, 555, 5);
    console.log('PREVIEW', shape, JSON.stringify(await w.previewProfile(req, 555, 40)));
  }
}, 600_000);
