// @ts-check
/* global window, document, requestAnimationFrame */ // page.evaluate callbacks run in the browser
// What pasting and typing cost the page's main thread (issue 35): one paste as a real paste does it (a single
// `insertText`), long tasks seen by a PerformanceObserver; and main-thread time per keystroke at a 4x CPU
// slowdown (Chrome's TaskDuration metric), each against a bare element on an empty page in the same run.

/** "Grüße 東京 " repeated: Latin with umlauts, CJK and spaces. */
export const mixedText = (/** @type {number} */ n) => 'Grüße 東京 '.repeat(Math.ceil(n / 9)).slice(0, n);
/** One line without spaces (a pasted token or URL). */
export const noSpaceText = (/** @type {number} */ n) => 'Grüße東京abc'.repeat(Math.ceil(n / 10)).slice(0, n);

/** Records long tasks from the page's start; `__longTasks` is reset by the measuring code. */
function recordLongTasks() {
  const rec = /** @type {any} */ (window);
  rec.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) rec.__longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
}

/**
 * The fields measured: how to reach each (on the app, or a bare element on an empty page).
 * @typedef {{ name: string, path: string | null, open?: (page: import('@playwright/test').Page) => Promise<void>,
 *   field: (page: import('@playwright/test').Page) => import('@playwright/test').Locator,
 *   advice?: (page: import('@playwright/test').Page) => import('@playwright/test').Locator }} FieldTarget
 */

/** @param {import('@playwright/test').Page} page @param {string} type */
async function pickType(page, type) {
  const group = page.getByRole('group', { name: 'QR code type' });
  const direct = group.getByRole('button', { name: type, exact: true });
  if (await direct.count()) await direct.click();
  else {
    await group.getByRole('button', { name: /More/ }).click();
    await page.getByRole('menuitem', { name: new RegExp(`^${type}`) }).click();
  }
}

const adviceOf = (/** @type {import('@playwright/test').Page} */ page) =>
  page
    .getByRole('alert')
    .filter({ hasText: /too long/i })
    .first();

/** @satisfies {Record<string, FieldTarget>} */
export const TARGETS = {
  bareTextarea: { name: 'bare <textarea>', path: null, field: (p) => p.locator('textarea:not([maxlength])') },
  bareTextareaCapped: {
    name: 'bare <textarea maxlength=10000>',
    path: null,
    field: (p) => p.locator('textarea[maxlength]'),
  },
  bareInput: { name: 'bare <input>', path: null, field: (p) => p.locator('input') },
  landingUrl: {
    name: '/ URL',
    path: '/',
    field: (p) => p.getByLabel(/^URL/).first(),
    advice: adviceOf,
  },
  createUrl: {
    name: '/create URL',
    path: '/create',
    field: (p) => p.getByLabel(/^URL/).first(),
    advice: adviceOf,
  },
  createText: {
    name: '/create Text',
    path: '/create',
    open: (p) => pickType(p, 'Text'),
    field: (p) => p.getByLabel(/^Text/),
    advice: adviceOf,
  },
  vcardName: {
    name: '/create vCard Full Name',
    path: '/create',
    open: (p) => pickType(p, 'vCard'),
    field: (p) => p.getByLabel(/^Full Name/),
    advice: adviceOf,
  },
  bulkPaste: {
    name: '/create/bulk paste box',
    path: '/create/bulk',
    field: (p) => p.getByLabel(/^Or paste rows/),
  },
};

/**
 * @param {import('@playwright/test').Browser} browser
 * @param {string} origin
 * @param {FieldTarget} target
 */
async function openTarget(browser, origin, target) {
  const page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
  await page.addInitScript(recordLongTasks);
  if (target.path === null) {
    await page.goto(`${origin}/robots.txt`).catch(() => {});
    await page.setContent(
      '<!doctype html><body><input style="width:40em"><textarea rows="5" cols="60"></textarea><textarea rows="5" cols="60" maxlength="10000"></textarea>',
    );
    await page.evaluate(recordLongTasks);
  } else {
    await page.goto(`${origin}${target.path}`);
    await page.waitForLoadState('networkidle');
  }
  if (target.open) await target.open(page);
  await target.field(page).click();
  await page.waitForTimeout(1000);
  return page;
}

const longest = (/** @type {{ duration: number }[]} */ t) => t.reduce((m, x) => Math.max(m, x.duration), 0);

/**
 * One paste of `text` into the target's field; waits for the field to hold it and (for a generator field) for the
 * capacity advice, then 1.5 s of quiet, and reports the long tasks from the paste on.
 * @param {import('@playwright/test').Browser} browser
 * @param {string} origin
 * @param {FieldTarget} target
 * @param {{ label: string, text: string }} paste
 * @param {number} capMs
 * @param {'clipboard' | 'insertText'} [via] a real paste (clipboard, Ctrl+V) or one insertText command
 */
