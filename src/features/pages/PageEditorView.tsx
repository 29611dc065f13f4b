import { Button, Spinner, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { FormError } from '../../components/FormError.tsx';
import { toDataError } from '../../lib/dataError.ts';
import { useLatestLoad } from '../../lib/useLatestLoad.ts';
import { hostedPageSchema } from '../../shared/pages/schema.ts';
import { getCode } from '../codes/codesApi.ts';
import { codesVersionAtom } from '../codes/codesAtoms.ts';
import { HOSTED_PAGE_TYPES, isHostedType } from '../codes/codesConfig.ts';
import { PageEditor } from './PageEditor.tsx';
import { blankValues, toValues } from './pageValues.ts';

/** /dashboard/pages/new/:type: a new page of a hosted type (an unknown type gets a way back). */
export function NewPageView({ type }: { type: string | undefined }) {
  if (!type || !isHostedType(type)) {
    return (
      <Stack gap="3" align="start">
        <Text>There is no hosted page of this type.</Text>
        <Button asChild variant="outline" size="sm">
          <RouterLink to="/create">Back to the generator</RouterLink>
        </Button>
      </Stack>
    );
  }
  return <PageEditor key={type} qrType={type} initial={blankValues(HOSTED_PAGE_TYPES[type])} code={null} />;
}

/**
 * /dashboard/pages/:id: a saved code's page, loaded again after every change to the user's codes (a save here, a
 * pause in another tab's list), so the bar above the form shows the code as it is stored.
 */
export function EditPageView({ id }: { id: string }) {
  const version = useAtomValue(codesVersionAtom);
  const { state, latest, retry } = useLatestLoad(`${id}#${version}`, (signal) => getCode(id, signal));
  // While a save's reload runs, the editor stays (with the focus and what was typed); only the first load waits.
  const shown = state.status === 'ready' || state.status === 'error' ? state : latest;
  if (shown === null) return <Spinner aria-label="Loading the page" />;
  if (shown.status === 'error')
    return (
      <Stack gap="3" align="start">
        <FormError error={toDataError(shown.error)} />
        <Button size="sm" variant="outline" onClick={retry}>
          Try again
        </Button>
      </Stack>
    );
  const code = shown.data;
  const page = hostedPageSchema.safeParse(code.page);
  if (!page.success || !isHostedType(code.type)) {
    return (
      <Stack gap="3" align="start">
        <Text>“{code.name}” has no hosted page: its short URL redirects. Change it in My QR Codes.</Text>
        <Button asChild variant="outline" size="sm">
          <RouterLink to="/dashboard/qr-codes">My QR Codes</RouterLink>
        </Button>
      </Stack>
    );
  }
  // Keyed by the code: a new save reloads the code, and the form keeps what the user typed (same key).
  return <PageEditor key={code.id} qrType={code.type} initial={toValues(page.data)} code={code} />;
}
