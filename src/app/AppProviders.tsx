import { StrictMode, useEffect, type ReactNode } from 'react';
import { ChakraProvider } from '@chakra-ui/react';
import { CacheProvider, type EmotionCache } from '@emotion/react';
import { Provider as JotaiProvider } from 'jotai';
import { getAppSystem, getHydratingSystem } from './theme.ts';
import { Toaster } from '../components/Toaster.tsx';

type Store = NonNullable<Parameters<typeof JotaiProvider>[0]['store']>;

export interface AppProvidersProps {
  /** Emotion's style cache: the browser's, or the prerender's, from which the page's critical CSS is read. */
  emotionCache: EmotionCache;
  store: Store;
  /** Runs once after the first commit: on a prerendered page, once hydration has matched the server's HTML. */
  onMounted?: () => void;
  /** Hydrating a prerendered page: its global styles are in the HTML already (getHydratingSystem). */
  hydrating?: boolean;
  children: ReactNode;
}

/**
 * Everything a page needs around it: Emotion's cache, Chakra's design system, the jotai store, the toaster. The
 * browser and the prerender render this same tree, so hydration finds the same elements and the same ids.
 */
export function AppProviders({ emotionCache, store, onMounted, hydrating = false, children }: AppProvidersProps) {
  useEffect(() => onMounted?.(), [onMounted]);
  return (
    <StrictMode>
      <CacheProvider value={emotionCache}>
        <ChakraProvider value={hydrating ? getHydratingSystem() : getAppSystem()}>
          <JotaiProvider store={store}>
            {children}
            <Toaster />
          </JotaiProvider>
        </ChakraProvider>
      </CacheProvider>
    </StrictMode>
  );
}
