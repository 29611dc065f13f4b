import { Center } from '@chakra-ui/react';
import { usePageTitle } from '../components/usePageTitle.ts';
import { AuthPanel } from '../features/auth/AuthPanel.tsx';

export function AuthPage() {
  usePageTitle('Log In or Register');
  return (
    <Center as="main" minH="100vh" bg="gray.50" p={{ base: '4', md: '8' }}>
      <AuthPanel />
    </Center>
  );
}
