import { Box, Text } from '@chakra-ui/react';

/**
 * An entry the spec lists without a target (spec §2 "placeholder links with no target"). It is rendered as
 * text that is visibly not a link: muted, no pointer, with a "Coming soon" tag, and not focusable, so it
 * is never mistaken for a dead link.
 */
export function PlaceholderItem({ label, tone = 'light' }: { label: string; tone?: 'light' | 'dark' }) {
  return (
    <Box as="span" display="inline-flex" alignItems="center" gap="2" cursor="default" data-placeholder="true">
      <Text as="span" color={tone === 'dark' ? 'gray.400' : 'gray.600'}>
        {label}
      </Text>
      <Text
        as="span"
        fontSize="2xs"
        fontWeight="medium"
        textTransform="uppercase"
        letterSpacing="wide"
        px="1.5"
        py="0.5"
        rounded="sm"
        bg={tone === 'dark' ? 'gray.800' : 'gray.100'}
        color={tone === 'dark' ? 'gray.300' : 'gray.700'}
      >
        Coming soon
      </Text>
    </Box>
  );
}
