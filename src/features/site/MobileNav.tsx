import { Suspense, useRef, useState } from 'react';
import { IconButton } from '@chakra-ui/react';
import { MenuIcon } from '../../components/icons.tsx';
import { lazyWithPreload, preloadOnIntent } from '../../components/lazyWithPreload.ts';

// The drawer's dialog machine, focus trap and scroll lock are not needed until the button is used.
const MobileNavDrawer = lazyWithPreload(() => import('./MobileNavDrawer.tsx'));

/** Below the lg breakpoint: a menu button opening a drawer with the same navigation as the header menus. */
export function MobileNav() {
  const [open, setOpen] = useState(false);
  // Mounted from the first open on, so closing plays the drawer's exit animation.
  const [mounted, setMounted] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  return (
    <>
      <IconButton
        ref={triggerRef}
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        variant="ghost"
        display={{ base: 'inline-flex', lg: 'none' }}
        {...preloadOnIntent(MobileNavDrawer.preload)}
        onClick={() => {
          setMounted(true);
          setOpen(true);
        }}
      >
        <MenuIcon size={22} />
      </IconButton>
      {mounted && (
        <Suspense fallback={null}>
          <MobileNavDrawer open={open} onClose={() => setOpen(false)} triggerRef={triggerRef} />
        </Suspense>
      )}
    </>
  );
}
