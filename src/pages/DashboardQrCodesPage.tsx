import { usePageHead } from '../components/usePageHead.ts';
import { CodesList } from '../features/codes/CodesList.tsx';

/** `/dashboard/qr-codes`: the user's saved codes. */
export function DashboardQrCodesPage() {
  usePageHead('/dashboard/qr-codes');
  return <CodesList />;
}
