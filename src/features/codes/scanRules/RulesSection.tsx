import { useState } from 'react';
import { Button, HStack, Input, SimpleGrid, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { appStoreRules, MAX_RULES, type Rule, type ScanSettings } from '../../../shared/rules/schema.ts';
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
  const [appStore, setAppStore] = useState({ ios: '', android: '' });

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
      <Stack gap="2" borderTopWidth="1px" borderColor="gray.100" pt="2">
        <Text fontSize="sm" fontWeight="semibold">
          App stores
        </Text>
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="2">
          <Input
            size="sm"
            type="url"
            aria-label="App Store address (iPhone and iPad)"
            placeholder="https://apps.apple.com/…"
            value={appStore.ios}
            onChange={(e) => setAppStore({ ...appStore, ios: e.target.value.trim() })}
          />
          <Input
            size="sm"
            type="url"
            aria-label="Google Play address (Android)"
            placeholder="https://play.google.com/…"
            value={appStore.android}
            onChange={(e) => setAppStore({ ...appStore, android: e.target.value.trim() })}
          />
        </SimpleGrid>
        <Button
          size="sm"
          variant="outline"
          alignSelf="start"
          disabled={!appStore.ios || !appStore.android || rules.length + 2 > ruleLimit}
          onClick={() =>
            update(
              [...appStoreRules(appStore.ios, appStore.android), ...rules],
              [freshKey(), freshKey(), ...currentKeys],
            )
          }
        >
          Add app-store rules first
        </Button>
      </Stack>
    </Section>
  );
}
