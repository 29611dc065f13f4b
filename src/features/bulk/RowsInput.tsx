import { useState } from 'react';
import { Button, Field, HStack, Stack, Textarea } from '@chakra-ui/react';
import { saveBlob } from '../../qr-ui/index.ts';
import { TEMPLATE_CSV, TEMPLATE_NAME } from './template.ts';

interface RowsInputProps {
  busy: boolean;
  onRows: (input: File | string, source: string) => void;
}

/** A CSV file, or rows pasted as CSV (with their header row); and the template to start from. */
export function RowsInput({ busy, onRows }: RowsInputProps) {
  const [pasted, setPasted] = useState('');
  return (
    <Stack gap="4">
      <Field.Root>
        <Field.Label htmlFor="bulk-csv">Upload a CSV file</Field.Label>
        <input
          id="bulk-csv"
          type="file"
          accept=".csv,text/csv,text/plain"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) onRows(file, file.name);
          }}
        />
        <Field.HelperText>
          A header row, then one row per code: name, content (or url), and optionally type, foreground, background,
          shape, frame, frame_text and level. At most 10,000 rows.
        </Field.HelperText>
      </Field.Root>
      <Field.Root>
        <Field.Label>Or paste rows</Field.Label>
        <Textarea
          value={pasted}
          onChange={(e) => setPasted(e.target.value)}
          rows={5}
          fontFamily="mono"
          fontSize="sm"
          placeholder={'name,content\nMenu,https://example.com/menu'}
        />
      </Field.Root>
      <HStack gap="2" wrap="wrap">
        <Button
          size="sm"
          colorPalette="brand"
          disabled={pasted.trim() === '' || busy}
          onClick={() => onRows(pasted, 'the pasted rows')}
        >
          Check pasted rows
        </Button>
        <Button
          size="sm"
          variant="outline"
          onClick={() => saveBlob(new Blob([TEMPLATE_CSV], { type: 'text/csv' }), TEMPLATE_NAME)}
        >
          Download template CSV
        </Button>
      </HStack>
    </Stack>
  );
}
