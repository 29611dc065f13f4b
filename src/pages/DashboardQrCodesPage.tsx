import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Spinner } from '@chakra-ui/react';
import { usePageHead } from '../components/usePageHead.ts';
import { EDIT_PAGE_PARAM, NEW_PAGE_PARAM } from '../features/codes/codesConfig.ts';

// The list loads as a chunk of its own, like the editor: the route's entry in the app's entry script (which the
// first paint of / and /create downloads) then names this small module, not every file the two share
// (e2e/fixtures/budgets.ts).
const CodesList = lazy(() => import('../features/codes/CodesList.tsx').then((m) => ({ default: m.CodesList })));
// The hosted page editor (issue 32): its forms, the shared schema and the renderer load only when it is opened.
const HostedPageScreen = lazy(() => import('../features/pages/HostedPageScreen.tsx'));

/** `/dashboard/qr-codes`: the user's saved codes; with a hosted-page parameter, that page's editor. */
export function DashboardQrCodesPage() {
  usePageHead('/dashboard/qr-codes');
  const [params] = useSearchParams();
  const id = params.get(EDIT_PAGE_PARAM);
  const type = params.get(NEW_PAGE_PARAM);
  return (
    <Suspense fallback={<Spinner aria-label="Loading" />}>
      {id === null && type === null ? <CodesList /> : <HostedPageScreen key={id ?? type} id={id} type={type} />}
    </Suspense>
  );
}
