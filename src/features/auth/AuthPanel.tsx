import { Link as RouterLink } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { Alert, Box, Button, Card, Heading, Tabs, Text } from '@chakra-ui/react';
import { authStateAtom } from './authStateAtom.ts';
import { LoginForm } from './LoginForm.tsx';
import { RegisterForm } from './RegisterForm.tsx';

function BackToHome() {
  return (
    <Button asChild variant="ghost" size="sm" mt="4" width="full">
      <RouterLink to="/">Back to Home</RouterLink>
    </Button>
  );
}

/** /auth: Log In (default) and Register tabs, each with "Back to Home" (spec §2). */
export function AuthPanel() {
  const auth = useAtomValue(authStateAtom);
  return (
    <Card.Root width="full" maxW="md">
      <Card.Header>
        <Heading as="h1" size="xl">
          Welcome to QRCraft
        </Heading>
        <Text color="fg.muted">Sign in to save, edit and track your QR codes.</Text>
      </Card.Header>
      <Card.Body>
        {auth.status === 'unavailable' && (
          <Alert.Root status="error" mb="4">
            <Alert.Indicator />
            <Alert.Description>{auth.message}</Alert.Description>
          </Alert.Root>
        )}
        <Tabs.Root defaultValue="login" variant="enclosed" fitted>
          <Tabs.List>
            <Tabs.Trigger value="login">Log In</Tabs.Trigger>
            <Tabs.Trigger value="register">Register</Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="login">
            <Box pt="4">
              <LoginForm />
              <BackToHome />
            </Box>
          </Tabs.Content>
          <Tabs.Content value="register">
            <Box pt="4">
              <RegisterForm />
              <BackToHome />
            </Box>
          </Tabs.Content>
        </Tabs.Root>
      </Card.Body>
    </Card.Root>
  );
}
