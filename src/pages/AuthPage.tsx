import { Center } from '@chakra-ui/react';
import { usePageHead } from '../components/usePageHead.ts';
import { AuthPanel } from '../features/auth/AuthPanel.tsx';

export function AuthPage() {
  usePageHead('/auth');
  return (
    <Center as="main" minH="100vh" bg="gray.50" p={{ base: '4', md: '8' }}>
      <AuthPanel />
    </Center>
  );
}
