import { HStack, Menu, Portal, Text } from '@chakra-ui/react';
import { MORE_QR_TYPES } from '../../content/qrTypes.ts';
import type { QrTypeId } from '../../content/qrTypes.ts';

export interface MoreTypesMenuProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  highlightedValue: string | null;
  onHighlightChange: (value: string | null) => void;
  onChoose: (type: QrTypeId) => void;
  /** Id of TypePicker's "More" button: the menu anchors to it and returns focus to it as to its own trigger. */
  triggerId: string;
}

/** The "More" types menu (spec §4), loaded when its button is about to be used: zag's menu and floating-ui. */
export default function MoreTypesMenu({
  open,
  onOpenChange,
  highlightedValue,
  onHighlightChange,
  onChoose,
  triggerId,
}: MoreTypesMenuProps) {
  return (
    <Menu.Root
      open={open}
      onOpenChange={(e) => onOpenChange(e.open)}
      highlightedValue={highlightedValue}
      onHighlightChange={(e) => onHighlightChange(e.highlightedValue)}
      ids={{ trigger: triggerId }}
      onSelect={({ value }) => {
        const option = MORE_QR_TYPES.find((t) => t.id === value);
        if (option) onChoose(option.id);
      }}
    >
      <Portal>
        <Menu.Positioner>
          <Menu.Content maxH="80" overflowY="auto" minW="64">
            {MORE_QR_TYPES.map((option) => (
              <Menu.Item key={option.id} value={option.id}>
                <HStack justify="space-between" w="full" gap="3" align="start">
                  <Text fontWeight="medium">{option.label}</Text>
                  <Text fontSize="xs" color="fg.muted" textAlign="end">
                    {option.description}
                  </Text>
                </HStack>
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
