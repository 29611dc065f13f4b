import { useState } from 'react';
import { Alert, Button, RadioGroup, Stack, Text } from '@chakra-ui/react';
import { toDataError } from '../../lib/dataError.ts';
import type { BatchKind } from './batchPlan.ts';
import type { CheckedRow } from './rowCheck.ts';
import { saveBatch, type SavedBatch } from './saveBatch.ts';

interface SaveBatchPanelProps {
  rows: CheckedRow[];
  saved: SavedBatch | null;
  onSaved: (batch: SavedBatch) => void;
}

/** Signed-in users: the whole batch into My QR Codes, all or nothing (saveBatch.ts), as static or dynamic codes. */
export function SaveBatchPanel({ rows, saved, onSaved }: SaveBatchPanelProps) {
  const [kind, setKind] = useState<BatchKind>('static');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (saved) {
    return (
      <Alert.Root status="success" role="status">
        <Alert.Indicator />
        <Alert.Description>
          Saved {saved.count.toLocaleString('en-US')} {saved.kind} code{saved.count === 1 ? '' : 's'} to My QR Codes.
          {saved.kind === 'dynamic' && ' The ZIP encodes their short URLs, and manifest.csv lists them.'}
        </Alert.Description>
      </Alert.Root>
    );
  }

  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      onSaved(await saveBatch(rows, kind));
    } catch (e) {
      const data = toDataError(e);
      setError(data.hint ? `${data.message} ${data.hint}` : data.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="3" align="start">
      <RadioGroup.Root
        value={kind}
        onValueChange={(e) => e.value && setKind(e.value as BatchKind)}
        colorPalette="brand"
        aria-label="Save the batch as"
      >
        <Stack gap="2">
          <RadioGroup.Item value="static">
            <RadioGroup.ItemHiddenInput />
            <RadioGroup.ItemIndicator />
            <RadioGroup.ItemText>Static codes (the content is in the code)</RadioGroup.ItemText>
          </RadioGroup.Item>
          <RadioGroup.Item value="dynamic">
            <RadioGroup.ItemHiddenInput />
            <RadioGroup.ItemIndicator />
            <RadioGroup.ItemText>Dynamic codes (a short URL you can redirect later; links only)</RadioGroup.ItemText>
          </RadioGroup.Item>
        </Stack>
      </RadioGroup.Root>
      <Text fontSize="sm" color="gray.700">
        The free plan has 3 dynamic codes in all. The batch is saved in one go: all of it, or nothing.
      </Text>
      <Button
        size="sm"
        colorPalette="brand"
        loading={busy}
        loadingText="Saving…"
        onClick={() => void save()}
        disabled={rows.length === 0}
      >
        Save {rows.length.toLocaleString('en-US')} code{rows.length === 1 ? '' : 's'} to my account
      </Button>
      {error && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Description>{error}</Alert.Description>
        </Alert.Root>
      )}
    </Stack>
  );
}
