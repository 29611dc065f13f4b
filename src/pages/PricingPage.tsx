import { usePageHead } from '../components/usePageHead.ts';
import { PageBody, PageHero } from '../features/marketing/PageHero.tsx';
import { PlanGrid } from '../features/marketing/PlanGrid.tsx';
import { SiteLayout } from '../features/site/SiteLayout.tsx';

/** `/pricing`: three plans. */
export function PricingPage() {
  usePageHead('/pricing');
  return (
    <SiteLayout>
      <PageHero
        eyebrow="Pricing"
        title="Simple, transparent pricing"
        lead="Start free, upgrade when you need unlimited codes, advanced analytics and your own branding."
      />
      <PageBody>
        <PlanGrid headingLevel="h2" />
      </PageBody>
    </SiteLayout>
  );
}
