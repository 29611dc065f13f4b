import { useState } from 'react';
import { Button, HStack, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { MAX_RULES, type Rule, type ScanSettings } from '../../../shared/rules/schema.ts';
import { AppStorePreset } from './AppStorePreset.tsx';
import { ProNote } from './ProNote.tsx';
import { RuleItem } from './RuleItem.tsx';
import { moveItem, newCondition, withField } from './scanRulesModel.ts';
import { Section } from './Section.tsx';
import { useRuleDrag } from './useRuleDrag.ts';

let lastKey = 0;
const freshKey = () => `rule-${++lastKey}`;

interface Props {
  settings: ScanSettings;
  onChange: (settings: ScanSettings) => void;
  /** How many rules the owner's plan lets this code have (MAX_RULES on Pro and Business). */
  ruleLimit: number;
}

/** The ordered rules: add, remove, reorder by drag or by ↑/↓, and the app-store preset. */
export function RulesSection({ settings, onChange, ruleLimit }: Props) {
  const rules = settings.rules ?? [];
  // Stable keys, moved with their rules, so that a rule's editors keep their own state when rules are reordered.
  const [keys, setKeys] = useState<string[]>(() => rules.map(freshKey));
  const keyOf = (i: number) => (keys.length === rules.length ? keys[i]! : `rule-at-${i}`);
  const [announcement, setAnnouncement] = useState('');
  const update = (next: Rule[], nextKeys: string[]) => {
    setKeys(nextKeys);
    onChange(withField(settings, 'rules', next.length ? next : undefined));
  };
  const currentKeys = rules.map((_, i) => keyOf(i));
  const move = (from: number, to: number) => {
    update(moveItem(rules, from, to), moveItem(currentKeys, from, to));
    setAnnouncement(`Rule ${from + 1} moved to position ${to + 1} of ${rules.length}.`);
  };
  const drag = useRuleDrag(move);
  const full = rules.length >= ruleLimit;

  return (
    <Section title="Rules">
      <Text fontSize="sm" color="fg.muted">
        Checked from the top; the first rule whose conditions all match sends the visitor to its address. Nothing
        matches: the destination (or the A/B split). Drag a rule by its handle, or use its ↑ and ↓ buttons, to change
        the order.
      </Text>
      <VisuallyHidden aria-live="polite">{announcement}</VisuallyHidden>
      <Stack as="ol" gap="3" listStyleType="none" m="0" p="0">
        {rules.map((rule, i) => (
          <RuleItem
            key={keyOf(i)}
            rule={rule}
            index={i}
            count={rules.length}
            drag={{
              handle: drag.handleProps(i),
              item: drag.itemProps(i),
              marker: drag.spot?.index === i && drag.dragging !== i ? (drag.spot.upper ? 'before' : 'after') : null,
              dragged: drag.dragging === i,
            }}
            onChange={(next) =>
              update(
                rules.map((r, j) => (j === i ? next : r)),
                currentKeys,
              )
            }
            onMove={(by) => move(i, i + by)}
            onRemove={() =>
              update(
                rules.filter((_, j) => j !== i),
                currentKeys.filter((_, j) => j !== i),
              )
            }
          />
        ))}
      </Stack>
      <HStack gap="2" wrap="wrap">
        <Button
          size="sm"
          variant="outline"
          disabled={full}
          onClick={() => update([...rules, { if: [newCondition('device')], to: '' }], [...currentKeys, freshKey()])}
        >
          Add a rule
        </Button>
        {full && ruleLimit < MAX_RULES && <ProNote>{`Up to ${MAX_RULES} rules per code on Pro and Business.`}</ProNote>}
      </HStack>
      <AppStorePreset
        settings={settings}
        onChange={onChange}
        canAdd={rules.length + 2 <= ruleLimit}
        onAdd={(preset) => update([...preset, ...rules], [freshKey(), freshKey(), ...currentKeys])}
      />
    </Section>
  );
}
