// The event page's body, for render.ts (issue 33): title, image, when (in the event's time zone, written by the
// server, so the page reads the same without JavaScript), where (with a plain map link), the description and
// organiser, then "Add to calendar" (the .ics: ics.ts) and Google and Outlook calendar links.
//
// The visitor's own time zone is only known to their browser. One small inline script (the only one on any hosted
// page, allowed by its hash in the page's Content-Security-Policy: EVENT_SCRIPT_CSP) writes the times in it under
// the event's, when the two zones differ. Without JavaScript that line stays hidden and nothing else changes.

import { html, raw } from 'hono/html';
import { googleCalendarUrl, outlookCalendarUrl } from './ics.ts';
import type { EventPage } from './schema.ts';
import type { PictureSrc } from './render-pictures.ts';

type Html = ReturnType<typeof html>;

export const EVENT_STYLE = '.when{font-size:1.1rem;font-weight:600}.hero{width:100%;margin:0 0 1rem}';

/**
 * Fills `#yours` with the event's times in the browser's zone, if that is not the event's own. The same words as
 * the server's line (formatRange, full date and short time), in the browser's language.
 */
export const EVENT_SCRIPT =
  "(function(){var p=document.getElementById('yours');if(!p)return;var z=Intl.DateTimeFormat().resolvedOptions().timeZone;" +
  "if(!z||z===p.getAttribute('data-zone'))return;var t=p.getElementsByTagName('time');" +
  "var f=new Intl.DateTimeFormat(undefined,{dateStyle:'full',timeStyle:'short'});" +
  "t[0].textContent=f.formatRange(new Date(t[0].getAttribute('datetime')),new Date(t[1].getAttribute('datetime')));" +
  "p.getElementsByTagName('span')[0].textContent=z;p.hidden=false})()";

/** The script's hash for the page's Content-Security-Policy (checked against EVENT_SCRIPT by a unit test). */
export const EVENT_SCRIPT_HASH = 'sha256-ncm92n8bsoyw5e9csjs8cFlFLEmZwPAYpkZeGkFivSE=';

/** "Saturday 28 March 2026, 19:00–23:00" in `timeZone`. */
export function eventWhen(page: EventPage, timeZone: string): string {
  const f = new Intl.DateTimeFormat('en-GB', { dateStyle: 'full', timeStyle: 'short', timeZone });
  return f.formatRange(new Date(page.start), new Date(page.end));
}

/** A plain link to a map search for the place (no embedded map, no script). */
export function mapUrl(place: string): string {
  return `https://www.openstreetmap.org/search?query=${encodeURIComponent(place)}`;
}

export function eventBody(page: EventPage, icsHref: string, src: PictureSrc): Html {
  const image = page.image;
  return html`${
      image
        ? html`<img
            class="hero"
            src="${src(image.path)}"
            width="${image.width}"
            height="${image.height}"
            alt="${page.title}"
            decoding="async"
          />`
        : ''
    }
    <h1>${page.title}</h1>
    <p class="when">${eventWhen(page, page.timeZone)}</p>
    <p class="muted">${page.timeZone}</p>
    <p id="yours" data-zone="${page.timeZone}" hidden>
      In your time zone (<span></span>): <time datetime="${page.start}"></time><time datetime="${page.end}"></time>
    </p>
    ${page.place ? html`<p><a href="${mapUrl(page.place)}">${page.place}</a></p>` : ''}
    ${page.description ? html`<p class="note">${page.description}</p>` : ''}
    ${page.organiser ? html`<p class="muted">Organised by ${page.organiser}</p>` : ''}
    <a class="button" href="${icsHref}" download>Add to calendar</a>
    <a class="button outline" href="${googleCalendarUrl(page)}">Google Calendar</a>
    <a class="button outline" href="${outlookCalendarUrl(page)}">Outlook Calendar</a>
    ${page.url ? html`<a class="button outline" href="${page.url}">Event website</a>` : ''}
    ${raw(`<script>${EVENT_SCRIPT}</script>`)}`;
}
