// Issue 35: the advice for content that does not fit is the encoder's true figures, shown once, and never offers a
// level that cannot hold the content (part 2); a 200,000-character paste is cut by the field to what it takes, says
// so, and leaves the page usable (part 1: how long the page is busy is measured by `npm run bench:typing`, not here).
import { DataTooLongError, encodeText } from '../src/encoder/index.ts';
import { expect, test } from './fixtures/test.ts';
import { chooseType } from './fixtures/generator.ts';
import { MAX_CONTENT_FIELD_CHARS } from '../src/features/generator/contentLimits.ts';
import { pasteCutNotice } from '../src/features/generator/pasteCutNotice.ts';

// About 6,700 UTF-8 bytes: over version 40's 2,953 at level L.
const PASTED = 'Grüße 東京 '.repeat(Math.ceil(4_000 / 9)).slice(0, 4_000);

/** What the encoder itself says of this content at level M (the generator's default). */
function encoderAdvice(text: string): string {
  try {
    encodeText(text, { ecl: 'M' });
  } catch (e) {
    if (e instanceof DataTooLongError) return e.advice;
    throw e;
  }
  throw new Error('expected the content not to fit');
}

test('content too long at every level gets the encoder’s advice, once, and no level that cannot help', async ({
  page,
}) => {
  await page.goto('/create');
  await chooseType(page, 'Text', true);
  const field = page.getByLabel(/^Text/);
  await field.click();
  // One editing command with the whole text, as a real paste.
  await page.evaluate((text) => document.execCommand('insertText', false, text), PASTED);
  await page.getByRole('button', { name: 'Generate QR Code' }).click();

  await expect(field).toHaveJSProperty('value', PASTED);
  const advice = page.getByRole('alert').filter({ hasText: /too long for a QR code/i });
  await expect(advice).toHaveText(encoderAdvice(PASTED));
  await expect(advice).toHaveCount(1);
  await expect(advice).not.toContainText('choose error level');
});

test('a real paste of 200,000 characters is cut to what the field takes, said once, and the page goes on', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/create');
  await chooseType(page, 'Text', true);
  const field = page.getByLabel(/^Text/);
  await field.click();
  const pasted = 'Grüße 東京 '.repeat(Math.ceil(200_000 / 9)).slice(0, 200_000);
  await page.evaluate((text) => navigator.clipboard.writeText(text), pasted);
  await page.keyboard.press('Control+V');

  const kept = pasted.slice(0, MAX_CONTENT_FIELD_CHARS);
  await expect(field).toHaveJSProperty('value', kept);
  await expect(page.getByRole('status').filter({ hasText: 'You pasted' })).toHaveText(
    pasteCutNotice(200_000, MAX_CONTENT_FIELD_CHARS),
  );
  await page.getByRole('button', { name: 'Generate QR Code' }).click();
  const advice = page.getByRole('alert').filter({ hasText: /too long for a QR code/i });
  await expect(advice).toHaveText(encoderAdvice(kept));
  await expect(advice).toHaveCount(1);
  // The page still answers: another control's click is handled (the type changes and the notice goes with it).
  await chooseType(page, 'Website', true);
  await expect(page.getByLabel(/^URL/).first()).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'You pasted' })).toHaveCount(0);
});
