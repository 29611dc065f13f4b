import { lazy, Suspense, type ComponentProps } from 'react';
import { Box } from '@chakra-ui/react';

const AccountMenu = lazy(() => import('./AccountMenu.tsx').then((m) => ({ default: m.AccountMenu })));

/** The Account menu, loaded only for signed-in visitors (most landing visitors never need its code). */
export function LazyAccountMenu(props: ComponentProps<typeof AccountMenu>) {
  return (
    <Suspense fallback={<Box minW="24" aria-hidden="true" />}>
      <AccountMenu {...props} />
    </Suspense>
  );
}
