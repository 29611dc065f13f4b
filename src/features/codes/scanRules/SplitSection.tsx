import { Button, HStack, Input, Stack, Text } from '@chakra-ui/react';
import type { ScanSettings, Split } from '../../../shared/rules/schema.ts';
import { ProNote } from './ProNote.tsx';
import { withField } from './scanRulesModel.ts';
import { Section } from './Section.tsx';

const letter = (i: number) => String.fromCharCode(65 + i);

interface Props {
  settings: ScanSettings;
  onChange: (s: ScanSettings) => void;
  /** The owner is on Free: no new split, and one kept from a Pro plan can only be removed. */
  locked: boolean;
}

/** The A/B split of the default destination (Pro and Business). */
export function SplitSection({ settings, onChange, locked }: Props) {
  const split = settings.split;
  const setSplit = (next: Split | undefined) => onChange(withField(settings, 'split', next));
  const setVariant = (i: number, change: Partial<Split['variants'][number]>) =>
    split && setSplit({ ...split, variants: split.variants.map((v, j) => (j === i ? { ...v, ...change } : v)) });
  return (
    <Section title="A/B split">
      {!split ? (
        <HStack gap="3" wrap="wrap">
          <Button
            size="sm"
            variant="outline"
            disabled={locked}
            onClick={() =>
              setSplit({
                variants: [
                  { to: '', weight: 50 },
                  { to: '', weight: 50 },
                ],
              })
            }
          >
            Split the destination
          </Button>
          {locked && <ProNote>A/B splits are on Pro and Business.</ProNote>}
        </HStack>
      ) : (
        <Stack gap="2">
          <Text fontSize="sm" color="fg.muted">
            Each visitor gets one variant for the day (from the same daily visitor hash as unique scans; no cookie).
            Weights add up to 100, each at least 5.
          </Text>
          {locked && <ProNote>Kept from a Pro plan: it keeps working; you can remove it, not change it.</ProNote>}
          {split.variants.map((variant, i) => (
            <HStack key={i} gap="2">
              <Input
                size="sm"
                type="url"
                disabled={locked}
                aria-label={`Variant ${letter(i)} address`}
                value={variant.to}
                onChange={(e) => setVariant(i, { to: e.target.value.trim() })}
              />
              <Input
                size="sm"
                type="number"
                maxW="6rem"
                min={5}
                max={100}
                disabled={locked}
                aria-label={`Variant ${letter(i)} weight (%)`}
                value={variant.weight}
                onChange={(e) => setVariant(i, { weight: Number(e.target.value) })}
              />
            </HStack>
          ))}
          <HStack gap="2">
            {split.variants.length < 4 && !locked && (
              <Button
                size="xs"
                variant="outline"
                onClick={() => setSplit({ ...split, variants: [...split.variants, { to: '', weight: 5 }] })}
              >
                Add a variant
              </Button>
            )}
            <Button size="xs" variant="ghost" colorPalette="red" onClick={() => setSplit(undefined)}>
              Remove the split
            </Button>
          </HStack>
        </Stack>
      )}
    </Section>
  );
}
