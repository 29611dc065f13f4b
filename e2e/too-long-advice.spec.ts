// Issue 35, part 2: the advice for content that does not fit is the encoder's true figures, shown once, and never
// offers a level that cannot hold the content. (Part 1, a 200,000-character paste that never blocks the page, is
// not done: such a paste still freezes the tab, so this spec pastes a text that is too long at every level but
// short enough not to.)
import { DataTooLongError, encodeText } from '../src/encoder/index.ts';
import { expect, test } from './fixtures/test.ts';
import { chooseType } from './fixtures/generator.ts';

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
