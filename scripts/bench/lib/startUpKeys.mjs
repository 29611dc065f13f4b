// @ts-check
/* global window, document */ // page callbacks run in the browser
// Typing through start-up (issue 35, part 4): a visitor's first keystroke must never be lost and never wait for
// more than one task of 50 ms. From the moment the prerendered field is on screen, one key every KEY_EVERY_MS (or
// as soon as the page has taken the previous one, when it is busy) until KEEP_TYPING_MS after the app mounted;
// each key's wait is from the browser receiving it (the keydown's timeStamp) to the page handling its input event.
// Then the field's text and the app's stored draft are compared with what was typed.

const KEY_EVERY_MS = 10;
const KEEP_TYPING_MS = 1000;
/** The generator's draft is written to storage this long after the last change (src/features/generator). */
const DRAFT_SETTLE_MS = 1500;
/** Each page's content field and the key its draft is stored under. */
const FIELDS = /** @type {Record<string, { field: string, draftKey: string }>} */ ({
  '/': { field: '#root input[type="url"]', draftKey: 'qrcraft.draft.landing' },
  '/create': { field: '#root input[type="url"]', draftKey: 'qrcraft.draft.create' },
});

/** @typedef {typeof window & { __keyWaits: [at: number, wait: number][] }} KeyRecorder */

/** In the page, before any of its scripts: the wait of each key, from its keydown to its input event. */
function recordKeyWaits() {
  const rec = /** @type {KeyRecorder} */ (window);
  rec.__keyWaits = [];
  /** @type {number | null} */
  let down = null;
  document.addEventListener('keydown', (e) => (down = e.timeStamp), true);
  document.addEventListener(
    'input',
    () => {
      if (down === null) return;
      rec.__keyWaits.push([down, performance.now() - down]);
      down = null;
    },
    true,
  );
}

/** Whether `path` has a field this check knows. */
export const typedPaths = (/** @type {string} */ path) => path in FIELDS;

/**
 * One page load with typing through its start-up, the CPU slowed down `slowdown` times.
 * @param {import('@playwright/test').Browser} browser
 * @param {string} base
 * @param {string} path
 * @param {number} slowdown
 */
export async function typeThroughStartUp(browser, base, path, slowdown) {
  const known = FIELDS[path];
  if (!known) throw new Error(`no content field known for ${path}`);
  const { field, draftKey } = known;
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 2 });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
  await page.addInitScript(recordKeyWaits);
  await page.goto(`${base}${path}`, { waitUntil: 'commit' });
  const input = page.locator(field).first();
  await input.waitFor({ state: 'visible', timeout: 60_000 });
  await input.focus();
  const alphabet = 'abcdefghijklmnopqrstuvwxyz';
  let typed = 'https://';
  await page.keyboard.insertText(typed);
  /** @type {number | null} */
  let mountedAt = null;
  void page
    .waitForSelector('#root[data-mounted]', { state: 'attached', timeout: 60_000 })
    .then(() => (mountedAt = Date.now()))
    .catch(() => {});
  for (let i = 0; mountedAt === null || Date.now() - mountedAt < KEEP_TYPING_MS; i++) {
    const key = alphabet[i % alphabet.length] ?? 'a';
    const sent = Date.now();
    await page.keyboard.type(key);
    typed += key;
    const wait = KEY_EVERY_MS - (Date.now() - sent);
    if (wait > 0) await page.waitForTimeout(wait);
  }
  await page.waitForTimeout(DRAFT_SETTLE_MS);
  const r = await page.evaluate(
    ({ sel, key }) => {
      const el = /** @type {HTMLInputElement | null} */ (document.querySelector(sel));
      const mounted = performance.getEntriesByName('qrcraft:app-mounted')[0]?.startTime ?? NaN;
      /** @type {{ values?: { url?: string } } | null} */
      const draft = JSON.parse(localStorage.getItem(key) ?? 'null');
      return {
        field: el?.value ?? '',
        draft: draft?.values?.url ?? '',
        mounted,
        waits: /** @type {KeyRecorder} */ (window).__keyWaits,
      };
    },
    { sel: field, key: draftKey },
  );
  await context.close();
  // The first keys land before any script of the page has run; those up to the mount are the ones at risk.
  const beforeMount = r.waits.filter(([at]) => at <= r.mounted);
  const worst = (/** @type {[number, number][]} */ ws) => ws.reduce((m, [, w]) => Math.max(m, w), 0);
  return {
    keys: r.waits.length,
    keysBeforeMount: beforeMount.length,
    worstWait: worst(r.waits),
    worstWaitBeforeMount: worst(beforeMount),
    over50: r.waits.filter(([, w]) => w > 50).length,
    fieldKept: r.field === typed,
    draftKept: r.draft === typed,
  };
}
