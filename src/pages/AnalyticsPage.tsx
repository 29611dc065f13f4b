import { usePageHead } from '../components/usePageHead.ts';
import { AnalyticsPreview } from '../features/marketing/AnalyticsPreview.tsx';
import { PageBody, PageHero } from '../features/marketing/PageHero.tsx';
import { SiteLayout } from '../features/site/SiteLayout.tsx';

/** `/analytics`: the analytics dashboard picture (geographic, device, time-based). */
export function AnalyticsPage() {
  usePageHead('/analytics');
  return (
    <SiteLayout>
      <PageHero
        eyebrow="Analytics dashboard"
        title="Track and analyze QR code performance"
        lead="Real-time analytics by location, device, operating system and time: geographic tracking, device analytics and time-based insights in one dashboard."
      />
      <PageBody>
        <AnalyticsPreview />
      </PageBody>
    </SiteLayout>
  );
}
