import { usePageTitle } from '../components/usePageTitle.ts';
import { DashboardOverview } from '../features/dashboard/DashboardOverview.tsx';

/** `/dashboard`: overview with sample figures. */
export function DashboardPage() {
  usePageTitle('Dashboard');
  return <DashboardOverview />;
}
