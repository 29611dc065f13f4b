/** A short human name for what a QR code holds, for SVG <title> and PDF/EPS title metadata. */
export function describeContent(content: string): string {
  const c = content.trim();
  const kind = /^https?:\/\//i.test(c)
    ? 'URL'
    : /^BEGIN:VCARD/i.test(c)
      ? 'vCard'
      : /^BEGIN:VEVENT|^BEGIN:VCALENDAR/i.test(c)
        ? 'Event'
        : /^WIFI:/i.test(c)
          ? 'Wi-Fi'
          : /^mailto:|^MATMSG:/i.test(c)
            ? 'Email'
            : /^SMSTO:|^sms:/i.test(c)
              ? 'SMS'
              : /^tel:/i.test(c)
                ? 'Phone'
                : /^geo:/i.test(c)
                  ? 'Location'
                  : 'Text';
  const first = c.split(/\r?\n/)[0];
  const short = first.length > 60 ? first.slice(0, 57) + '...' : first;
  return kind === 'URL' || kind === 'Text' ? `QR code: ${kind} ${short}` : `QR code: ${kind}`;
}
