import { Link as RouterLink } from 'react-router-dom';
import { HStack, Text, chakra } from '@chakra-ui/react';
import { QrLogoIcon } from '../../components/icons.tsx';

/** The QRCraft word mark, linking home. */
export function Logo({ tone = 'light' }: { tone?: 'light' | 'dark' }) {
  return (
    <chakra.a
      asChild
      rounded="md"
      _focusVisible={{
        outline: '2px solid',
        outlineColor: tone === 'dark' ? 'white' : 'brand.500',
        outlineOffset: '2px',
      }}
    >
      <RouterLink to="/" aria-label="QRCraft home">
        <HStack gap="2">
          <chakra.span
            display="inline-flex"
            alignItems="center"
            justifyContent="center"
            boxSize="8"
            rounded="md"
            bg="brand.500"
            color="white"
          >
            <QrLogoIcon size={20} />
          </chakra.span>
          <Text as="span" fontWeight="bold" fontSize="xl" color={tone === 'dark' ? 'white' : 'gray.900'}>
            QRCraft
          </Text>
        </HStack>
      </RouterLink>
    </chakra.a>
  );
}
