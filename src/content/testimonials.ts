/** Static marketing testimonials, spec §3 ("Testimonial entry": content, author, role, company, rating). */
export interface Testimonial {
  content: string;
  author: string;
  role: string;
  company: string;
  rating: number;
}

export const TESTIMONIALS: readonly Testimonial[] = [
  {
    content:
      'We put dynamic QR codes on every table. When the menu changes we edit the destination and never reprint a thing.',
    author: 'Maria Lopez',
    role: 'Owner',
    company: 'Casa Verde Bistro',
    rating: 5,
  },
  {
    content:
      'The scan analytics show us which posters work, by city and by device. Our campaign budget finally follows the data.',
    author: 'James Carter',
    role: 'Marketing Director',
    company: 'Northline Retail',
    rating: 5,
  },
  {
    content:
      'Our codes carry our colours and logo, and they still scan first time. Exporting SVG for print takes seconds.',
    author: 'Aisha Rahman',
    role: 'Brand Designer',
    company: 'Studio Lumen',
    rating: 5,
  },
];
