import { usePageHead } from '../components/usePageHead.ts';
import { LandingPage } from '../features/marketing/LandingPage.tsx';
import { SiteLayout } from '../features/site/SiteLayout.tsx';

/** `/`: the landing page. */
export function HomePage() {
  usePageHead('/');
  return (
    <SiteLayout>
      <LandingPage />
    </SiteLayout>
  );
}
