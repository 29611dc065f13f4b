#!/usr/bin/env node
// @ts-check
// Lighthouse on hosted pages (issue 32): its mobile preset (simulated slow 4G, 4x CPU slowdown) on one page of each
// type, served by the local server at /r/<slug> exactly as a scanner's phone gets it (PGlite in a temp folder).
// RUNS runs each; medians to bench-results/lighthouse-pages.md, every run to bench-results/lighthouse-pages.json.
// Issue 32's target: performance ≥ 98, accessibility, best practices and SEO 100. Run by `npm run bench:lighthouse`
// after the app's pages (scripts/bench/lighthouse.mjs). Knobs: BENCH_RUNS (default 3), CHROME_PATH.
// PDF and Images pages hold files: the bench's user uploads them through the local server's Storage API first
// (page-files/<user id>/…), images as an owner's would arrive from the editor (WebP, at most 2000 px). The other
// types are measured with their pictures, uploaded the same way at the editor's sizes: the owner's logo on each, a
// Links avatar, a vCard photo (JPEG), photos on half of the menu's items (all at most 512 px).
import { createCanvas } from '@napi-rs/canvas';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { envInteger } from './lib/knobs.mjs';
import { LIGHTHOUSE, runLighthouse } from './lib/lighthouse.mjs';
import { loadAverage, machine } from './lib/machine.mjs';
import { startLocalServer } from './lib/server.mjs';
import { SAMPLE_PAGES } from './lib/samplePages.mjs';
import { median } from './lib/stats.mjs';

const RUNS = envInteger('BENCH_RUNS', 3);
/** BENCH_TYPES=feedback,event measures only those page types (all by default). */
const ONLY = process.env.BENCH_TYPES ? new Set(process.env.BENCH_TYPES.split(',')) : null;
const wanted = (/** @type {string} */ type) => ONLY === null || ONLY.has(type);
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
/** The Supabase CLI's public demo anon key, which the local server accepts. */
const DEMO_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

/**
 * A photo-like WebP or JPEG (gradients and shapes, so it compresses like a picture rather than a flat colour).
 * @param {number} width
 * @param {number} height
 * @param {number} hue
 * @param {'image/webp' | 'image/jpeg'} [type]
 */
function photo(width, height, hue, type = 'image/webp') {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  const sky = ctx.createLinearGradient(0, 0, width, height);
  sky.addColorStop(0, `hsl(${hue} 70% 70%)`);
  sky.addColorStop(1, `hsl(${(hue + 60) % 360} 60% 35%)`);
  ctx.fillStyle = sky;
  ctx.fillRect(0, 0, width, height);
  for (let i = 0; i < 40; i++) {
    ctx.fillStyle = `hsl(${(hue + i * 9) % 360} 60% ${30 + (i % 5) * 10}% / 0.6)`;
    ctx.beginPath();
    ctx.arc(((i * 97) % width) + 0.5, ((i * 53) % height) + 0.5, 20 + ((i * 31) % 120), 0, Math.PI * 2);
    ctx.fill();
  }
  return type === 'image/jpeg' ? canvas.toBuffer('image/jpeg', 85) : canvas.toBuffer('image/webp', 85);
}

/**
 * A small valid PDF (one page of text), its cross-reference offsets counted (as e2e/hosted-file-pages.spec.ts).
 * @param {string} text
 */
