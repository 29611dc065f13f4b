import { usePageTitle } from '../components/usePageTitle.ts';
import { LandingPage } from '../features/marketing/LandingPage.tsx';
import { SiteLayout } from '../features/site/SiteLayout.tsx';

/** `/`: the landing page. */
export function HomePage() {
  usePageTitle('Create, Customize and Track QR Codes');
  return (
    <SiteLayout>
      <LandingPage />
    </SiteLayout>
  );
}
