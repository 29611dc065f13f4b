// A feedback page's form, posted to …/r/<slug>/feedback (issue 33). The page's gates have already let the visitor
// through (answerRuled): a paused page takes no answers. The body is read up to FEEDBACK_FORM_BYTES and handed to
// the database (RedirectDeps.submitFeedback → public.submit_feedback), which checks every field again, applies the
// rate limits and drops what fills the honeypot. The visitor is sent on with a 303 to …/r/<slug>/thanks (a reload
// of the thank-you page never posts twice); a limited visitor to …/thanks?limited. Nothing the visitor sent is ever
// written into a page.
import { renderFeedbackThanks } from '../pages/render.ts';
import { FEEDBACK_LIMITS, HONEYPOT_FIELD } from '../pages/render-feedback.ts';
import type { FeedbackPage } from '../pages/schema.ts';
import type { RedirectDeps } from './redirect-deps.ts';
import { readFormBody } from './redirect-form.ts';
import { hostedPageResponse, notFoundPage, page, redirectTo } from './redirect-pages.ts';

/**
 * The largest form body read: a comment of 1,000 characters of up to 4 UTF-8 bytes, percent-encoded (3 characters a
 * byte), plus the short fields. Anything longer is refused without being stored.
 */
const FEEDBACK_FORM_BYTES = 16 * 1024;

/** A whole number in [min, max] as typed in a form, or null (absent or anything else). */
function intField(form: URLSearchParams, name: string, min: number, max: number): number | null {
  const raw = form.get(name);
  if (raw === null || !/^[0-9]{1,2}$/.test(raw)) return null;
  const n = Number(raw);
  return n >= min && n <= max ? n : null;
}

const checkAnswer = () =>
  page(
    400,
    'Please check your answer',
    '<p>Choose a rating from 1 to 5 stars, and keep a comment under ' +
      `${FEEDBACK_LIMITS.comment.toLocaleString('en')} characters and the email address a real one.</p>` +
      '<p>Go back to the form and send it again.</p>',
  );

export async function submitFeedback(
  deps: Pick<RedirectDeps, 'submitFeedback'>,
  request: Request,
  codeId: string,
  visitor: string | null,
  base: string,
): Promise<Response> {
  const form = await readFormBody(request, FEEDBACK_FORM_BYTES);
  if (form === null) return checkAnswer();
  const text = (name: string, max: number) => {
    const value = form.get(name);
    // By code points (as the database counts), never cutting a character in two.
    return value === null || value === '' ? null : [...value].slice(0, max + 1).join('');
  };
  // One character over the limit is enough for the database to refuse it.
  const comment = text('comment', FEEDBACK_LIMITS.comment);
  const email = text('email', FEEDBACK_LIMITS.email);
  // A NUL (%00) cannot be stored as text at all: refused here, as the database refuses other control characters.
  if (comment?.includes('\u0000') || email?.includes('\u0000')) return checkAnswer();
  const result = await deps.submitFeedback({
    codeId,
    visitor,
    rating: intField(form, 'rating', 1, 5),
    choice: intField(form, 'choice', 0, 5),
    comment,
    email,
    honeypot: text(HONEYPOT_FIELD, 200)?.replaceAll('\u0000', '') ?? null,
  });
  switch (result) {
    case 'stored':
    case 'spam':
      return redirectTo(`${base}/thanks`, 303);
    case 'limited':
      return redirectTo(`${base}/thanks?limited`, 303);
    case 'invalid':
      return checkAnswer();
    case 'gone':
      // The page changed or stopped between the lookup and the answer.
      return notFoundPage();
  }
}

/** The thank-you page (…/thanks), or the "try later" one (…/thanks?limited). */
export async function feedbackThanks(feedback: FeedbackPage, url: URL, base: string): Promise<Response> {
  const outcome = url.searchParams.has('limited') ? 'limited' : 'stored';
  return hostedPageResponse(await renderFeedbackThanks(feedback, outcome, base));
}