function tinyPdf(text) {
  const stream = `BT /F1 24 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets = objects.map((object, i) => {
    const at = body.length;
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
    return at;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/**
 * The files of the PDF and Images pages, uploaded to the owner's folder; the page's file fields get the paths.
 * @type {Record<string, (upload: (name: string, bytes: Buffer, type: string) => Promise<string>) => Promise<object>>}
 */
const FILE_PAGES = {
  pdf: async (upload) => ({
    v: 1,
    type: 'pdf',
    title: 'Spring catalogue 2026',
    description: 'All our products and prices.\nValid until the end of May.',
    file: await upload('catalogue.pdf', tinyPdf('Spring catalogue 2026'), 'application/pdf'),
    cover: { path: await upload('cover.webp', photo(1200, 1600, 200), 'image/webp'), width: 1200, height: 1600 },
  }),
  images: async (upload) => ({
    v: 1,
    type: 'images',
    title: 'Our new shop',
    description: 'Opening on 1 June.',
    images: await Promise.all(
      [0, 1, 2, 3, 4, 5].map(async (i) => ({
        path: await upload(`shop-${i}.webp`, photo(2000, 1500, i * 50), 'image/webp'),
        width: 2000,
        height: 1500,
        ...(i % 2 === 0 ? { caption: `The shop, view ${i + 1}` } : {}),
      })),
    ),
  }),
};

/** @typedef {(name: string, bytes: Buffer, type: string) => Promise<string>} Upload */

/**
 * A picture uploaded as the editor would (WebP, or a vCard photo's JPEG): what the page stores.
 * @param {Upload} upload
 * @param {string} name
 * @param {number} width
 * @param {number} height
 * @param {number} hue
 */
async function picture(upload, name, width, height, hue) {
  const type = name.endsWith('.jpg') ? 'image/jpeg' : 'image/webp';
  return { path: await upload(name, photo(width, height, hue, type), type), width, height };
}

/** The pages without files, with their pictures. @type {Record<string, (upload: Upload) => Promise<object>>} */
const PICTURE_PAGES = {
  links: async (upload) => ({
    ...SAMPLE_PAGES.links,
    logo: await picture(upload, 'logo.webp', 512, 192, 30),
    avatar: await picture(upload, 'avatar.webp', 512, 512, 120),
  }),
  vcard: async (upload) => ({
    ...SAMPLE_PAGES.vcard,
    logo: await picture(upload, 'logo.webp', 512, 192, 30),
    photo: await picture(upload, 'photo.jpg', 512, 512, 200),
  }),
  menu: async (upload) => ({
    ...SAMPLE_PAGES.menu,
    logo: await picture(upload, 'logo.webp', 512, 192, 30),
    sections: await Promise.all(
      SAMPLE_PAGES.menu.sections.map(async (section, s) => ({
        ...section,
        items: await Promise.all(
          section.items.map(async (item, i) =>
            i % 2 ? item : { ...item, photo: await picture(upload, `dish-${s}-${i}.webp`, 512, 384, s * 90 + i * 20) },
          ),
        ),
      })),
    ),
  }),
  coupon: async (upload) => ({ ...SAMPLE_PAGES.coupon, logo: await picture(upload, 'logo.webp', 512, 192, 30) }),
  feedback: async (upload) => ({ ...SAMPLE_PAGES.feedback, logo: await picture(upload, 'logo.webp', 512, 192, 30) }),
  event: async (upload) => ({
    ...SAMPLE_PAGES.event,
    logo: await picture(upload, 'logo.webp', 512, 192, 30),
    image: await picture(upload, 'concert.webp', 1200, 675, 260),
  }),
  business: async (upload) => ({
    ...SAMPLE_PAGES.business,
    logo: await picture(upload, 'logo.webp', 512, 192, 30),
    cover: await picture(upload, 'shop.webp', 1200, 675, 60),
  }),
};

/**
 * @param {string} base
 * @param {string} path
 * @param {{ method?: string, token?: string, body?: unknown, headers?: Record<string, string> }} [init]
 */
async function call(base, path, { method = 'POST', token = DEMO_ANON_KEY, body, headers = {} } = {}) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      apikey: DEMO_ANON_KEY,
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${text}`);
  return JSON.parse(text);
}

/**
 * A dynamic code showing `page`, owned by a new account (one each: the Free plan holds 3 dynamic codes). A
 * function for a page with files: it uploads them as the account's user and returns the page.
 * @param {string} base
 * @param {string} type
 * @param {object | ((upload: (name: string, bytes: Buffer, type: string) => Promise<string>) => Promise<object>)} content
 * @returns {Promise<string>} the code's slug
 */
async function pageCode(base, type, content) {
  const signup = await call(base, '/auth/v1/signup', {
    body: { email: `lighthouse-${type}-${Date.now()}@example.com`, password: 'bench-password-42' },
  });
  /** @type {(name: string, bytes: Buffer, contentType: string) => Promise<string>} */
  const upload = async (name, bytes, contentType) => {
    const path = `${signup.user.id}/${name.replace('.', `-${Date.now().toString(36)}.`)}`;
    const res = await fetch(`${base}/storage/v1/object/page-files/${path}`, {
      method: 'POST',
      headers: { apikey: DEMO_ANON_KEY, Authorization: `Bearer ${signup.access_token}`, 'Content-Type': contentType },
      body: new Uint8Array(bytes),
    });
    if (!res.ok) throw new Error(`upload ${path} → ${res.status} ${await res.text()}`);
    return path;
  };
  const page = typeof content === 'function' ? await content(upload) : content;
  const code = await call(base, '/rest/v1/qr_codes', {
    token: signup.access_token,
    headers: { Prefer: 'return=representation', Accept: 'application/vnd.pgrst.object+json' },
    body: { name: `${type} page`, type, is_dynamic: true, page },
  });
  return code.slug;
}

