import { useState } from 'react';
import { Dialog, Stack, Text } from '@chakra-ui/react';
import { DialogActions } from '../../components/DialogActions.tsx';
import { DialogShell } from '../../components/DialogShell.tsx';
import { FormError } from '../../components/FormError.tsx';
import { toaster } from '../../components/toaster.ts';
import { toDataError, type DataError } from '../../lib/dataError.ts';
import { supabaseCall } from '../../lib/supabaseCall.ts';
import { getSupabase } from '../auth/supabaseClient.ts';
import type { ApiKeyRow } from './ApiKeysSection.tsx';

/** Confirmation before a key stops working; revoke_api_key takes effect on the next request made with it. */
export function ApiKeysRevokeDialog({
  apiKey,
  onClose,
  onRevoked,
}: {
  apiKey: ApiKeyRow | null;
  onClose: () => void;
  onRevoked: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<DataError | null>(null);
  const confirm = async () => {
    if (!apiKey) return;
    setBusy(true);
    setError(null);
    try {
      await supabaseCall<boolean>(getSupabase().rpc('revoke_api_key', { p_id: apiKey.id }));
      toaster.create({
        title: 'API key revoked',
        description: `“${apiKey.name}” no longer works.`,
        type: 'success',
        closable: true,
      });
      onRevoked();
    } catch (e) {
      setError(toDataError(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <DialogShell
      role="alertdialog"
      open={apiKey !== null}
      onOpenChange={(open) => {
        if (!open) {
          setError(null);
          onClose();
        }
      }}
    >
      <Dialog.Header>
        <Dialog.Title>Revoke “{apiKey?.name}”?</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="3">
          <Text>Scripts using this key stop working at once. This cannot be undone: create a new key if needed.</Text>
          <FormError error={error} />
        </Stack>
      </Dialog.Body>
      <DialogActions
        onCancel={onClose}
        label="Revoke"
        busy={busy}
        busyLabel="Revoking..."
        tone="red"
        onAction={() => void confirm()}
      />
    </DialogShell>
  );
}
