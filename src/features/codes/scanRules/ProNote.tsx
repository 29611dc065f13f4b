import { Link as RouterLink } from 'react-router-dom';
import { Badge, HStack, Link, Text } from '@chakra-ui/react';

/** Beside a control the Free plan does not get: says so, and links to the plans. */
export function ProNote({ children }: { children: string }) {
  return (
    <HStack gap="2" fontSize="sm" color="fg.muted" wrap="wrap">
      <Badge colorPalette="brand" variant="subtle">
        Pro
      </Badge>
      <Text>{children}</Text>
      <Link asChild color="brand.700" textDecoration="underline">
        <RouterLink to="/pricing">See plans</RouterLink>
      </Link>
    </HStack>
  );
}
