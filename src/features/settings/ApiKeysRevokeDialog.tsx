import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { toaster } from '../../components/toaster.ts';
import { supabaseCall } from '../../lib/supabaseCall.ts';
import { getSupabase } from '../auth/supabaseClient.ts';
import type { ApiKeyRow } from './apiKeyRow.ts';

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
  return (
    <ConfirmDialog
      open={apiKey !== null}
      title={`Revoke “${apiKey?.name ?? ''}”?`}
      warning="Scripts using this key stop working at once. This cannot be undone: create a new key if needed."
      label="Revoke"
      busyLabel="Revoking..."
      onClose={onClose}
      onConfirm={async () => {
        if (!apiKey) return;
        await supabaseCall<boolean>(getSupabase().rpc('revoke_api_key', { p_id: apiKey.id }));
        toaster.create({
          title: 'API key revoked',
          description: `“${apiKey.name}” no longer works.`,
          type: 'success',
          closable: true,
        });
        onRevoked();
      }}
    />
  );
}
