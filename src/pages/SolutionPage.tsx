import { useParams } from 'react-router-dom';
import { usePageHead } from '../components/usePageHead.ts';
import { findIndustry } from '../content/industries.ts';
import { IndustryPage } from '../features/marketing/IndustryPage.tsx';
import { SiteLayout } from '../features/site/SiteLayout.tsx';
import { NotFoundPage } from './NotFoundPage.tsx';

/** `/solutions/:slug`: an industry page; any slug not in the list is the 404 page. */
export function SolutionPage() {
  const { slug } = useParams();
  const industry = findIndustry(slug);
  if (!industry) return <NotFoundPage />;
  return <KnownSolutionPage key={industry.slug} slug={industry.slug} />;
}

function KnownSolutionPage({ slug }: { slug: string }) {
  const industry = findIndustry(slug)!;
  usePageHead(`/solutions/${industry.slug}`);
  return (
    <SiteLayout>
      <IndustryPage industry={industry} />
    </SiteLayout>
  );
}
