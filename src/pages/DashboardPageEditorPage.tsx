import { useParams } from 'react-router-dom';
import { Stack } from '@chakra-ui/react';
import { usePageHead } from '../components/usePageHead.ts';
import { DashboardPageHeader } from '../components/DashboardPageHeader.tsx';
import { EditPageView, NewPageView } from '../features/pages/PageEditorView.tsx';

/** `/dashboard/pages/new/:type` and `/dashboard/pages/:id`: a hosted page's editor (issue 32). */
export function DashboardPageEditorPage() {
  usePageHead('/dashboard/pages');
  const { type, id } = useParams();
  return (
    <Stack gap="6" maxW="7xl">
      <DashboardPageHeader
        title="Hosted page"
        lead="A page we host behind a dynamic code: edit it any time, the printed code stays the same."
      />
      {id ? <EditPageView id={id} /> : <NewPageView type={type} />}
    </Stack>
  );
}
