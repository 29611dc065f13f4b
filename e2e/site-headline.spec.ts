import { expect, test } from './fixtures/test.ts';
import { pauseClock } from './fixtures/site.ts';

const START = new Date('2024-05-01T10:00:00Z');

test('the headline suffix rotates every 9000 ms with a 300 ms fade', async ({ page }) => {
  await page.clock.install({ time: START });
  await page.goto('/');
  const suffix = page.getByTestId('headline-suffix');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create QR Codes In Seconds');
  await pauseClock(page);
  await expect(suffix).toHaveCSS('transition', /opacity 0\.3s/);

  // The rotation timer started at mount, before the pause: find its phase by stepping to the first fade-out
  // (the suffix's target opacity turns 0), then the text changes 300 ms later.
  let waited = 0;
  while (!/opacity: 0/.test((await suffix.getAttribute('style')) ?? '') && waited < 9_500) {
    await page.clock.runFor(50);
    waited += 50;
  }
  expect(waited).toBeLessThan(9_500);
  await expect(suffix).toHaveText('In Seconds');
  await page.clock.runFor(300);
  await expect(suffix).toHaveText('That You Can Track');
  await expect(suffix).toHaveCSS('opacity', '1');

  // From here on: exactly one change per 9000 ms.
  await page.clock.runFor(8_900);
  await expect(suffix).toHaveText('That You Can Track');
  await page.clock.runFor(200);
  await expect(suffix).toHaveText('That Convert');
  await page.clock.runFor(9_000);
  await expect(suffix).toHaveText('In Seconds');
});

test.describe('reduced motion', () => {
  test.use({ reducedMotion: 'reduce' });

  test('the suffix still rotates every 9000 ms, without a fade', async ({ page }) => {
    await page.clock.install({ time: START });
    await page.goto('/');
    const suffix = page.getByTestId('headline-suffix');
    await expect(suffix).toHaveText('In Seconds');
    await pauseClock(page);
    await expect(suffix).toHaveCSS('transition', /none|all 0s/);
    let waited = 0;
    while ((await suffix.textContent()) === 'In Seconds' && waited < 9_500) {
      await page.clock.runFor(100);
      waited += 100;
      // Never faded out on the way.
      expect(await suffix.getAttribute('style')).toMatch(/opacity: 1/);
    }
    await expect(suffix).toHaveText('That You Can Track');
    await page.clock.runFor(8_900);
    await expect(suffix).toHaveText('That You Can Track');
    await page.clock.runFor(100);
    await expect(suffix).toHaveText('That Convert');
  });
});
