import { useRef, useState } from 'react';
import { Button, Field, HStack, Stack, Textarea } from '@chakra-ui/react';
import { saveBlob } from '../../qr-ui/index.ts';
import { TEMPLATE_CSV, TEMPLATE_NAME } from './template.ts';

interface RowsInputProps {
  busy: boolean;
  onRows: (input: File | string, source: string) => void;
}

/**
 * Pastes longer than this many characters are not put into the box: they go straight to the check, as a file does.
 * A textarea lays out all of its text (about 3 s for 1,000,000 characters here) and the browser's own paste of
 * such a text took minutes (issue 35); the rows are what matters, and the check shows them.
 */
export const LARGE_PASTE_CHARS = 20_000;

const count = new Intl.NumberFormat('en-US');

/** A CSV file, or rows pasted as CSV (with their header row); and the template to start from. */
export function RowsInput({ busy, onRows }: RowsInputProps) {
  // Uncontrolled: a keystroke re-renders nothing unless the box turns empty or not.
  const box = useRef<HTMLTextAreaElement>(null);
  const [hasText, setHasText] = useState(false);
  const [largePaste, setLargePaste] = useState<number | null>(null);
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
          ref={box}
          onChange={(e) => {
            setHasText(e.target.value.trim() !== '');
            setLargePaste(null);
          }}
          onPaste={(e) => {
            const text = e.clipboardData.getData('text/plain');
            if (text.length <= LARGE_PASTE_CHARS) return;
            e.preventDefault();
            setLargePaste(text.length);
            onRows(text, 'the pasted rows');
          }}
          rows={5}
          fontFamily="mono"
          fontSize="sm"
          placeholder={'name,content\nMenu,https://example.com/menu'}
        />
        {largePaste !== null && (
          <Field.HelperText role="status">
            You pasted {count.format(largePaste)} characters: too many to edit here, so they are checked below as a file
            would be.
          </Field.HelperText>
        )}
      </Field.Root>
      <HStack gap="2" wrap="wrap">
        <Button
          size="sm"
          colorPalette="brand"
          disabled={!hasText || busy}
          onClick={() => onRows(box.current?.value ?? '', 'the pasted rows')}
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
