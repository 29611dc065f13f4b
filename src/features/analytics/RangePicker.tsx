import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { customRangeSchema, PRESET_DAYS, type DayRange, type RangeChoice } from './dateRange.ts';
import { formatRange } from './format.ts';
import { todayIn } from '../../shared/time/zonedDay.ts';

interface CustomValues {
  from: string;
  to: string;
}

/**
 * Presets (7 / 30 / 90 days) and a validated custom from/to, days in `timeZone`; the chosen period is written to
 * the URL by the page.
 */
export function RangePicker({
  choice,
  range,
  now,
  timeZone,
  onChange,
}: {
  choice: RangeChoice;
  range: DayRange;
  now: Date;
  timeZone: string;
  onChange: (choice: RangeChoice) => void;
}) {
  const [customOpen, setCustomOpen] = useState(choice.kind === 'custom');
  const schema = useMemo(() => customRangeSchema(now, timeZone), [now, timeZone]);
  const { register, handleSubmit, formState } = useForm<CustomValues>({
    resolver: zodResolver(schema),
    defaultValues: { from: range.from, to: range.to },
  });
  const today = todayIn(now, timeZone);

  return (
    <Stack gap="3">
      <HStack gap="3" wrap="wrap">
        <HStack role="group" aria-label="Period" gap="2" wrap="wrap">
          {PRESET_DAYS.map((days) => {
            const active = choice.kind === 'preset' && choice.days === days;
            return (
              <Button
                key={days}
                size="sm"
                variant={active ? 'solid' : 'outline'}
                colorPalette={active ? 'brand' : 'gray'}
                aria-pressed={active}
                onClick={() => {
                  setCustomOpen(false);
                  onChange({ kind: 'preset', days });
                }}
              >
                {`Last ${days} days`}
              </Button>
            );
          })}
          <Button
            size="sm"
            variant={choice.kind === 'custom' || customOpen ? 'solid' : 'outline'}
            colorPalette={choice.kind === 'custom' || customOpen ? 'brand' : 'gray'}
            aria-pressed={choice.kind === 'custom'}
            aria-expanded={customOpen}
            onClick={() => setCustomOpen((v) => !v)}
          >
            Custom
          </Button>
        </HStack>
        <Text fontSize="sm" color="gray.700" aria-live="polite">
          <Text as="span" fontWeight="medium">
            Period:
          </Text>{' '}
          {formatRange(range)} ({timeZone})
        </Text>
      </HStack>
      {customOpen && (
        <form
          aria-label="Custom period"
          noValidate
          onSubmit={handleSubmit((values) => onChange({ kind: 'custom', from: values.from, to: values.to }))}
        >
          <HStack gap="3" align="end" wrap="wrap">
            <Field.Root invalid={Boolean(formState.errors.from)} w="auto">
              <Field.Label>From</Field.Label>
              <Input type="date" size="sm" max={today} {...register('from')} />
              <Field.ErrorText>{formState.errors.from?.message}</Field.ErrorText>
            </Field.Root>
            <Field.Root invalid={Boolean(formState.errors.to)} w="auto">
              <Field.Label>To</Field.Label>
              <Input type="date" size="sm" max={today} {...register('to')} />
              <Field.ErrorText>{formState.errors.to?.message}</Field.ErrorText>
            </Field.Root>
            <Button type="submit" size="sm" colorPalette="brand">
              Apply
            </Button>
          </HStack>
        </form>
      )}
    </Stack>
  );
}
