import type { DragEvent } from 'react';
import { Box, Button, Field, HStack, IconButton, Input, Stack, Text } from '@chakra-ui/react';
import { MAX_CONDITIONS, type Rule } from '../../../shared/rules/schema.ts';
import { ConditionEditor } from './ConditionEditor.tsx';
import { newCondition } from './scanRulesModel.ts';

interface DragProps {
  /** The handle's drag props (useRuleDrag's handleProps). */
  handle: { draggable: boolean; onDragStart: (e: DragEvent<HTMLElement>) => void; onDragEnd: () => void };
  /** The item's drop props (useRuleDrag's itemProps). */
  item: { onDragOver: (e: DragEvent<HTMLElement>) => void; onDrop: (e: DragEvent<HTMLElement>) => void };
  /** Where a dragged rule would land: before this one, after it, or neither. */
  marker: 'before' | 'after' | null;
  dragged: boolean;
}

interface Props {
  rule: Rule;
  index: number;
  count: number;
  drag: DragProps;
  onChange: (rule: Rule) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}

const MARKER = '3px solid var(--chakra-colors-brand-500)';

/** One rule of the list: a drag handle, keyboard ↑/↓, its conditions and its target. */
export function RuleItem({ rule, index, count, drag, onChange, onMove, onRemove }: Props) {
  const n = index + 1;
  return (
    <Box
      as="li"
      aria-label={`Rule ${n}`}
      borderWidth="1px"
      borderColor="gray.100"
      p="2"
      rounded="md"
      opacity={drag.dragged ? 0.5 : 1}
      style={{
        borderTop: drag.marker === 'before' ? MARKER : undefined,
        borderBottom: drag.marker === 'after' ? MARKER : undefined,
      }}
      {...drag.item}
    >
      <HStack justify="space-between" mb="2">
        <HStack gap="2">
          {/* Mouse and touch only: the ↑/↓ buttons move a rule from the keyboard. */}
          <Box
            {...drag.handle}
            data-testid={`drag rule ${n}`}
            title="Drag to reorder"
            aria-hidden="true"
            cursor="grab"
            px="1"
            color="fg.muted"
            userSelect="none"
          >
            ⠿
          </Box>
          <Text fontWeight="semibold" fontSize="sm">
            Rule {n}
          </Text>
        </HStack>
        <HStack gap="1">
          <IconButton
            size="xs"
            variant="ghost"
            aria-label={`Move rule ${n} up`}
            disabled={index === 0}
            onClick={() => onMove(-1)}
          >
            ↑
          </IconButton>
          <IconButton
            size="xs"
            variant="ghost"
            aria-label={`Move rule ${n} down`}
            disabled={index === count - 1}
            onClick={() => onMove(1)}
          >
            ↓
          </IconButton>
          <Button size="xs" variant="ghost" colorPalette="red" aria-label={`Remove rule ${n}`} onClick={onRemove}>
            Remove
          </Button>
        </HStack>
      </HStack>
      <Stack gap="2">
        {rule.if.map((condition, c) => (
          <HStack key={c} align="start" gap="2">
            <Box flex="1">
              <ConditionEditor
                label={`Rule ${n}, condition ${c + 1}`}
                condition={condition}
                onChange={(next) => onChange({ ...rule, if: rule.if.map((x, k) => (k === c ? next : x)) })}
              />
            </Box>
            {rule.if.length > 1 && (
              <Button
                size="xs"
                variant="ghost"
                aria-label={`Remove condition ${c + 1} of rule ${n}`}
                onClick={() => onChange({ ...rule, if: rule.if.filter((_, k) => k !== c) })}
              >
                ✕
              </Button>
            )}
          </HStack>
        ))}
        {rule.if.length < MAX_CONDITIONS && (
          <Button
            size="xs"
            variant="outline"
            alignSelf="start"
            onClick={() => onChange({ ...rule, if: [...rule.if, newCondition('country')] })}
          >
            And another condition
          </Button>
        )}
        <Field.Root>
          <Field.Label fontSize="sm">Rule {n} sends the visitor to</Field.Label>
          <Input
            size="sm"
            type="url"
            value={rule.to}
            onChange={(e) => onChange({ ...rule, to: e.target.value.trim() })}
          />
        </Field.Root>
      </Stack>
    </Box>
  );
}
