#!/usr/bin/env node
// @ts-check
// Pixel comparison of two production builds' pages, for changes that must not change what a visitor sees (start-up
// work split into tasks, hydration boundaries). Each page of each build is loaded in Chromium at a phone's and a
// desktop's width, once the app has mounted and settled, and screenshotted whole; the two builds' screenshots are
// compared pixel by pixel. Exits 1 when any page differs, and writes the differing pairs to the output folder.
//   node scripts/dev/compare-screenshots.mjs --dist before:dist-a --dist after:dist-b [--paths /,/create,/pricing]
//     [--out screenshots-diff]
import { mkdirSync, writeFileSync } from 'node:fs';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { launchChromium, startPreview } from '../bench/lib/app.mjs';
import { cliValue, cliValues } from '../bench/lib/knobs.mjs';

const builds = cliValues('--dist').map((spec) => {
  const at = spec.indexOf(':');
  return at < 0 ? { label: spec, dir: spec } : { label: spec.slice(0, at), dir: spec.slice(at + 1) };
});
if (builds.length !== 2) throw new Error('give two builds: --dist before:DIR --dist after:DIR');
const PATHS = cliValue('--paths', '/,/create,/pricing').split(',');
const OUT = cliValue('--out', 'screenshots-diff');
const VIEWPORTS = [
  { width: 412, height: 823 },
  { width: 1280, height: 900 },
];
/** After the mount: the session lookup, the stored draft and fonts settle well within this (ms). */
const SETTLE_MS = 1500;

/** @param {Buffer} png */
async function pixels(png) {
  const image = await loadImage(png);
  const canvas = createCanvas(image.width, image.height);
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0);
  return { width: image.width, height: image.height, data: context.getImageData(0, 0, image.width, image.height).data };
}

/**
 * @param {import('@playwright/test').Browser} browser
 * @param {string} url
 * @param {{ width: number, height: number }} viewport
 */
async function screenshot(browser, url, viewport) {
  const context = await browser.newContext({ viewport, reducedMotion: 'reduce' });
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForSelector('#root[data-mounted]', { state: 'attached', timeout: 60_000 });
  await page.waitForTimeout(SETTLE_MS);
  const png = await page.screenshot({ fullPage: true, animations: 'disabled', caret: 'hide' });
  await context.close();
  return png;
}

const previews = await Promise.all(builds.map(({ dir }) => startPreview({ outDir: dir })));
let differing = 0;
try {
  const browser = await launchChromium();
  mkdirSync(OUT, { recursive: true });
  for (const path of PATHS)
    for (const viewport of VIEWPORTS) {
      /** @type {Buffer[]} */
      const shots = [];
      for (const preview of previews) shots.push(await screenshot(browser, `${preview.base}${path}`, viewport));
      const [a, b] = await Promise.all(shots.map(pixels));
      if (!a || !b) throw new Error('a screenshot is missing');
      let diff = 0;
      if (a.width !== b.width || a.height !== b.height) diff = Math.max(a.width * a.height, b.width * b.height);
      else {
        const [pa, pb] = [a, b].map(({ data }) => new Uint32Array(data.buffer, data.byteOffset, data.length / 4));
        for (let i = 0; i < /** @type {Uint32Array} */ (pa).length; i++) if (pa?.[i] !== pb?.[i]) diff++;
      }
      console.log(
        `${path} at ${viewport.width} px: ${a.width}x${a.height} against ${b.width}x${b.height}, ${diff} px differ`,
      );
      if (diff > 0) {
        differing += 1;
        const name = `${path === '/' ? 'home' : path.slice(1).replaceAll('/', '-')}-${viewport.width}`;
        builds.forEach(({ label }, i) => writeFileSync(`${OUT}/${name}-${label}.png`, shots[i] ?? Buffer.alloc(0)));
      }
    }
  await browser.close();
} finally {
  for (const p of previews) p.stop();
}
console.log(differing ? `${differing} screenshots differ (pairs in ${OUT}/)` : 'no pixel differs');
process.exitCode = differing ? 1 : 0;
