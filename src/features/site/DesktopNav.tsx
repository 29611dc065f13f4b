import { Link as RouterLink } from 'react-router-dom';
import { HStack, chakra } from '@chakra-ui/react';
import { HEADER_MENUS } from '../../content/navigation.ts';
import { HeaderMenu } from './HeaderMenu.tsx';
import { useHeaderMenus } from './useHeaderMenus.ts';

/** The header's menus and Pricing link, shown from the lg breakpoint up (the drawer takes over below). */
export function DesktopNav() {
  const menus = useHeaderMenus();
  return (
    <chakra.nav aria-label="Main" display={{ base: 'none', lg: 'block' }}>
      <HStack as="ul" gap="1" listStyleType="none" m="0" p="0">
        {HEADER_MENUS.map((menu) => (
          <li key={menu.label}>
            <HeaderMenu
              menu={menu}
              isOpen={menus.openMenu === menu.label}
              onOpen={() => menus.open(menu.label)}
              onClose={menus.close}
              onToggle={() => menus.toggle(menu.label)}
              onHoverStart={() => menus.hoverStart(menu.label)}
              onHoverEnd={menus.hoverEnd}
            />
          </li>
        ))}
        <li>
          <chakra.a
            asChild
            display="inline-flex"
            px="3"
            py="2"
            rounded="md"
            fontWeight="medium"
            color="gray.800"
            _hover={{ bg: 'gray.100' }}
            _focusVisible={{ outline: '2px solid', outlineColor: 'brand.500', outlineOffset: '2px' }}
          >
            <RouterLink to="/pricing">Pricing</RouterLink>
          </chakra.a>
        </li>
      </HStack>
    </chakra.nav>
  );
}
