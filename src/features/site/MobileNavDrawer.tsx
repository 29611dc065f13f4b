import type { RefObject } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Box, CloseButton, Drawer, Heading, Portal, Stack, Text, chakra } from '@chakra-ui/react';
import { HEADER_MENUS } from '../../content/navigation.ts';
import { HeaderAccountArea } from '../auth/HeaderAccountArea.tsx';
import { PlaceholderItem } from './PlaceholderItem.tsx';

const linkStyles = {
  display: 'block',
  py: '2',
  px: '2',
  rounded: 'md',
  color: 'gray.900',
  _hover: { bg: 'gray.100' },
  _focusVisible: { outline: '2px solid', outlineColor: 'brand.500', outlineOffset: '-2px' },
} as const;

export interface MobileNavDrawerProps {
  open: boolean;
  onClose: () => void;
  /** The menu button, where focus returns on close (it sits outside the drawer: see MobileNav). */
  triggerRef: RefObject<HTMLButtonElement | null>;
}

/** The small-screen drawer with the same navigation as the header menus; loaded when its button is about to be used. */
export default function MobileNavDrawer({ open, onClose, triggerRef }: MobileNavDrawerProps) {
  return (
    <Drawer.Root
      open={open}
      onOpenChange={(e) => {
        if (!e.open) onClose();
      }}
      placement="end"
      size="xs"
      finalFocusEl={() => triggerRef.current}
    >
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content>
            <Drawer.Header>
              <Drawer.Title>Menu</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              <chakra.nav aria-label="Main">
                <Stack gap="5">
                  {HEADER_MENUS.map((menu) => (
                    <Box as="section" key={menu.label} aria-labelledby={`drawer-${menu.label}`}>
                      <Heading
                        as="h2"
                        id={`drawer-${menu.label}`}
                        fontSize="xs"
                        textTransform="uppercase"
                        letterSpacing="wider"
                        color="gray.600"
                        mb="1"
                      >
                        {menu.label}
                      </Heading>
                      <chakra.ul listStyleType="none" m="0" p="0">
                        {menu.items.map((item) => (
                          <li key={item.label}>
                            {item.to ? (
                              <chakra.a asChild {...linkStyles}>
                                <RouterLink to={item.to} onClick={onClose}>
                                  <Text as="span" fontWeight="medium" display="block">
                                    {item.label}
                                  </Text>
                                  {item.description && (
                                    <Text as="span" fontSize="sm" color="gray.600" display="block">
                                      {item.description}
                                    </Text>
                                  )}
                                </RouterLink>
                              </chakra.a>
                            ) : (
                              <Box py="1.5" px="2">
                                <PlaceholderItem label={item.label} />
                              </Box>
                            )}
                          </li>
                        ))}
                      </chakra.ul>
                    </Box>
                  ))}
                  <chakra.a asChild {...linkStyles} fontWeight="medium">
                    <RouterLink to="/pricing" onClick={onClose}>
                      Pricing
                    </RouterLink>
                  </chakra.a>
                </Stack>
              </chakra.nav>
            </Drawer.Body>
            <Drawer.Footer>
              <HeaderAccountArea placement="drawer" onNavigate={onClose} />
            </Drawer.Footer>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close menu" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
