import { useState, type FormEvent } from 'react';
import { Button, Field, HStack, Input, Stack, Table, Text, VisuallyHidden } from '@chakra-ui/react';
import { FormError } from '../../components/FormError.tsx';
import { toaster } from '../../components/toaster.ts';
import { toDataError, type DataError } from '../../lib/dataError.ts';
import { supabaseCall } from '../../lib/supabaseCall.ts';
import { useLatestLoad } from '../../lib/useLatestLoad.ts';
import { getSupabase } from '../auth/supabaseClient.ts';
import { ApiKeysCreated, type CreatedApiKey } from './ApiKeysCreated.tsx';
import { SettingsSection } from './SettingsSection.tsx';
import { ApiKeysRevokeDialog } from './ApiKeysRevokeDialog.tsx';
import type { ApiKeyRow } from './apiKeyRow.ts';

const when = (iso: string | null) =>
  iso === null ? 'Never' : new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

const loadKeys = () =>
  supabaseCall<ApiKeyRow[]>(
    getSupabase()
      .from('api_keys')
      .select('id, name, prefix, created_at, last_used_at')
      .is('revoked_at', null)
      .order('created_at', { ascending: false }),
    { what: 'your API keys' },
  );

/**
 * Settings → API keys: keys for the public REST API (docs/api.md). A key is made by the database
 * (create_api_key), shown here once, and afterwards only its prefix; revoking one takes effect at once.
 */
export function ApiKeysSection() {
  // The last answer stays on screen while a reload (after a create or a revoke) is under way.
  const { latest, retry: reload } = useLatestLoad('api-keys', loadKeys);
  const keys = latest?.status === 'ready' ? latest.data : null;
  const loadError = latest?.status === 'error' ? toDataError(latest.error) : null;
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState('');
  const [busy, setBusy] = useState(false);
  const [createError, setCreateError] = useState<DataError | null>(null);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKeyRow | null>(null);

  const create = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (trimmed === '' || trimmed.length > 100) {
      setNameError(trimmed === '' ? 'Give the key a name' : 'At most 100 characters');
      return;
    }
    setNameError('');
    setBusy(true);
    setCreateError(null);
    try {
      const rows = await supabaseCall<CreatedApiKey[]>(getSupabase().rpc('create_api_key', { p_name: trimmed }));
      const row = rows[0];
      if (row) setCreated(row);
      setName('');
      toaster.create({
        title: 'API key created',
        description: 'Copy it now: it is shown only once.',
        type: 'success',
        closable: true,
      });
      reload();
    } catch (e) {
      setCreateError(toDataError(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <SettingsSection
      id="api-keys"
      title="API keys"
      description="Keys let your scripts manage your QR codes and read their scans through the QRCraft API. A key acts as you: keep it secret."
    >
      <Stack gap="5">
        <form onSubmit={(e) => void create(e)} noValidate aria-label="Create an API key">
          <HStack align="end" gap="3" maxW="lg">
            <Field.Root invalid={nameError !== ''}>
              <Field.Label>Key name</Field.Label>
              <Input
                value={name}
                onChange={(e) => setName(e.target.value)}
                placeholder="e.g. Inventory script"
                autoComplete="off"
                maxLength={100}
              />
              <Field.ErrorText>{nameError}</Field.ErrorText>
            </Field.Root>
            <Button type="submit" colorPalette="brand" loading={busy} loadingText="Creating..." flexShrink={0}>
              Create key
            </Button>
          </HStack>
        </form>
        <FormError error={createError} />
        {created && <ApiKeysCreated created={created} onDone={() => setCreated(null)} />}
        <FormError error={loadError} />
        {keys !== null && keys.length === 0 && <Text color="gray.700">You have no API keys yet.</Text>}
        {keys !== null && keys.length > 0 && (
          <Table.Root size="sm" aria-label="Your API keys">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Name</Table.ColumnHeader>
                <Table.ColumnHeader>Key</Table.ColumnHeader>
                <Table.ColumnHeader>Created</Table.ColumnHeader>
                <Table.ColumnHeader>Last used</Table.ColumnHeader>
                <Table.ColumnHeader>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {keys.map((key) => (
                <Table.Row key={key.id}>
                  <Table.Cell>{key.name}</Table.Cell>
                  <Table.Cell fontFamily="mono">{key.prefix}…</Table.Cell>
                  <Table.Cell>{when(key.created_at)}</Table.Cell>
                  <Table.Cell>{when(key.last_used_at)}</Table.Cell>
                  <Table.Cell textAlign="end">
                    <Button
                      size="xs"
                      variant="outline"
                      colorPalette="red"
                      aria-label={`Revoke ${key.name}`}
                      onClick={() => setRevoking(key)}
                    >
                      Revoke
                    </Button>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        )}
      </Stack>
      <ApiKeysRevokeDialog
        apiKey={revoking}
        onClose={() => setRevoking(null)}
        onRevoked={() => {
          setRevoking(null);
          reload();
        }}
      />
    </SettingsSection>
  );
}
