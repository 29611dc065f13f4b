import { useEffect, useId, useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Text, chakra } from '@chakra-ui/react';
import { ChevronDownIcon } from '../../components/icons.tsx';
import type { NavMenu } from '../../content/navigation.ts';
import { useTypeahead } from './useHeaderMenus.ts';

interface HeaderMenuProps {
  menu: NavMenu;
  isOpen: boolean;
  onOpen: () => void;
  onClose: () => void;
  onToggle: () => void;
  onHoverStart: () => void;
  onHoverEnd: () => void;
}

const itemStyles = {
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  textAlign: 'start',
  width: '100%',
  px: '3',
  py: '2',
  rounded: 'md',
  outline: 'none',
  textDecoration: 'none',
  _focusVisible: { outline: '2px solid', outlineColor: 'brand.500', outlineOffset: '-2px' },
} as const;

/**
 * One header menu in the menu-button pattern: a button (aria-haspopup, aria-expanded) and a role="menu"
 * panel of menu items. Keys: Enter / Space / ArrowDown open on the first item, ArrowUp on the last; in the panel
 * ArrowUp/Down, Home/End move, type-ahead jumps, Escape closes back to the button, Tab closes.
 */
export function HeaderMenu({ menu, isOpen, onOpen, onClose, onToggle, onHoverStart, onHoverEnd }: HeaderMenuProps) {
  const panelId = useId();
  const triggerRef = useRef<HTMLButtonElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const itemRefs = useRef<(HTMLElement | null)[]>([]);
  const pendingFocus = useRef<'first' | 'last' | null>(null);
  const typeahead = useTypeahead();
  const labels = menu.items.map((i) => i.label);

  useEffect(() => {
    if (!isOpen) return;
    if (pendingFocus.current) {
      const items = itemRefs.current;
      const target = pendingFocus.current === 'first' ? items[0] : items[items.length - 1];
      target?.focus();
      pendingFocus.current = null;
    }
    const onPointerDown = (event: globalThis.PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) onClose();
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [isOpen, onClose]);

  const focusItem = (index: number) => {
    const items = itemRefs.current;
    const n = items.length;
    items[((index % n) + n) % n]?.focus();
  };

  const onTriggerKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      pendingFocus.current = 'first';
      if (isOpen) focusItem(0);
      else onOpen();
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      pendingFocus.current = 'last';
      if (isOpen) focusItem(-1);
      else onOpen();
    } else if (event.key === 'Escape' && isOpen) {
      event.preventDefault();
      onClose();
    }
  };

  const onPanelKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const current = itemRefs.current.findIndex((el) => el === document.activeElement);
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        focusItem(current + 1);
        return;
      case 'ArrowUp':
        event.preventDefault();
        focusItem(current - 1);
        return;
      case 'Home':
        event.preventDefault();
        focusItem(0);
        return;
      case 'End':
        event.preventDefault();
        focusItem(-1);
        return;
      case 'Escape':
        event.preventDefault();
        onClose();
        triggerRef.current?.focus();
        return;
      case 'Tab':
        onClose();
        return;
      default:
        if (event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey && event.key !== ' ') {
          const next = typeahead(event.key, labels, current);
          if (next >= 0) {
            event.preventDefault();
            focusItem(next);
          }
        }
    }
  };

  const mouseOnly = (fn: () => void) => (event: PointerEvent) => {
    if (event.pointerType === 'mouse') fn();
  };

  const twoColumns = menu.items.length > 4;

  return (
    <Box
      ref={rootRef}
      position="relative"
      onPointerEnter={mouseOnly(onHoverStart)}
      onPointerLeave={mouseOnly(onHoverEnd)}
    >
      <chakra.button
        ref={triggerRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={onToggle}
        onKeyDown={onTriggerKeyDown}
        display="inline-flex"
        alignItems="center"
        gap="1"
        px="3"
        py="2"
        rounded="md"
        fontWeight="medium"
        color="gray.800"
        cursor="pointer"
        _hover={{ bg: 'gray.100' }}
        _expanded={{ bg: 'gray.100' }}
        _focusVisible={{ outline: '2px solid', outlineColor: 'brand.500', outlineOffset: '2px' }}
      >
        {menu.label}
        <ChevronDownIcon style={{ transition: 'transform 150ms', transform: isOpen ? 'rotate(180deg)' : undefined }} />
      </chakra.button>
      <Box
        id={panelId}
        role="menu"
        aria-label={menu.label}
        hidden={!isOpen}
        onKeyDown={onPanelKeyDown}
        position="absolute"
        top="100%"
        left="0"
        mt="1"
        zIndex="dropdown"
        bg="white"
        borderWidth="1px"
        borderColor="gray.200"
        rounded="lg"
        shadow="lg"
        p="2"
        minW="72"
        w={twoColumns ? '34rem' : undefined}
        display={isOpen ? 'grid' : 'none'}
        gridTemplateColumns={twoColumns ? '1fr 1fr' : '1fr'}
        gap="1"
      >
        {menu.items.map((item, index) =>
          item.to ? (
            <chakra.a asChild key={item.label} {...itemStyles} _hover={{ bg: 'gray.100' }} _focus={{ bg: 'gray.100' }}>
              <RouterLink
                to={item.to}
                role="menuitem"
                tabIndex={-1}
                ref={(el) => {
                  itemRefs.current[index] = el;
                }}
                onClick={onClose}
              >
                <Text as="span" fontWeight="medium" color="gray.900">
                  {item.label}
                </Text>
                {item.description && (
                  <Text as="span" fontSize="sm" color="gray.600">
                    {item.description}
                  </Text>
                )}
              </RouterLink>
            </chakra.a>
          ) : (
            <chakra.button
              key={item.label}
              type="button"
              role="menuitem"
              tabIndex={-1}
              aria-disabled="true"
              ref={(el: HTMLButtonElement | null) => {
                itemRefs.current[index] = el;
              }}
              {...itemStyles}
              cursor="not-allowed"
              _focus={{ bg: 'gray.50' }}
            >
              <Text as="span" color="gray.600">
                {item.label}
              </Text>
              <Text as="span" fontSize="xs" color="gray.600">
                Coming soon
              </Text>
            </chakra.button>
          ),
        )}
      </Box>
    </Box>
  );
}
