// @ts-check
// Realistic hosted pages of the types without files, as an owner would fill them in (the same shapes as
// tests/unit/pages/samples.ts, which a benchmark cannot import): bench:lighthouse shows each, bench:redirect serves
// the menu (the largest, 9.4 KB of HTML).

export const SAMPLE_PAGES = {
  links: {
    v: 1,
    type: 'links',
    title: 'Café Lumière',
    bio: 'Fresh bread every morning.\nOpen daily from 7:00.',
    links: [
      { label: 'Order online', url: 'https://example.com/order' },
      { label: 'Instagram', url: 'https://instagram.com/cafelumiere' },
      { label: 'Call us', url: 'tel:+44 20 7946 0958' },
      { label: 'Email us', url: 'mailto:hello@example.com' },
    ],
    theme: { background: '#1a202c', accent: '#f6ad55' },
  },
  vcard: {
    v: 1,
    type: 'vcard',
    firstName: 'Zoë',
    lastName: "O'Brien-Müller",
    role: 'Head of Sales',
    company: 'Acme, Inc.; Europe',
    phones: [
      { label: 'Mobile', number: '+49 151 2345 6789' },
      { label: 'Work', number: '+49 (30) 123-456' },
    ],
    emails: ['zoe@example.com'],
    website: 'https://example.com/zoe',
    address: { street: 'Unter den Linden 1', city: 'Berlin', postcode: '10117', country: 'Germany' },
    note: 'Met at the trade fair;\ncall after 10:00, please.',
  },
  menu: {
    v: 1,
    type: 'menu',
    title: 'Trattoria da Marco',
    currency: 'EUR',
    locale: 'de-DE',
    hours: 'Tue–Sun 12:00–22:00',
    sections: ['Antipasti', 'Primi', 'Dolci'].map((name) => ({
      name,
      items: Array.from({ length: 8 }, (_, i) => ({
        name: `${name} ${i + 1}`,
        description: 'Seasonal, with olive oil from our own trees and basil from the garden.',
        price: 7.5 + i * 1.25,
        ...(i % 3 === 0 ? { tags: ['vegetarian', 'gluten-free'] } : {}),
      })),
    })),
  },
  coupon: {
    v: 1,
    type: 'coupon',
    headline: '20 % off your next visit',
    offer: 'On any order over 30 €.',
    code: 'SPRING-20',
    validFrom: '2026-03-01T00:00:00Z',
    validUntil: '2030-06-01T00:00:00Z',
    timeZone: 'Europe/Berlin',
    terms: 'One per customer.\nNot valid with other offers.',
    redeemUrl: 'https://example.com/redeem?c=SPRING-20',
  },
};
