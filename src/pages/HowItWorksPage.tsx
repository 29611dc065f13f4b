import { usePageHead } from '../components/usePageHead.ts';
import { PageBody, PageHero } from '../features/marketing/PageHero.tsx';
import { StepList } from '../features/marketing/StepList.tsx';
import { SiteLayout } from '../features/site/SiteLayout.tsx';

/** `/how-it-works`: three steps. */
export function HowItWorksPage() {
  usePageHead('/how-it-works');
  return (
    <SiteLayout>
      <PageHero
        eyebrow="How it works"
        title="How QRCraft works"
        lead="From idea to a tracked QR code in three steps."
      />
      <PageBody>
        <StepList headingLevel="h2" />
      </PageBody>
    </SiteLayout>
  );
}
