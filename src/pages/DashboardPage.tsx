import { usePageHead } from '../components/usePageHead.ts';
import { DashboardOverview } from '../features/dashboard/DashboardOverview.tsx';

/** `/dashboard`: overview with sample figures. */
export function DashboardPage() {
  usePageHead('/dashboard');
  return <DashboardOverview />;
}
