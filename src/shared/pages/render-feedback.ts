// The feedback page's body and its thank-you page, for render.ts (issue 33). The form is a plain POST to
// `…/r/<slug>/feedback` (no script): the rating is five radio buttons drawn as stars by CSS alone (outlined ☆ in
// the text colour, so they read on any background; the checked one and those before it are covered by a filled ★
// in the accent colour), then, as the owner chose, a comment box, an email field for a reply and one choice
// question. A honeypot field, hidden from people (off-screen, out of the tab order, not announced), catches bots
// that fill every input: public.submit_feedback drops what arrives with it filled.
//
// The field names and limits here are the form's contract with the handler (redirect-feedback.ts) and the database
// (public.submit_feedback): FEEDBACK_LIMITS.

import { html } from 'hono/html';
import type { FeedbackPage } from './schema.ts';

type Html = ReturnType<typeof html>;

/** The largest answers a visitor may send; the database caps them again. */
export const FEEDBACK_LIMITS = { comment: 1000, email: 254 } as const;

/** The honeypot's name: a field a person never sees, which naive bots fill. */
export const HONEYPOT_FIELD = 'website';

/** What the thank-you page says when the visitor's answer could not be stored. */
export type FeedbackOutcome = 'stored' | 'limited';

export const FEEDBACK_STYLE =
  'form{margin:1rem 0}fieldset{border:0;padding:0;margin:1.25rem 0}legend{font-weight:600;padding:0;margin-bottom:.5rem}' +
  '.stars{display:flex;flex-direction:row-reverse;justify-content:flex-end;gap:.25rem}.stars input{position:absolute;' +
  'opacity:0;width:1px;height:1px}.stars label{position:relative;font-size:2.4rem;line-height:1;cursor:pointer}' +
  '.stars input:checked~label::before,.stars label:hover::before,.stars label:hover~label::before{content:"★";' +
  'position:absolute;left:0;top:0;color:var(--accent)}' +
  '.stars input:focus-visible+label{outline:2px solid var(--accent);outline-offset:2px}' +
  '.choice label{display:block;padding:.35rem 0}textarea,input[type=email]{width:100%;font:inherit;padding:.6rem;' +
  'border:1px solid rgba(127,127,127,.6);border-radius:.4rem;background:transparent;color:inherit}' +
  'label.field{display:block;font-weight:600;margin:1rem 0 .35rem}button{width:100%;border:0;cursor:pointer;font:inherit}' +
  '.trap{position:absolute;left:-100vw;width:1px;height:1px;overflow:hidden}';

const STARS = [5, 4, 3, 2, 1] as const;

export function feedbackBody(page: FeedbackPage, action: string): Html {
  // In reverse order so that CSS's "following siblings" fill the stars before the checked one (flex row-reverse
  // shows them 1 to 5); each label names its value for screen readers.
  const stars = STARS.map(
    (n) =>
      html`<input type="radio" id="r${n}" name="rating" value="${n}" required /><label
          for="r${n}"
          aria-label="${n} star${n > 1 ? 's' : ''}"
          >☆</label
        >`,
  );
  const choice = page.choice;
  return html`<h1>${page.title}</h1>
    ${page.intro ? html`<p class="note">${page.intro}</p>` : ''}
    <form method="post" action="${action}">
      <fieldset>
        <legend>${page.ratingQuestion}</legend>
        <div class="stars">${stars}</div>
      </fieldset>
      ${
        choice
          ? html`<fieldset class="choice">
              <legend>${choice.question}</legend>
              ${choice.options.map(
                (option, i) => html`<label><input type="radio" name="choice" value="${i}" /> ${option}</label>`,
              )}
            </fieldset>`
          : ''
      }
      ${
        page.askComment
          ? html`<label class="field" for="comment">Comment (optional)</label>
              <textarea id="comment" name="comment" rows="4" maxlength="${FEEDBACK_LIMITS.comment}"></textarea>`
          : ''
      }
      ${
        page.askEmail
          ? html`<label class="field" for="email">Your email, if you would like a reply (optional)</label>
              <input id="email" name="email" type="email" maxlength="${FEEDBACK_LIMITS.email}" autocomplete="email" />`
          : ''
      }
      <div class="trap" aria-hidden="true">
        <label for="${HONEYPOT_FIELD}">Leave this empty</label>
        <input id="${HONEYPOT_FIELD}" name="${HONEYPOT_FIELD}" tabindex="-1" autocomplete="off" />
      </div>
      <button class="button" type="submit">Send feedback</button>
    </form>`;
}

/** The page after a submission: thanks (the owner's message, or ours), or "too many" when the visitor was limited. */
export function feedbackThanksBody(page: FeedbackPage, outcome: FeedbackOutcome, back: string): Html {
  if (outcome === 'limited') {
    return html`<h1>${page.title}</h1>
      <p role="status"><strong>You have sent several answers already.</strong></p>
      <p>Thank you! Please try again later.</p>
      <a class="button outline" href="${back}">Back</a>`;
  }
  return html`<h1>Thank you!</h1>
    <p role="status" class="note">${page.thanks ?? 'Your feedback has been sent.'}</p>
    <a class="button outline" href="${back}">Back to ${page.title}</a>`;
}
