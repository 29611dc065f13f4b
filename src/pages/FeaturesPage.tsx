import { usePageHead } from '../components/usePageHead.ts';
import { FeatureGrid } from '../features/marketing/FeatureGrid.tsx';
import { PageBody, PageHero } from '../features/marketing/PageHero.tsx';
import { SiteLayout } from '../features/site/SiteLayout.tsx';

/** `/features`: six feature cards. */
export function FeaturesPage() {
  usePageHead('/features');
  return (
    <SiteLayout>
      <PageHero
        eyebrow="Features"
        title="Everything you need to create, customize and track QR codes"
        lead="Simple, powerful, and free to start: from your first static code to tracked campaigns."
      />
      <PageBody>
        <FeatureGrid headingLevel="h2" />
      </PageBody>
    </SiteLayout>
  );
}
