import { useState } from 'react';
import { Button, Field, HStack, Input, Text } from '@chakra-ui/react';
import { toaster } from '../../../components/toaster.ts';
import { toDataError } from '../../../lib/dataError.ts';
import type { SavedCode } from '../codeModel.ts';
import { setCodePassword } from './scanRulesApi.ts';
import { Section } from './Section.tsx';

/** bcrypt reads at most 72 bytes of a password: a longer one would be cut without a word. */
const MAX_PASSWORD_BYTES = 72;
const MIN_PASSWORD_CHARS = 4;

function passwordProblem(password: string): string | null {
  if ([...password].length < MIN_PASSWORD_CHARS) return `Use at least ${MIN_PASSWORD_CHARS} characters.`;
  if (new TextEncoder().encode(password).length > MAX_PASSWORD_BYTES)
    return `Use at most ${MAX_PASSWORD_BYTES} bytes (about ${MAX_PASSWORD_BYTES} letters).`;
  return null;
}

export function PasswordSection({
  code,
  hasPassword,
  onChanged,
}: {
  code: SavedCode;
  hasPassword: boolean;
  onChanged: (hasPassword: boolean) => void;
}) {
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const change = async (next: string | null) => {
    const invalid = next === null ? null : passwordProblem(next);
    setProblem(invalid);
    if (invalid) return;
    setBusy(true);
    try {
      await setCodePassword(code.id, next);
      setPassword('');
      onChanged(next !== null);
      toaster.create({
        title: next === null ? 'Password removed' : 'Password set',
        description:
          next === null
            ? `Scans of “${code.name}” no longer ask for a password.`
            : `Scans of “${code.name}” ask for it first; a visitor who knows it is let through for an hour.`,
        type: 'success',
      });
    } catch (e) {
      setProblem(toDataError(e).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Section title="Password">
      <Text fontSize="sm">
        {hasPassword ? 'Scans ask for a password before any rule.' : 'Scans do not ask for a password.'} Changes here
        apply at once.
      </Text>
      <Field.Root invalid={problem !== null}>
        <Field.Label fontSize="sm">{hasPassword ? 'New password' : 'Password'}</Field.Label>
        <HStack gap="2" wrap="wrap">
          <Input
            size="sm"
            maxW="16rem"
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <Button size="sm" variant="outline" loading={busy} onClick={() => void change(password)}>
            {hasPassword ? 'Change password' : 'Set password'}
          </Button>
          {hasPassword && (
            <Button size="sm" variant="ghost" colorPalette="red" disabled={busy} onClick={() => void change(null)}>
              Remove password
            </Button>
          )}
        </HStack>
        <Field.ErrorText>{problem}</Field.ErrorText>
      </Field.Root>
    </Section>
  );
}
