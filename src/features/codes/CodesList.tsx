import { lazy, Suspense, useState, type FormEvent } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { useSetAtom } from 'jotai';
import {
  Box,
  Button,
  Center,
  Flex,
  Heading,
  HStack,
  Input,
  NativeSelect,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react';
import { FormError } from '../../components/FormError.tsx';
import { ListIcon } from '../../components/icons.tsx';
import { CreateCodeButton } from '../../components/CreateCodeButton.tsx';
import { DashboardPageHeader } from '../../components/DashboardPageHeader.tsx';
import { bumpCodesVersionAtom } from './codesAtoms.ts';
import type { SavedCode } from './codeModel.ts';
import { listCodes } from './codesApi.ts';
import { useToggleStatus } from './CodeActions.tsx';
import { CodeListRow } from './CodeListRow.tsx';
import { DeleteCodeDialog } from './DeleteCodeDialog.tsx';
import { EditCodeDialog } from './EditCodeDialog.tsx';
import { CODE_SORTS, isCodeSort, readListQuery, writeListQuery } from './listQuery.ts';
import { useCodesQuery } from './useCodesQuery.ts';
import { useEditCodeDialog } from './useEditCodeDialog.ts';

// Loaded when first opened: the rules' schema and evaluator are not part of the list's own load.
const ScanRulesDialog = lazy(() =>
  import('./scanRules/ScanRulesDialog.tsx').then((m) => ({ default: m.ScanRulesDialog })),
);

function EmptyList({ searching }: { searching: boolean }) {
  return (
    <Box
      textAlign="center"
      px="6"
      py="14"
      borderWidth="1px"
      borderStyle="dashed"
      borderColor="gray.300"
      rounded="xl"
      bg="white"
    >
      <Box display="inline-flex" p="4" rounded="full" bg="brand.50" color="brand.500" mb="4">
        <ListIcon size={28} />
      </Box>
      <Heading as="h2" fontSize="lg" color="gray.900">
        {searching ? 'No QR codes match your search' : 'No saved QR codes yet'}
      </Heading>
      <Text color="gray.700" mt="2" maxW="md" mx="auto">
        {searching
          ? 'Try another name, or clear the search.'
          : 'Create a code in the generator and choose Save: it is listed here, with downloads, editing and scan counts. Or load the sample data on the Dashboard.'}
      </Text>
      {!searching && (
        <Button asChild colorPalette="brand" mt="6">
          <RouterLink to="/create">Create QR Code</RouterLink>
        </Button>
      )}
    </Box>
  );
}

/** /dashboard/qr-codes: search, sort and pages in the URL; each row with download, edit, pause and delete. */
export function CodesList() {
  const [params, setParams] = useSearchParams();
  const query = readListQuery(params);
  const [draft, setDraft] = useState(query.search);
  // Back/forward changes the URL's search: the box follows it (state adjusted during render, no effect).
  const [shownSearch, setShownSearch] = useState(query.search);
  if (shownSearch !== query.search) {
    setShownSearch(query.search);
    setDraft(query.search);
  }
  const { edit, dialog: editDialog } = useEditCodeDialog();
  const [rulesFor, setRulesFor] = useState<SavedCode | null>(null);
  const [deleting, setDeleting] = useState<SavedCode | null>(null);
  const bump = useSetAtom(bumpCodesVersionAtom);
  const { toggle, busyId } = useToggleStatus();
  const result = useCodesQuery(JSON.stringify(query), (signal) => listCodes(query, signal));

  const go = (patch: Partial<typeof query>) => setParams(writeListQuery({ ...query, ...patch }));
  const onSearch = (e: FormEvent) => {
    e.preventDefault();
    go({ search: draft.trim(), page: 1 });
  };

  return (
    <Stack gap="6" maxW="6xl">
      <DashboardPageHeader
        title="My QR Codes"
        lead="All the QR codes you have saved, with their type, scans and status."
        actions={<CreateCodeButton />}
      />

      <Flex gap="3" wrap="wrap" align="flex-end">
        <form role="search" aria-label="QR codes" onSubmit={onSearch} style={{ flex: '1 1 16rem' }}>
          <HStack gap="2">
            <Input
              type="search"
              aria-label="Search by name"
              placeholder="Search by name"
              value={draft}
              onChange={(e) => setDraft(e.target.value)}
              bg="white"
            />
            <Button type="submit" variant="outline">
              Search
            </Button>
          </HStack>
        </form>
        <NativeSelect.Root w={{ base: 'full', sm: '14rem' }} bg="white">
          <NativeSelect.Field
            aria-label="Sort by"
            value={query.sort}
            onChange={(e) => isCodeSort(e.target.value) && go({ sort: e.target.value, page: 1 })}
          >
            {CODE_SORTS.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Flex>

      {result.status === 'loading' && (
        <Center py="14" gap="3" role="status">
          <Spinner color="brand.500" />
          <Text color="gray.700">Loading your QR codes…</Text>
        </Center>
      )}
      {result.status === 'error' && (
        <Stack gap="3" align="flex-start">
          <FormError error={result.error} />
          <Button variant="outline" onClick={result.retry}>
            Try again
          </Button>
        </Stack>
      )}
      {result.status === 'ready' && result.data.total === 0 && <EmptyList searching={query.search !== ''} />}
      {result.status === 'ready' && result.data.total > 0 && result.data.codes.length === 0 && (
        <Stack gap="3" align="flex-start">
          <Text color="gray.700">Page {query.page} is empty now.</Text>
          <Button variant="outline" onClick={() => go({ page: result.data.pageCount })}>
            Go to page {result.data.pageCount}
          </Button>
        </Stack>
      )}
      {result.status === 'ready' && result.data.codes.length > 0 && (
        <Box as="section" aria-label="Saved QR codes" bg="white" borderWidth="1px" borderColor="gray.200" rounded="xl">
          <Text px="5" pt="4" fontSize="sm" color="gray.700">
            {result.data.total} {result.data.total === 1 ? 'code' : 'codes'}
            {query.search && ` matching “${query.search}”`}
          </Text>
          <Stack as="ul" gap="0" listStyleType="none" m="0" p="0" aria-label="QR codes">
            {result.data.codes.map((code) => (
              <CodeListRow
                key={code.id}
                code={code}
                onEdit={edit}
                onDelete={setDeleting}
                onToggleStatus={(c) => void toggle(c)}
                onRules={setRulesFor}
                statusBusy={busyId === code.id}
              />
            ))}
          </Stack>
          <Flex
            as="nav"
            aria-label="Pages"
            justify="space-between"
            align="center"
            px="5"
            py="3"
            borderTopWidth="1px"
            borderColor="gray.100"
            gap="3"
          >
            <Button size="sm" variant="outline" disabled={query.page <= 1} onClick={() => go({ page: query.page - 1 })}>
              Previous
            </Button>
            <Text fontSize="sm" color="gray.700" aria-live="polite">
              Page {Math.min(query.page, result.data.pageCount)} of {result.data.pageCount}
            </Text>
            <Button
              size="sm"
              variant="outline"
              disabled={query.page >= result.data.pageCount}
              onClick={() => go({ page: query.page + 1 })}
            >
              Next
            </Button>
          </Flex>
        </Box>
      )}

      <EditCodeDialog {...editDialog} />
      {rulesFor && (
        <Suspense fallback={null}>
          <ScanRulesDialog code={rulesFor} onClose={() => setRulesFor(null)} />
        </Suspense>
      )}
      <DeleteCodeDialog
        code={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={() => {
          setDeleting(null);
          bump();
        }}
      />
    </Stack>
  );
}
