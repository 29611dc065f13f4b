import { useState } from 'react';
import { useSetAtom } from 'jotai';
import { Button, Stack } from '@chakra-ui/react';
import { FormError } from '../../components/FormError.tsx';
import { toaster } from '../../components/toaster.ts';
import { toDataError, type DataError } from '../../lib/dataError.ts';
import { bumpCodesVersionAtom } from './codesAtoms.ts';
import { loadSampleData } from './codesApi.ts';

/** Fills an empty account with the spec's three sample codes and their scans (rpc load_sample_data). */
export function LoadSampleButton() {
  const bump = useSetAtom(bumpCodesVersionAtom);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<DataError | null>(null);
  const load = async () => {
    setBusy(true);
    setError(null);
    try {
      await loadSampleData();
      toaster.create({
        title: 'Sample data loaded',
        description: 'Three sample codes with their scans were added to your account.',
        type: 'success',
        closable: true,
      });
      bump();
    } catch (e) {
      setError(toDataError(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="3" align="center">
      <Button
        variant="outline"
        colorPalette="brand"
        loading={busy}
        loadingText="Loading sample data..."
        onClick={() => void load()}
      >
        Load sample data
      </Button>
      <FormError error={error} />
    </Stack>
  );
}
