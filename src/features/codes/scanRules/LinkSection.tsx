import { Button, Checkbox, Field, Input, SimpleGrid } from '@chakra-ui/react';
import type { ScanSettings, Utm } from '../../../shared/rules/schema.ts';
import { ProNote } from './ProNote.tsx';
import { withField } from './scanRulesModel.ts';
import { Section } from './Section.tsx';

const UTM_FIELDS = ['source', 'medium', 'campaign', 'term', 'content'] as const;

interface Props {
  settings: ScanSettings;
  onChange: (s: ScanSettings) => void;
  /** The owner is on Free: UTM tags and query forwarding cannot be added (ones kept from Pro can be removed). */
  locked: boolean;
}

/** UTM template and query forwarding (Pro and Business), and the time zone time-of-day rules use (every plan). */
export function LinkSection({ settings, onChange, locked }: Props) {
  const utm = settings.utm ?? {};
  const setUtm = (key: keyof Utm, value: string) => {
    const next: Utm = { ...utm };
    if (value) next[key] = value;
    else delete next[key];
    onChange(withField(settings, 'utm', Object.keys(next).length ? next : undefined));
  };
  const forwarding = settings.forwardQuery === true;
  return (
    <Section title="Link tracking">
      {locked && <ProNote>UTM tags and passing on the scan link’s parameters are on Pro and Business.</ProNote>}
      <SimpleGrid columns={{ base: 1, sm: 3 }} gap="2">
        {UTM_FIELDS.map((key) => (
          <Field.Root key={key} disabled={locked}>
            <Field.Label fontSize="sm">utm_{key}</Field.Label>
            <Input size="sm" value={utm[key] ?? ''} onChange={(e) => setUtm(key, e.target.value)} />
          </Field.Root>
        ))}
      </SimpleGrid>
      {locked && settings.utm && (
        <Button
          size="xs"
          variant="ghost"
          colorPalette="red"
          alignSelf="start"
          onClick={() => onChange(withField(settings, 'utm', undefined))}
        >
          Remove the UTM tags
        </Button>
      )}
      <Checkbox.Root
        size="sm"
        // Free may turn forwarding off (kept from Pro), not on.
        disabled={locked && !forwarding}
        checked={forwarding}
        onCheckedChange={(e) => onChange(withField(settings, 'forwardQuery', e.checked === true ? true : undefined))}
      >
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>Pass on the scan link’s own parameters (never its destination)</Checkbox.Label>
      </Checkbox.Root>
      <Field.Root>
        <Field.Label fontSize="sm">Time zone for time-of-day rules</Field.Label>
        <Input
          size="sm"
          maxW="16rem"
          placeholder="UTC"
          value={settings.timeZone ?? ''}
          onChange={(e) => onChange(withField(settings, 'timeZone', e.target.value.trim() || undefined))}
        />
      </Field.Root>
    </Section>
  );
}
