/** Small labelled controls the design tabs share: option cards (radio cards) and a colour with its hex field. */
import { Field, HStack, Input, RadioCard, SimpleGrid } from '@chakra-ui/react';
import { isHexColour } from '../../worker-client/index.ts';

export function OptionCards<T extends string>({
  label,
  options,
  value,
  onChange,
  columns,
}: {
  label: string;
  options: readonly { value: T; label: string; description?: string }[];
  value: T;
  onChange: (value: T) => void;
  columns: Record<string, number>;
}) {
  return (
    <RadioCard.Root
      value={value}
      onValueChange={(e) => e.value && onChange(e.value as T)}
      size="sm"
      colorPalette="brand"
    >
      <RadioCard.Label>{label}</RadioCard.Label>
      <SimpleGrid columns={columns} gap="2">
        {options.map((option) => (
          <RadioCard.Item key={option.value} value={option.value}>
            <RadioCard.ItemHiddenInput />
            <RadioCard.ItemControl>
              <RadioCard.ItemContent>
                <RadioCard.ItemText>{option.label}</RadioCard.ItemText>
                {option.description && <RadioCard.ItemDescription>{option.description}</RadioCard.ItemDescription>}
              </RadioCard.ItemContent>
            </RadioCard.ItemControl>
          </RadioCard.Item>
        ))}
      </SimpleGrid>
    </RadioCard.Root>
  );
}

export function ColorField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
}) {
  return (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <HStack>
        <Input
          type="color"
          aria-label={`${label} picker`}
          value={value}
          onChange={(e) => onChange(e.target.value.toUpperCase())}
          w="12"
          p="1"
        />
        <Input
          aria-label={`${label} hex`}
          value={value}
          maxLength={7}
          onChange={(e) => {
            const next = e.target.value.trim();
            if (isHexColour(next)) onChange(next.toUpperCase());
          }}
          fontFamily="mono"
        />
      </HStack>
    </Field.Root>
  );
}
