// The business page's body, for render.ts (issue 33): the cover, the name, "Open now · Closes at 18:00" (or when it
// opens next) at the time of the request in the business's zone, the description, the week's hours (today's row
// marked) and the coming exceptions, the address as a plain map link, phone, email, website and social links.
// No script and no embedded map: every action is a link.

import { html } from 'hono/html';
import { mapUrl } from './render-event.ts';
import type { PictureSrc } from './render-pictures.ts';
import { localDay, openingLine, openingState, WEEKDAY_NAMES } from './opening-hours.ts';
import { SOCIAL_NETWORK_NAMES, WEEKDAYS, type BusinessPage, type OpeningSlot } from './schema.ts';

type Html = ReturnType<typeof html>;

export const BUSINESS_STYLE =
  '.hero{width:100%;margin:0 0 1rem}.open{font-weight:700}.hours{width:100%;border-collapse:collapse}.hours th,.hours td{text-align:left;' +
  'padding:.3rem 0;border-bottom:1px solid rgba(127,127,127,.3);font-weight:400}.hours .today{font-weight:700}' +
  '.socials{display:flex;flex-wrap:wrap;gap:.5rem}.socials a{padding:.4rem .8rem;border:2px solid var(--accent);' +
  'border-radius:999px;text-decoration:none}';

const periods = (slots: OpeningSlot[]) =>
  slots.length ? slots.map((s) => `${s.opens}–${s.closes}`).join(', ') : 'Closed';

/** The coming exceptions (from today on), the nearest first, at most five. */
function upcoming(page: BusinessPage, today: string) {
  return [...(page.exceptions ?? [])]
    .filter((e) => e.date >= today)
    .sort((a, b) => (a.date < b.date ? -1 : 1))
    .slice(0, 5);
}

const longDate = (date: string) =>
  new Intl.DateTimeFormat('en-GB', { dateStyle: 'full', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));

export function businessBody(page: BusinessPage, now: Date, src: PictureSrc): Html {
  const today = localDay(now, page.timeZone);
  const line = openingLine(openingState(page, now));
  const a = page.address;
  const address = a
    ? [a.street, [a.postcode, a.city].filter(Boolean).join(' '), a.region, a.country].filter(Boolean).join(', ')
    : '';
  const cover = page.cover;
  const coming = upcoming(page, today.date);
  return html`${
      cover
        ? html`<img
            class="hero"
            src="${src(cover.path)}"
            width="${cover.width}"
            height="${cover.height}"
            alt="${page.name}"
            decoding="async"
          />`
        : ''
    }
    <h1>${page.name}</h1>
    <p role="status"><span class="open">${line.status}</span>${line.detail ? ` · ${line.detail}` : ''}</p>
    ${page.description ? html`<p class="note">${page.description}</p>` : ''}
    <h2>Opening hours</h2>
    <table class="hours">
      ${WEEKDAYS.map(
        (day, i) =>
          html`<tr${i === today.weekday ? html` class="today"` : ''}>
            <th scope="row">${WEEKDAY_NAMES[i]}</th>
            <td>${periods(page.hours[day] ?? [])}</td>
          </tr>`,
      )}
    </table>
    ${
      coming.length
        ? html`<h2>Special days</h2>
            <ul>
              ${coming.map(
                (e) => html`<li>${longDate(e.date)}${e.note ? html` (${e.note})` : ''}: ${periods(e.slots)}</li>`,
              )}
            </ul>`
        : ''
    }
    <p class="muted">Times in ${page.timeZone}</p>
    ${
      address
        ? html`<h2>Address</h2>
            <p><a href="${mapUrl(address)}">${address}</a></p>`
        : ''
    }
    ${page.phone ? html`<a class="button" href="tel:${page.phone.replace(/[^0-9+]/g, '')}">Call ${page.phone}</a>` : ''}
    ${page.email ? html`<a class="button outline" href="mailto:${page.email}">Email ${page.email}</a>` : ''}
    ${page.website ? html`<a class="button outline" href="${page.website}">Website</a>` : ''}
    ${
      page.socials?.length
        ? html`<nav aria-label="Social links" class="socials">
            ${page.socials.map((s) => html`<a href="${s.url}">${SOCIAL_NETWORK_NAMES[s.network]}</a>`)}
          </nav>`
        : ''
    }`;
}
