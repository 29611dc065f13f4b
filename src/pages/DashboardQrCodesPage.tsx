import { usePageTitle } from '../components/usePageTitle.ts';
import { CodesList } from '../features/codes/CodesList.tsx';

/** `/dashboard/qr-codes`: the user's saved codes. */
export function DashboardQrCodesPage() {
  usePageTitle('My QR Codes');
  return <CodesList />;
}
