import { useEffect, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useAtom, useAtomValue } from 'jotai';
import { Alert, Box, Button, Card, Heading, Tabs, Text } from '@chakra-ui/react';
import { SIGN_IN_SUCCESS } from './authMessages.ts';
import { linkResultAtom, passwordRecoveryAtom } from './authLinkResult.ts';
import { authStateAtom } from './authStateAtom.ts';
import { ForgotPasswordView } from './ForgotPasswordView.tsx';
import { LinkResultNotice } from './LinkResultNotice.tsx';
import { LoginForm } from './LoginForm.tsx';
import { EMAIL_CHANGED, EMAIL_CONFIRMED } from './recoveryMessages.ts';
import { RegisterForm } from './RegisterForm.tsx';
import { SetNewPasswordForm } from './SetNewPasswordForm.tsx';
import { showToast } from './showToast.ts';
import { SignInLinkView } from './SignInLinkView.tsx';
import { useAfterAuthNavigate } from './useAuthRedirect.ts';

type View = 'tabs' | 'forgot' | 'link';

/** A mailed link that signed the visitor in (confirmation, magic link, email change): on to the dashboard. */
function useFinishLinkSignIn() {
  const auth = useAtomValue(authStateAtom);
  const recovering = useAtomValue(passwordRecoveryAtom);
  const [linkResult, setLinkResult] = useAtom(linkResultAtom);
  const goOn = useAfterAuthNavigate();
  useEffect(() => {
    if (auth.status !== 'signedIn' || linkResult?.kind !== 'session' || recovering) return;
    if (linkResult.type === 'recovery') return;
    setLinkResult(null);
    const text =
      linkResult.type === 'signup' || linkResult.type === 'invite'
        ? EMAIL_CONFIRMED
        : linkResult.type === 'email_change'
          ? EMAIL_CHANGED
          : SIGN_IN_SUCCESS;
    showToast(text, 'success');
    goOn();
  }, [auth.status, linkResult, recovering, setLinkResult, goOn]);
}

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
  const recovering = useAtomValue(passwordRecoveryAtom);
  const [linkResult, setLinkResult] = useAtom(linkResultAtom);
  const [view, setView] = useState<View>('tabs');
  useFinishLinkSignIn();
  const back = () => setView('tabs');

  let body: ReactNode;
  if (recovering && auth.status === 'signedIn') {
    body = <SetNewPasswordForm email={auth.user.email ?? ''} />;
  } else if (view === 'forgot') {
    body = <ForgotPasswordView onBack={back} />;
  } else if (view === 'link') {
    body = <SignInLinkView onBack={back} />;
  } else if (linkResult && linkResult.kind !== 'session') {
    body = (
      <LinkResultNotice
        result={linkResult}
        onNewLink={() => {
          setLinkResult(null);
          setView('forgot');
        }}
        onDismiss={() => setLinkResult(null)}
      />
    );
  } else {
    body = (
      <Tabs.Root defaultValue="login" variant="enclosed" fitted>
        <Tabs.List>
          <Tabs.Trigger value="login">Log In</Tabs.Trigger>
          <Tabs.Trigger value="register">Register</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="login">
          <Box pt="4">
            <LoginForm onForgot={() => setView('forgot')} onSignInLink={() => setView('link')} />
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
    );
  }

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
        {body}
      </Card.Body>
    </Card.Root>
  );
}
