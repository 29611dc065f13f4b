import type { ReactNode } from 'react';
import { ChakraProvider } from '@chakra-ui/react';
import { Provider as JotaiProvider } from 'jotai';
import { appStore } from './store.ts';
import { appSystem } from './theme.ts';
import { Toaster } from '../components/Toaster.tsx';

/** Everything a page needs around it: Chakra's design system, the one jotai store, the toaster. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ChakraProvider value={appSystem}>
      <JotaiProvider store={appStore}>
        {children}
        <Toaster />
      </JotaiProvider>
    </ChakraProvider>
  );
}
