import { useNavigate } from 'react-router-dom';
import { Button, Menu, Portal, Stack, Text } from '@chakra-ui/react';
import { useSignOut } from './useSignOut.ts';

interface AccountMenuProps {
  placement: 'header' | 'drawer';
  onNavigate?: () => void;
  email?: string;
}

/** Signed-in header area (spec §2): an Account dropdown with Dashboard and Sign Out. */
export function AccountMenu({ placement, onNavigate, email }: AccountMenuProps) {
  const navigate = useNavigate();
  const signOut = useSignOut();
  const go = (to: string) => {
    onNavigate?.();
    navigate(to);
  };
  if (placement === 'drawer') {
    return (
      <Stack w="full" gap="2">
        {email && (
          <Text fontSize="sm" color="fg.muted">
            Signed in as {email}
          </Text>
        )}
        <Button variant="outline" w="full" onClick={() => go('/dashboard')}>
          Dashboard
        </Button>
        <Button
          colorPalette="brand"
          w="full"
          onClick={() => {
            onNavigate?.();
            void signOut();
          }}
        >
          Sign Out
        </Button>
      </Stack>
    );
  }
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <Button variant="outline" size="sm">
          Account
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="48">
            {email && (
              <Menu.ItemGroup>
                <Menu.ItemGroupLabel fontWeight="normal" color="fg.muted">
                  {email}
                </Menu.ItemGroupLabel>
              </Menu.ItemGroup>
            )}
            <Menu.Item value="dashboard" onSelect={() => go('/dashboard')}>
              Dashboard
            </Menu.Item>
            <Menu.Item value="sign-out" onSelect={() => void signOut()}>
              Sign Out
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
