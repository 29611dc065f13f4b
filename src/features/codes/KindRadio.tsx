import { RadioGroup, Stack, Text } from '@chakra-ui/react';

interface KindRadioProps {
  value: 'dynamic' | 'static';
  onChange: (value: 'dynamic' | 'static') => void;
  /** Null when dynamic is allowed; otherwise the sentence saying why not. */
  dynamicBlocked: string | null;
}

/** Dynamic vs Static, with the reason when dynamic is not possible for this content. */
export function KindRadio({ value, onChange, dynamicBlocked }: KindRadioProps) {
  return (
    <RadioGroup.Root
      value={value}
      onValueChange={(e) => e.value && onChange(e.value as 'dynamic' | 'static')}
      colorPalette="brand"
    >
      <RadioGroup.Label fontWeight="medium">Kind of code</RadioGroup.Label>
      <Stack gap="2" mt="2">
        <RadioGroup.Item value="dynamic" disabled={dynamicBlocked !== null} aria-describedby="kind-dynamic-help">
          <RadioGroup.ItemHiddenInput />
          <RadioGroup.ItemIndicator />
          <RadioGroup.ItemText>Dynamic</RadioGroup.ItemText>
        </RadioGroup.Item>
        <Text id="kind-dynamic-help" fontSize="sm" color={dynamicBlocked ? 'orange.800' : 'gray.700'} ps="7">
          {dynamicBlocked ??
            'Prints a short URL that redirects to your link: change the destination later without reprinting, and count scans. Free plan: 3 dynamic codes.'}
        </Text>
        <RadioGroup.Item value="static">
          <RadioGroup.ItemHiddenInput />
          <RadioGroup.ItemIndicator />
          <RadioGroup.ItemText>Static</RadioGroup.ItemText>
        </RadioGroup.Item>
        <Text fontSize="sm" color="gray.700" ps="7">
          The content is stored in the code itself: it cannot change once printed and scans are not counted.
        </Text>
      </Stack>
    </RadioGroup.Root>
  );
}
