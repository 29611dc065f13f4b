import { usePageHead } from '../components/usePageHead.ts';
import { PageBody, PageHero } from '../features/marketing/PageHero.tsx';
import { TestimonialList } from '../features/marketing/TestimonialList.tsx';
import { SiteLayout } from '../features/site/SiteLayout.tsx';

/** `/testimonials`: three customer quotes with a five-star rating. */
export function TestimonialsPage() {
  usePageHead('/testimonials');
  return (
    <SiteLayout>
      <PageHero
        eyebrow="Testimonials"
        title="What our customers say"
        lead="Restaurants, retailers and designers use QRCraft every day."
      />
      <PageBody>
        <TestimonialList headingLevel="h2" />
      </PageBody>
    </SiteLayout>
  );
}
