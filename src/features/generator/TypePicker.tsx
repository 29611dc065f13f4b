import { useAtomValue, useSetAtom } from 'jotai';
import { Button, HStack, Menu, Portal, Text, Wrap } from '@chakra-ui/react';
import { MORE_QR_TYPES, POPULAR_QR_TYPES, QR_TYPES } from '../../content/qrTypes.ts';
import type { GeneratorAtoms } from './generatorAtoms.ts';

/**
 * Spec §2/§4: the six popular types as buttons (choosing one keeps the content) and a "More" menu with
 * descriptions for the other 18 (choosing one clears the content and closes the menu).
 */
export function TypePicker({ atoms }: { atoms: GeneratorAtoms }) {
  const type = useAtomValue(atoms.typeAtom);
  const chooseType = useSetAtom(atoms.chooseTypeAtom);
  const current = QR_TYPES.find((t) => t.id === type);
  const currentIsMore = MORE_QR_TYPES.some((t) => t.id === type);

  return (
    <Wrap gap="2" role="group" aria-label="QR code type">
      {POPULAR_QR_TYPES.map((option) => (
        <Button
          key={option.id}
          size="sm"
          variant={option.id === type ? 'solid' : 'outline'}
          colorPalette={option.id === type ? 'brand' : 'gray'}
          aria-pressed={option.id === type}
          title={option.description}
          onClick={() => chooseType({ type: option.id, clearContent: false })}
        >
          {option.label}
        </Button>
      ))}
      <Menu.Root
        onSelect={({ value }) => {
          const option = MORE_QR_TYPES.find((t) => t.id === value);
          if (option) chooseType({ type: option.id, clearContent: true });
        }}
      >
        <Menu.Trigger asChild>
          <Button
            size="sm"
            variant={currentIsMore ? 'solid' : 'outline'}
            colorPalette={currentIsMore ? 'brand' : 'gray'}
          >
            {currentIsMore && current ? `More: ${current.label}` : 'More'}
          </Button>
        </Menu.Trigger>
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
    </Wrap>
  );
}
