import { Field, Input, SimpleGrid, Text } from '@chakra-ui/react';
import type { ScanSettings } from '../../../shared/rules/schema.ts';
import { instantFromLocal, localFromInstant, withFallbacks, withField } from './scanRulesModel.ts';
import { Section } from './Section.tsx';

/** The gates every plan gets: starts at, ends at, scan limit, and where a stopped or paused code's scan goes. */
export function GatesSection({ settings, onChange }: { settings: ScanSettings; onChange: (s: ScanSettings) => void }) {
  const fallback = settings.fallbacks?.ended ?? settings.fallbacks?.notStarted ?? settings.fallbacks?.capReached ?? '';
  return (
    <Section title="Schedule and limit">
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
        {(['startsAt', 'endsAt'] as const).map((key) => (
          <Field.Root key={key}>
            <Field.Label>{key === 'startsAt' ? 'Starts at' : 'Ends at'}</Field.Label>
            <Input
              size="sm"
              type="datetime-local"
              value={localFromInstant(settings[key])}
              onChange={(e) => onChange(withField(settings, key, instantFromLocal(e.target.value) ?? undefined))}
            />
          </Field.Root>
        ))}
        <Field.Root>
          <Field.Label>Scan limit</Field.Label>
          <Input
            size="sm"
            type="number"
            min={1}
            inputMode="numeric"
            value={settings.scanCap ?? ''}
            onChange={(e) =>
              onChange(withField(settings, 'scanCap', e.target.value === '' ? undefined : Number(e.target.value)))
            }
          />
          <Field.HelperText>Counted scans only: bots and link previews never use it up.</Field.HelperText>
        </Field.Root>
        <Field.Root>
          <Field.Label>When stopped, send visitors to</Field.Label>
          <Input
            size="sm"
            type="url"
            placeholder="our page saying why"
            value={fallback}
            onChange={(e) => {
              const to = e.target.value.trim();
              onChange(withFallbacks(settings, { notStarted: to, ended: to, capReached: to }));
            }}
          />
        </Field.Root>
        <Field.Root>
          <Field.Label>When paused, send visitors to</Field.Label>
          <Input
            size="sm"
            type="url"
            placeholder="our page saying it is paused"
            value={settings.fallbacks?.paused ?? ''}
            onChange={(e) => onChange(withFallbacks(settings, { paused: e.target.value.trim() }))}
          />
          <Field.HelperText>While you pause the code (Pause in the list of codes).</Field.HelperText>
        </Field.Root>
      </SimpleGrid>
      <Text fontSize="xs" color="fg.muted">
        Dates are in your browser’s time zone and stored as exact instants.
      </Text>
    </Section>
  );
}
