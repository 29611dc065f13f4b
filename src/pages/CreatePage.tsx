import { Link as RouterLink } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { Box, Button, Flex, HStack, Heading, Link, Text } from '@chakra-ui/react';
import { usePageHead } from '../components/usePageHead.ts';
import { CreateGeneratorSlot } from '../features/generator/CreateGeneratorSlot.tsx';
import { ArrowLeftIcon } from '../components/icons.tsx';
import { authStateAtom } from '../features/auth/authStateAtom.ts';
import { LazyAccountMenu } from '../features/auth/LazyAccountMenu.tsx';
import { Footer } from '../features/site/Footer.tsx';

/**
 * `/create`: the public generator page chrome (spec §2). Log In and Register show when signed out; a signed-in
 * user gets the Account menu instead. The generator itself fills CreateGeneratorSlot; the site footer closes the
 * page, as on every other public page.
 */
export function CreatePage() {
  usePageHead('/create');
  return (
    <Box minH="100vh" bg="gray.50">
      <Box as="header" bg="white" borderBottomWidth="1px" borderColor="gray.200">
        <Flex maxW="7xl" mx="auto" px={{ base: '3', md: '6' }} h="16" align="center" justify="space-between" gap="2">
          <Button asChild variant="ghost" size="sm">
            <RouterLink to="/">
              <ArrowLeftIcon />
              Back to Home
            </RouterLink>
          </Button>
          <CreateHeaderAccount />
        </Flex>
      </Box>
      <Box as="main" id="main-content" maxW="7xl" mx="auto" px={{ base: '4', md: '6' }} py={{ base: '8', md: '12' }}>
        <Box textAlign="center" mb="8">
          <Heading as="h1" fontSize={{ base: '2xl', md: '4xl' }} color="gray.900">
            QR Code Generator: Create your Free QR Code
          </Heading>
          <Text mt="3" color="gray.700">
            Choose a type, enter your content, customize the design and download.
          </Text>
          <Text mt="1" fontSize="sm" color="gray.700">
            Many codes at once?{' '}
            <Link asChild color="brand.700" textDecoration="underline">
              <RouterLink to="/create/bulk">Create them in bulk from a spreadsheet</RouterLink>
            </Link>
          </Text>
        </Box>
        <CreateGeneratorSlot />
      </Box>
      <Footer />
    </Box>
  );
}

/**
 * Log In and Register, or the Account menu: the only part of the page that follows the session, so the page
 * itself (the generator with it) does not re-render when the session becomes known after hydration.
 */
function CreateHeaderAccount() {
  const auth = useAtomValue(authStateAtom);
  return auth.status === 'signedIn' ? (
    <LazyAccountMenu placement="header" email={auth.user.email} />
  ) : (
    <HStack gap="2" visibility={auth.status === 'loading' ? 'hidden' : 'visible'}>
      <Button asChild variant="outline" size="sm">
        <RouterLink to="/auth">Log In</RouterLink>
      </Button>
      <Button asChild colorPalette="brand" size="sm">
        <RouterLink to="/auth">Register</RouterLink>
      </Button>
    </HStack>
  );
}
