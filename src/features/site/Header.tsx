import { Box, Flex, HStack } from '@chakra-ui/react';
import { HeaderAccountArea } from '../auth/HeaderAccountArea.tsx';
import { DesktopNav } from './DesktopNav.tsx';
import { Logo } from './Logo.tsx';
import { MobileNav } from './MobileNav.tsx';

export const HEADER_HEIGHT = '4rem';

/** Fixed site header (spec §2): logo, Product / Solution / Company / Resources menus, Pricing, sign-in area. */
export function Header() {
  return (
    <Box
      as="header"
      position="fixed"
      top="0"
      insetX="0"
      zIndex="sticky"
      h={HEADER_HEIGHT}
      bg="white"
      borderBottomWidth="1px"
      borderColor="gray.200"
    >
      <Flex maxW="7xl" mx="auto" h="full" px={{ base: '3', md: '6' }} align="center" justify="space-between" gap="3">
        <Logo />
        <DesktopNav />
        <HStack gap="2">
          <HeaderAccountArea placement="header" />
          <MobileNav />
        </HStack>
      </Flex>
    </Box>
  );
}
