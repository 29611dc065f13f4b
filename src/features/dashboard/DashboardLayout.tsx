import { NavLink, Outlet } from 'react-router-dom';
import { Box, Flex, HStack, chakra } from '@chakra-ui/react';
import { GridIcon, ListIcon, SettingsIcon, TrendIcon } from '../../components/icons.tsx';
import { HeaderAccountArea } from '../auth/HeaderAccountArea.tsx';
import { Logo } from '../site/Logo.tsx';

const NAV = [
  { label: 'Dashboard', to: '/dashboard', icon: GridIcon, end: true },
  { label: 'My QR Codes', to: '/dashboard/qr-codes', icon: ListIcon, end: false },
  { label: 'Analytics', to: '/dashboard/analytics', icon: TrendIcon, end: false },
  { label: 'Settings', to: '/dashboard/settings', icon: SettingsIcon, end: false },
] as const;

/**
 * The dashboard shell: top bar, sidebar (a wrapping row on small screens) and the page in <Outlet/>.
 * One parent route renders this, so a sign-in guard can wrap all of /dashboard/* in one place.
 */
export function DashboardLayout() {
  return (
    <Flex direction="column" minH="100vh" bg="gray.50">
      <Box
        as="header"
        bg="white"
        borderBottomWidth="1px"
        borderColor="gray.200"
        position="sticky"
        top="0"
        zIndex="sticky"
      >
        <HStack h="16" px={{ base: '3', md: '6' }} justify="space-between" gap="3">
          <Logo />
          <HStack gap="2">
            <HeaderAccountArea placement="header" />
          </HStack>
        </HStack>
      </Box>
      <Flex direction={{ base: 'column', md: 'row' }} flex="1">
        <chakra.nav
          aria-label="Dashboard"
          bg="white"
          borderRightWidth={{ base: '0', md: '1px' }}
          borderBottomWidth={{ base: '1px', md: '0' }}
          borderColor="gray.200"
          w={{ base: 'full', md: '60' }}
          flexShrink={0}
          p="3"
        >
          <chakra.ul
            listStyleType="none"
            m="0"
            p="0"
            display="flex"
            flexDirection={{ base: 'row', md: 'column' }}
            flexWrap="wrap"
            gap="1"
          >
            {NAV.map(({ label, to, icon: Icon, end }) => (
              <li key={to}>
                <chakra.a
                  asChild
                  display="flex"
                  alignItems="center"
                  gap="3"
                  px="3"
                  py="2"
                  rounded="md"
                  fontWeight="medium"
                  color="gray.700"
                  _hover={{ bg: 'gray.100' }}
                  _currentPage={{ bg: 'brand.50', color: 'brand.600' }}
                  _focusVisible={{ outline: '2px solid', outlineColor: 'brand.500', outlineOffset: '-2px' }}
                >
                  <NavLink to={to} end={end}>
                    <Icon size={18} />
                    {label}
                  </NavLink>
                </chakra.a>
              </li>
            ))}
          </chakra.ul>
        </chakra.nav>
        <Box as="main" id="main-content" flex="1" minW="0" p={{ base: '4', md: '8' }}>
          <Outlet />
        </Box>
      </Flex>
    </Flex>
  );
}
