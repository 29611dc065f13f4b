import { useAtomValue } from 'jotai';
import { Stack } from '@chakra-ui/react';
import { authStateAtom } from '../auth/authStateAtom.ts';
import { ApiKeysSection } from './ApiKeysSection.tsx';
import { EmailForm } from './EmailForm.tsx';
import { PasswordForm } from './PasswordForm.tsx';
import { ProfileForm } from './ProfileForm.tsx';
import { SettingsSection } from './SettingsSection.tsx';
import { SignOutEverywhere } from './SignOutEverywhere.tsx';
import { StorageUsageLine } from './StorageUsageLine.tsx';
import { TimeZoneForm } from './TimeZoneForm.tsx';

/** /dashboard/settings: profile, time zone, password and sessions. Rendered inside RequireAuth, so a user is known. */
export function SettingsView() {
  const auth = useAtomValue(authStateAtom);
  if (auth.status !== 'signedIn') return null;
  return (
    <Stack gap="5" maxW="3xl">
      <SettingsSection title="Profile" description="Your name as it appears in QRCraft.">
        <ProfileForm user={auth.user} />
      </SettingsSection>
      <SettingsSection title="Files" description="What your uploaded files take, and what your plan allows.">
        <StorageUsageLine />
      </SettingsSection>
      <SettingsSection
        id="time-zone"
        title="Time zone"
        description="Analytics count days in this time zone; it goes with your account to every device."
      >
        <TimeZoneForm user={auth.user} />
      </SettingsSection>
      <SettingsSection title="Email" description="We confirm a new address by mail before it replaces this one.">
        <EmailForm user={auth.user} />
      </SettingsSection>
      <SettingsSection title="Password" description="Changing it signs you out on every other device.">
        <PasswordForm email={auth.user.email ?? ''} />
      </SettingsSection>
      <ApiKeysSection />
      <SettingsSection
        title="Sessions"
        description="Lost a device, or signed in on a shared computer? End every session of your account."
      >
        <SignOutEverywhere />
      </SettingsSection>
    </Stack>
  );
}
