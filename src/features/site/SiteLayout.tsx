import type { ReactNode } from 'react';
import { Box, Flex, chakra } from '@chakra-ui/react';
import { Footer } from './Footer.tsx';
import { HEADER_HEIGHT, Header } from './Header.tsx';

export const MAIN_ID = 'main-content';

/** Skip link, fixed header, the page's one <main>, footer. Every public page is wrapped in this. */
export function SiteLayout({ children }: { children: ReactNode }) {
  return (
    <Flex direction="column" minH="100vh">
      <chakra.a
        href={`#${MAIN_ID}`}
        onClick={(event) => {
          event.preventDefault();
          document.getElementById(MAIN_ID)?.focus();
        }}
        position="absolute"
        left="2"
        top="-20"
        zIndex="skipNav"
        bg="white"
        color="brand.600"
        px="4"
        py="2"
        rounded="md"
        shadow="md"
        _focus={{ top: '2' }}
      >
        Skip to content
      </chakra.a>
      <Header />
      <Box as="main" id={MAIN_ID} tabIndex={-1} pt={HEADER_HEIGHT} flex="1" outline="none">
        {children}
      </Box>
      <Footer />
    </Flex>
  );
}
