import { memo } from 'react';
import { Button, HStack, Text } from '@chakra-ui/react';
import { BULK_FORMAT_LABELS, BULK_FORMATS, type BulkFormat } from './outputFormats.ts';

/** Toggle buttons (aria-pressed), one per format; at least one stays chosen. Memoised: progress redraws skip it. */
export const FormatPicker = memo(function FormatPicker({
  value,
  onChange,
}: {
  value: BulkFormat[];
  onChange: (formats: BulkFormat[]) => void;
}) {
  return (
    <div>
      <Text fontSize="sm" fontWeight="medium" mb="2" id="bulk-formats-label">
        Files per row
      </Text>
      <HStack gap="2" wrap="wrap" role="group" aria-labelledby="bulk-formats-label">
        {BULK_FORMATS.map((format) => {
          const on = value.includes(format);
          return (
            <Button
              key={format}
              size="sm"
              colorPalette="brand"
              variant={on ? 'solid' : 'outline'}
              aria-pressed={on}
              onClick={() => {
                const next = on
                  ? value.filter((f) => f !== format)
                  : BULK_FORMATS.filter((f) => f === format || value.includes(f));
                if (next.length > 0) onChange(next);
              }}
            >
              {BULK_FORMAT_LABELS[format]}
            </Button>
          );
        })}
      </HStack>
    </div>
  );
});
