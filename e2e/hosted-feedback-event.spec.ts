// Feedback and Event pages in the app (issue 33). A signed-in user builds each in the editor (the live preview is
// the server's renderer), saves it as a dynamic code whose PNG decodes to its short URL, and a phone with JavaScript
// off opens that URL:
//   Feedback: the visitor rates, chooses, comments and leaves an email with the plain form, lands on the thank-you
//   page, and the answer shows in the code's analytics (figures and list) and in its CSV (read by papaparse).
//   Event: the times in the event's zone across the change to summer time, the .ics downloads and ical.js reads the
//   right instants, Google and Outlook links carry them; with JavaScript on in another zone, the page adds the
//   times in the visitor's zone.
import { readFile } from 'node:fs/promises';
import { devices } from '@playwright/test';
import ICAL from 'ical.js';
import Papa from 'papaparse';
import { expect, test } from './fixtures/test.ts';
import { expectToast, register } from './fixtures/auth.ts';
import { field, group, phoneContext, preview, saveNewPage } from './fixtures/hostedPages.ts';

test.use({ timezoneId: 'Europe/Berlin' });

test('Feedback and Event pages: built in the editor, answered and added to a calendar on a phone without JavaScript', async ({
  page,
  browser,
}) => {
  await register(page);
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
  const phone = await phoneContext(browser);
  const scan = await phone.newPage();

  // Feedback: the rating question is filled in already; the owner adds an email field and a choice question.
  await page.goto('/dashboard/qr-codes?new-hosted-page=feedback');
  await field(page, 'Title').fill('How was your visit?');
  await expect(field(page, 'Rating question')).toHaveValue('How would you rate us?');
  await page.getByText('An email address for a reply (optional for the visitor)').click();
  await field(group(page, 'Choice question (optional)'), 'Question').fill('What brought you here?');
  await field(group(page, 'Option 1'), 'Answer').fill('A friend');
  await field(group(page, 'Option 2'), 'Answer').fill('Passing by');
  await field(page, 'Thank-you message').fill('Thanks, see you soon!');
  // The frame is given the page again at each pause in typing: wait for the last one before looking inside it.
  const frame = page.locator('iframe[title="Preview of your page"]');
  await expect.poll(async () => (await frame.getAttribute('srcdoc')) ?? '').toContain('Passing by</label>');
  await expect(preview(page).getByRole('heading', { name: 'How was your visit?' })).toBeVisible();
  await expect(preview(page).getByRole('radio', { name: '4 stars' })).toBeVisible();
  await expect(preview(page).getByLabel('Your email, if you would like a reply (optional)')).toBeVisible();
  const feedbackUrl = await saveNewPage(page, 'Visit feedback');
  const codeId = new URL(page.url()).searchParams.get('hosted-page')!;

  await scan.goto(feedbackUrl);
  await expect(scan.getByRole('heading', { name: 'How was your visit?' })).toBeVisible();
  // A visitor taps the fourth star (the label: the radio itself is drawn by it).
  await scan.locator('label[for="r4"]').click();
  await expect(scan.getByRole('radio', { name: '4 stars' })).toBeChecked();
  await scan.getByRole('radio', { name: 'Passing by' }).check();
  await scan.getByLabel('Comment (optional)').fill('Friendly staff; the "coffee", too.\nCome back soon');
  await scan.getByLabel('Your email, if you would like a reply (optional)').fill('visitor@example.com');
  await scan.getByRole('button', { name: 'Send feedback' }).click();
  await expect(scan).toHaveURL(`${feedbackUrl}/thanks`);
  await expect(scan.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
  await expect(scan.getByText('Thanks, see you soon!')).toBeVisible();

  // The owner sees it in the code's analytics, and in the CSV.
  await page.goto(`/dashboard/analytics?code=${codeId}`);
  const section = page.getByRole('region', { name: 'Feedback' });
  await expect(section.getByText('1 answer · average rating 4.00 of 5')).toBeVisible();
  await expect(
    section.getByRole('table', { name: 'Answers by rating' }).getByRole('row', { name: '4 stars 1' }),
  ).toBeVisible();
  await expect(section.getByText('Chose: Passing by')).toBeVisible();
  await expect(section.getByText('Friendly staff; the "coffee", too.')).toBeVisible();
  await expect(section.getByRole('link', { name: 'visitor@example.com' })).toHaveAttribute(
    'href',
    'mailto:visitor@example.com',
  );
  const download = page.waitForEvent('download');
  await section.getByRole('button', { name: 'Export feedback CSV' }).click();
  await expectToast(page, 'Your CSV download has started', 'The file is saved by your browser as it arrives.');
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^qrcraft-feedback-[A-Za-z0-9_-]{8}\.csv$/);
  const csv = Papa.parse<Record<string, string>>(await readFile((await file.path())!, 'utf8'), {
    header: true,
    skipEmptyLines: true,
  });
  expect(csv.errors).toEqual([]);
  expect(csv.data.map(({ submitted_at: _, ...rest }) => rest)).toEqual([
    {
      rating: '4',
      choice: 'Passing by',
      // A form sends a textarea's line breaks as CR LF (the HTML standard's form encoding), stored as sent.
      comment: 'Friendly staff; the "coffee", too.\r\nCome back soon',
      email: 'visitor@example.com',
    },
  ]);

  // Event: 19:00 on 28 March 2026 to 03:30 on 29 March in Berlin, across the change to summer time.
  await page.goto('/dashboard/qr-codes?new-hosted-page=event');
  await field(page, 'Title').fill('Spring concert');
  await page.getByLabel('Time zone').selectOption('Europe/Berlin');
  await field(page, 'Starts').fill('2026-03-28T19:00');
  await field(page, 'Ends').fill('2026-03-29T03:30');
  await field(page, 'Place').fill('Philharmonie, Berlin');
  await field(page, 'Description').fill('Bach; Brahms, and a surprise');
  await field(page, 'Organiser').fill('Friends of Music');
  await expect(preview(page).getByRole('heading', { name: 'Spring concert' })).toBeVisible();
  const eventUrl = await saveNewPage(page, 'Concert');

  await scan.goto(eventUrl);
  await expect(scan.getByRole('heading', { name: 'Spring concert' })).toBeVisible();
  const berlin = new Intl.DateTimeFormat('en-GB', { dateStyle: 'full', timeStyle: 'short', timeZone: 'Europe/Berlin' });
  const when = berlin.formatRange(new Date('2026-03-28T18:00:00Z'), new Date('2026-03-29T01:30:00Z'));
  await expect(scan.getByText(when)).toBeVisible();
  await expect(scan.getByRole('link', { name: 'Philharmonie, Berlin' })).toHaveAttribute(
    'href',
    'https://www.openstreetmap.org/search?query=Philharmonie%2C%20Berlin',
  );
  const ics = new URL((await scan.getByRole('link', { name: 'Add to calendar' }).getAttribute('href'))!, eventUrl);
  const icsResponse = await phone.request.get(ics.href);
  expect(icsResponse.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  const vevent = new ICAL.Event(
    new ICAL.Component(ICAL.parse(await icsResponse.text()) as unknown[]).getFirstSubcomponent('vevent')!,
  );
  expect([vevent.summary, vevent.location, vevent.description]).toEqual([
    'Spring concert',
    'Philharmonie, Berlin',
    'Bach; Brahms, and a surprise\n\nOrganised by Friends of Music',
  ]);
  expect([vevent.startDate.toJSDate().toISOString(), vevent.endDate.toJSDate().toISOString()]).toEqual([
    '2026-03-28T18:00:00.000Z',
    '2026-03-29T01:30:00.000Z',
  ]);
  const google = new URL((await scan.getByRole('link', { name: 'Google Calendar' }).getAttribute('href'))!);
  expect(google.searchParams.get('dates')).toBe('20260328T180000Z/20260329T013000Z');
  const outlook = new URL((await scan.getByRole('link', { name: 'Outlook Calendar' }).getAttribute('href'))!);
  expect(outlook.searchParams.get('startdt')).toBe('2026-03-28T18:00:00Z');
  // Without JavaScript the visitor's own zone is not known: that line stays hidden.
  await expect(scan.getByText('In your time zone')).toBeHidden();
  await phone.close();

  // With JavaScript, in New York: the page adds the times there (the event's own line is unchanged).
  const { defaultBrowserType: _, ...pixel } = devices['Pixel 7'];
  const traveller = await browser.newContext({ ...pixel, timezoneId: 'America/New_York', locale: 'en-US' });
  const away = await traveller.newPage();
  await away.goto(eventUrl);
  await expect(away.getByText('In your time zone (America/New_York):')).toBeVisible();
  // 18:00Z and 01:30Z are 2:00 PM and 9:30 PM in New York (summer time there since 8 March), as the phone's own
  // Intl writes them (its ICU may space them differently from Node's).
  const local = away.locator('#yours time').first();
  await expect(local).toContainText('March 28, 2026');
  await expect(local).toHaveText(/2:00\s?(PM\s?)?–\s?9:30\s?PM/u);
  await expect(away.getByText(when)).toBeVisible();
  await traveller.close();
});

test('Business page: opening hours, special days, address and contacts, on a phone without JavaScript', async ({
  page,
  browser,
}) => {
  await register(page);
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
  await page.goto('/dashboard/qr-codes?new-hosted-page=business');
  await field(page, 'Business name').fill('Corner Bakery');
  await page.getByLabel('Time zone').selectOption('Europe/Berlin');
  // Monday to Friday start at 09:00-18:00; Monday gets a lunch break, Saturday its hours.
  await field(group(page, 'Monday, period 1'), 'Closes').fill('13:00');
  await page.getByRole('button', { name: 'Add opening hours (Monday)' }).click();
  await field(group(page, 'Monday, period 2'), 'Opens').fill('14:00');
  await page.getByRole('button', { name: 'Add opening hours (Saturday)' }).click();
  await field(group(page, 'Saturday, period 1'), 'Closes').fill('14:00');
  await page.getByRole('button', { name: 'Add special day' }).click();
  await field(group(page, 'Special day 1'), 'Date').fill('2030-12-25');
  await field(group(page, 'Special day 1'), 'Note').fill('Christmas Day');
  await field(page, 'Street').fill('Kastanienallee 12');
  await field(page, 'Postcode').fill('10435');
  await field(page, 'City').fill('Berlin');
  await field(page, 'Phone').fill('+49 30 1234 5678');
  await page.getByRole('button', { name: 'Add social link' }).click();
  await field(group(page, 'Social link 1'), 'Profile link').fill('https://instagram.com/cornerbakery');
  await expect(preview(page).getByRole('heading', { name: 'Corner Bakery' })).toBeVisible();
  const url = await saveNewPage(page, 'Bakery');

  const phone = await phoneContext(browser);
  const scan = await phone.newPage();
  await scan.goto(url);
  await expect(scan.getByRole('heading', { name: 'Corner Bakery' })).toBeVisible();
  await expect(scan.getByRole('status')).toHaveText(
    /^(Open now · Closes at \d\d:\d\d|Closed( · Opens (.+ )?at \d\d:\d\d)?)$/,
  );
  const hours = scan.getByRole('table');
  await expect(hours.getByRole('row', { name: 'Monday' })).toContainText('09:00–13:00, 14:00–18:00');
  await expect(hours.getByRole('row', { name: 'Saturday' })).toContainText('09:00–14:00');
  await expect(hours.getByRole('row', { name: 'Sunday' })).toContainText('Closed');
  await expect(scan.getByText('Wednesday, 25 December 2030 (Christmas Day): Closed')).toBeVisible();
  await expect(scan.getByRole('link', { name: 'Kastanienallee 12, 10435 Berlin' })).toHaveAttribute(
    'href',
    'https://www.openstreetmap.org/search?query=Kastanienallee%2012%2C%2010435%20Berlin',
  );
  await expect(scan.getByRole('link', { name: 'Call +49 30 1234 5678' })).toHaveAttribute('href', 'tel:+493012345678');
  await expect(scan.getByRole('link', { name: 'Instagram' })).toHaveAttribute(
    'href',
    'https://instagram.com/cornerbakery',
  );
  await phone.close();
});
