import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { toaster } from '../../components/toaster.ts';
import { revokeApiKey, type ApiKeyRow } from './settingsApi.ts';

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
        await revokeApiKey(apiKey.id);
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
