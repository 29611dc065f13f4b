import { Stack } from '@chakra-ui/react';
import { DashboardPageHeader } from '../../components/DashboardPageHeader.tsx';
import { EditPageView, NewPageView } from './PageEditorView.tsx';

/**
 * The hosted page editor as a view of My QR Codes (`?new-hosted-page=<type>`, `?hosted-page=<code id>`), loaded on
 * use. A view rather than a route of its own: every route adds its entry and preload list to the app's entry
 * script, which the first paint of / and /create downloads (e2e/fixtures/budgets.ts).
 */
export default function HostedPageScreen({ id, type }: { id: string | null; type: string | null }) {
  return (
    <Stack gap="6" maxW="7xl">
      <DashboardPageHeader
        title="Hosted page"
        lead="A page we host behind a dynamic code: edit it any time, the printed code stays the same."
      />
      {id ? <EditPageView id={id} /> : <NewPageView type={type ?? undefined} />}
    </Stack>
  );
}