export async function measurePaste(browser, origin, target, paste, capMs, via = 'clipboard') {
  const page = await openTarget(browser, origin, target);
  const field = target.field(page);
  await page.evaluate(() => {
    /** @type {any} */ (window).__longTasks = [];
  });
  const t0 = Date.now();
  let adviceMs = null;
  let adviceText = null;
  let finished = true;
  /** @type {{ insertMs: number, nextFrameMs: number } | null} */
  let timing = null;
  try {
    // In the page, as a real paste: one editing command inserting the whole text (CDP's Input.insertText is far
    // slower for long text than the browser's own paste, even into a bare element).
    if (via === 'clipboard') {
      // A real paste: the text on the clipboard, then Ctrl+V. insertMs: from the paste event (before the browser
      // inserts anything) to the end of that task; nextFrameMs: from there to the next frame.
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
      await page.evaluate((t) => navigator.clipboard.writeText(t), paste.text);
      await page.evaluate(() => {
        const rec = /** @type {any} */ (window);
        rec.__pasteTiming = new Promise((resolve) => {
          document.addEventListener(
            'paste',
            () => {
              const started = performance.now();
              setTimeout(() => {
                const inserted = performance.now();
                requestAnimationFrame(() =>
                  setTimeout(() =>
                    resolve({ insertMs: inserted - started, nextFrameMs: performance.now() - inserted }),
                  ),
                );
              });
            },
            { capture: true, once: true },
          );
        });
        rec.__longTasks = [];
      });
      await field.press('Control+V');
      timing = await page.evaluate(() => /** @type {any} */ (window).__pasteTiming);
    } else {
      // One editing command with the whole text, as the issue measured it. insertMs: the command's own time in the
      // page (a long-task observer does not see it on a bare page: the evaluation is not attributed to the page's
      // own script); nextFrameMs: from its end to the next frame, which lays the field out.
      timing = await page.evaluate(async (t) => {
        const started = performance.now();
        document.execCommand('insertText', false, t);
        const inserted = performance.now();
        await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
        return { insertMs: inserted - started, nextFrameMs: performance.now() - inserted };
      }, paste.text);
    }
    if (target.advice) {
      await target.advice(page).waitFor({ timeout: capMs });
      adviceMs = Date.now() - t0;
      adviceText = await target.advice(page).textContent();
    }
    await page.waitForTimeout(1500);
  } catch {
    finished = false;
  }
  let result;
  if (finished) {
    const shown = await field.evaluate((el) => /** @type {HTMLInputElement} */ (el).value.length);
    const tasks = /** @type {{ duration: number }[]} */ (
      await page.evaluate(() => /** @type {any} */ (window).__longTasks)
    );
    result = {
      field: target.name,
      paste: paste.label,
      characters: paste.text.length,
      via,
      fieldHolds: shown,
      insertMs: timing?.insertMs ?? null,
      nextFrameMs: timing?.nextFrameMs ?? null,
      adviceMs,
      advice: adviceText,
      longTasksOver50: tasks.filter((t) => t.duration > 50).length,
      longestTask: longest(tasks),
      longTaskTotal: tasks.reduce((s, t) => s + t.duration, 0),
    };
  } else {
    result = { field: target.name, paste: paste.label, characters: paste.text.length, didNotFinishWithinMs: capMs };
  }
  await page.close({ runBeforeUnload: false });
  return result;
}

/**
 * Main-thread time per keystroke at a 4x CPU slowdown: `keys` typed 120 ms apart into the target's field, then
 * 1.5 s for whatever the page schedules after typing (debounced work counts too); Chrome's TaskDuration over
 * the whole, divided by the number of keys.
 * @param {import('@playwright/test').Browser} browser
 * @param {string} origin
 * @param {FieldTarget} target
 * @param {string} keys
 */
export async function measureKeystrokes(browser, origin, target, keys) {
  const page = await openTarget(browser, origin, target);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const taskSeconds = async () =>
    (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0;
  // Warm-up: the first keystroke may load code (the capacity meter's chunk); steady typing is measured.
  await page.keyboard.type('h', { delay: 0 });
  await page.waitForTimeout(1500);
  const before = await taskSeconds();
  for (const key of keys) {
    await page.keyboard.type(key, { delay: 0 });
    await page.waitForTimeout(120);
  }
  await page.waitForTimeout(1500);
  const after = await taskSeconds();
  // The same keys again at full speed, with a trace: the main thread's CPU time (thread time), which a busy
  // machine inflates far less than TaskDuration's wall time (and Chromium's slowdown itself shows up in thread
  // time, so this pass is not slowed down).
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
  for (const key of keys) {
    await page.keyboard.type(key, { delay: 0 });
    await page.waitForTimeout(120);
  }
  await page.waitForTimeout(1500);
  const trace = JSON.parse((await browser.stopTracing()).toString());
  await page.close({ runBeforeUnload: false });
  return {
    field: target.name,
    keys: keys.length,
    msPerKey: ((after - before) * 1000) / keys.length,
    cpuMsPerKey: mainThreadCpuMs(trace.traceEvents) / keys.length,
  };
}

/**
 * The CPU time of the page's main thread's tasks in a trace (ms).
 * @param {{ name: string, ph: string, pid: number, tid: number, tdur?: number, args?: { name?: string } }[]} events
 */
function mainThreadCpuMs(events) {
  const main = events.find(
    (e) =>
      e.name === 'thread_name' &&
      e.args?.name === 'CrRendererMain' &&
      events.some((x) => x.pid === e.pid && x.tid === e.tid && x.name === 'RunTask'),
  );
  if (!main) return NaN;
  return (
    events
      .filter((e) => e.pid === main.pid && e.tid === main.tid && e.name === 'RunTask' && e.ph === 'X')
      .reduce((sum, e) => sum + (e.tdur ?? 0), 0) / 1000
  );
}
