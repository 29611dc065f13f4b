/**
 * Typing through start-up (issue 35, part 4): a visitor who starts typing the moment the prerendered field shows,
 * and keeps typing while the app's scripts evaluate, hydrate and mount, loses no key. The CPU is slowed down 4x,
 * as Lighthouse's mobile preset assumes, so start-up lasts long enough for the keys to land in every phase of it.
 * Both the field and the app's state (the draft it stores) must hold every key. How long each key waits is
 * measured by `npm run bench:start-up`, not here: on a shared machine a time limit would be a coin toss.
 */
import { expect, test } from '@playwright/test';

/** Each page's content field and the key the generator stores its draft under (src/features/generator). */
const PAGES = [
  { path: '/create', draftKey: 'qrcraft.draft.create' },
  { path: '/', draftKey: 'qrcraft.draft.landing' },
];
const KEEP_TYPING_AFTER_MOUNT_MS = 500;

for (const { path, draftKey } of PAGES) {
  test(`keys typed on ${path} from its first paint until after the app has mounted are all kept`, async ({ page }) => {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(path, { waitUntil: 'commit' });
    const field = page.locator('#root input[type="url"]').first();
    await field.focus();
    let mountedAt: number | null = null;
    void page
      .waitForSelector('#root[data-mounted]', { state: 'attached', timeout: 60_000 })
      .then(() => (mountedAt = Date.now()))
      .catch(() => {});
    let typed = 'https://example.com/';
    await page.keyboard.insertText(typed);
    let before = 0;
    for (let i = 0; mountedAt === null || Date.now() - mountedAt < KEEP_TYPING_AFTER_MOUNT_MS; i++) {
      const key = String.fromCharCode(97 + (i % 26));
      await page.keyboard.type(key);
      typed += key;
      if (mountedAt === null) before += 1;
    }
    // Keys landed before the app ran and while it started, not only once it was there.
    expect(before, 'no key was typed before the app mounted').toBeGreaterThan(0);
    await expect(field).toHaveValue(typed);
    await expect
      .poll(() => page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null')?.values?.url, draftKey), {
        message: "the app's draft does not hold every typed key",
      })
      .toBe(typed);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  });
}