const dataDir = mkdtempSync(join(os.tmpdir(), 'qrcraft-lighthouse-pages-'));
const work = mkdtempSync(join(os.tmpdir(), 'qrcraft-lighthouse-pages-runs-'));
const server = await startLocalServer({
  env: { DATA_DIR: dataDir, DATABASE_URL: '', AUTH_RATE_LIMITS: 'off' },
  readyMs: 180_000,
});
/** @typedef {{ type: string, run: number, scores: Record<string, number>, bytes: number, failedAudits: string[] }} Run */
/** @type {Run[]} */
const runs = [];
try {
  /** @type {[string, string][]} */
  const urls = [];
  for (const [type, page] of Object.entries({ ...PICTURE_PAGES, ...FILE_PAGES }).filter(([t]) => wanted(t)))
    urls.push([type, `${server.base}/r/${await pageCode(server.base, type, page)}`]);
  for (let run = 1; run <= RUNS; run++) {
    for (const [type, url] of urls) {
      const lhr = runLighthouse(url, join(work, `${run}-${type}.json`));
      const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]));
      // Every audit with a weight that did not pass, in any category: what to fix in the renderer.
      const failedAudits = CATEGORIES.flatMap((c) =>
        (lhr.categories[c]?.auditRefs ?? [])
          .filter((ref) => {
            const score = lhr.audits[ref.id]?.score;
            return ref.weight > 0 && typeof score === 'number' && score < 1;
          })
          .map((ref) => `${c}: ${ref.id}`),
      );
      const bytes = lhr.audits['total-byte-weight']?.numericValue ?? NaN;
      runs.push({ type, run, scores, bytes, failedAudits });
      console.log(`run ${run} ${type}: ${CATEGORIES.map((c) => `${c} ${scores[c]}`).join(', ')}, ${bytes} B`);
    }
  }
} finally {
  await server.stop();
  rmSync(work, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
}

const lines = [
  `# Lighthouse on hosted pages, mobile preset (${LIGHTHOUSE}), local server`,
  '',
  `Median of ${RUNS} runs per page type, ${new Date().toISOString()}, ${machine().cpus} cores, load average ${loadAverage()
    .map((l) => l.toFixed(2))
    .join(' ')} at the end. \`npm run bench:lighthouse\` (scripts/bench/lighthouse-pages.mjs). Target (issue 32):`,
  'performance ≥ 98, accessibility, best practices and SEO 100.',
  '',
  '| page type | performance | accessibility | best practices | SEO | bytes transferred |',
  '| --- | ---: | ---: | ---: | ---: | ---: |',
];
const TYPES = [...Object.keys(SAMPLE_PAGES), ...Object.keys(FILE_PAGES)].filter(wanted);
for (const type of TYPES) {
  const mine = runs.filter((r) => r.type === type);
  const score = (/** @type {string} */ c) => median(mine.map((r) => r.scores[c] ?? NaN));
  lines.push(
    `| ${type} | ${score('performance')} | ${score('accessibility')} | ${score('best-practices')} | ${score('seo')} | ${median(mine.map((r) => r.bytes))} |`,
  );
}
/** @type {[type: string, audits: string[]][]} */
const failed = TYPES.map((type) => [
  type,
  [...new Set(runs.filter((r) => r.type === type).flatMap((r) => r.failedAudits))],
]);
if (failed.some(([, ids]) => ids.length > 0)) {
  lines.push('', 'Audits that did not pass, in any run:', '');
  for (const [type, ids] of failed) if (ids.length > 0) lines.push(`- ${type}: ${ids.join(', ')}`);
}
mkdirSync('bench-results', { recursive: true });
// A run of some types only does not replace the full figures: lighthouse-pages-feedback-event.md and so on.
const out = `bench-results/lighthouse-pages${ONLY ? `-${[...ONLY].join('-')}` : ''}`;
writeFileSync(`${out}.md`, `${lines.join('\n')}\n`);
writeFileSync(`${out}.json`, `${JSON.stringify({ lighthouse: LIGHTHOUSE, runs }, null, 2)}\n`);
console.log(`\n${lines.join('\n')}`);
