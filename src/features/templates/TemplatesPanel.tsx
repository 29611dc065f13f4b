/**
 * Design templates: save the current design under a name, apply one (the level is kept), delete your own. The
 * built-in templates come first; your own are in this browser when signed out and with your account when
 * signed in (templatesStore.ts).
 */
import { useCallback, useEffect, useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { Alert, Button, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { BUILT_IN_TEMPLATES } from '../../qr-ui/index.ts';
import { isSignedInAtom } from '../auth/authStateAtom.ts';
import type { GeneratorAtoms } from '../generator/generatorAtoms.ts';
import { MAX_TEMPLATE_NAME, templateName, type DesignTemplate } from './templateModel.ts';
import { accountTemplates, localTemplates } from './templatesStore.ts';

const BUILT_INS: DesignTemplate[] = BUILT_IN_TEMPLATES.map((t) => ({ ...t, builtIn: true }));

function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : 'Something went wrong. Try again.';
}

export function TemplatesPanel({ atoms }: { atoms: GeneratorAtoms }) {
  const signedIn = useAtomValue(isSignedInAtom);
  const store = signedIn ? accountTemplates : localTemplates;
  const design = useAtomValue(atoms.designAtom);
  const setDesign = useSetAtom(atoms.setDesignAtom);
  const [own, setOwn] = useState<DesignTemplate[]>([]);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const reload = useCallback(
    (signal?: AbortSignal) =>
      store.list(signal).then(
        (list) => {
          if (!signal?.aborted) setOwn(list);
        },
        (e: unknown) => {
          if (!signal?.aborted) setError(messageOf(e));
        },
      ),
    [store],
  );
  useEffect(() => {
    const controller = new AbortController();
    void reload(controller.signal);
    return () => controller.abort();
  }, [reload]);

  const save = async () => {
    const clean = templateName(name);
    if (!clean) {
      setError(`Enter a template name of 1 to ${MAX_TEMPLATE_NAME} characters.`);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const { ecl: _ecl, ...rest } = design;
      const saved = await store.save(clean, rest);
      setOwn((list) => [saved, ...list]);
      setName('');
      setStatus(`Saved template “${saved.name}”.`);
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };

  const remove = async (t: DesignTemplate) => {
    setError(null);
    try {
      await store.remove(t.id);
      setOwn((list) => list.filter((x) => x.id !== t.id));
      setStatus(`Deleted template “${t.name}”.`);
    } catch (e) {
      setError(messageOf(e));
    }
  };

  const apply = (t: DesignTemplate) => {
    setDesign({ ...t.design });
    setStatus(`Applied template “${t.name}”.`);
  };

  return (
    <Stack gap="4">
      <Field.Root invalid={error !== null}>
        <Field.Label>Template name</Field.Label>
        <HStack>
          <Input
            value={name}
            maxLength={MAX_TEMPLATE_NAME}
            placeholder="My brand"
            onChange={(e) => setName(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') void save();
            }}
          />
          <Button size="sm" colorPalette="brand" loading={busy} onClick={() => void save()}>
            Save current design
          </Button>
        </HStack>
        <Field.HelperText>
          {signedIn
            ? 'Saved with your account.'
            : 'Saved in this browser. Sign in to keep templates with your account.'}
        </Field.HelperText>
      </Field.Root>
      {error && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Description>{error}</Alert.Description>
        </Alert.Root>
      )}
      <Text role="status" fontSize="sm" color="fg.muted" minH="5">
        {status}
      </Text>
      <TemplateList title="Your templates" templates={own} onApply={apply} onDelete={remove} empty="None saved yet." />
      <TemplateList title="Built-in templates" templates={BUILT_INS} onApply={apply} />
    </Stack>
  );
}

function TemplateList({
  title,
  templates,
  onApply,
  onDelete,
  empty,
}: {
  title: string;
  templates: DesignTemplate[];
  onApply: (t: DesignTemplate) => void;
  onDelete?: (t: DesignTemplate) => void;
  empty?: string;
}) {
  const id = `templates-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <Stack gap="2" as="section" aria-labelledby={id}>
      <Text id={id} fontSize="sm" fontWeight="semibold">
        {title}
      </Text>
      {templates.length === 0 && empty && (
        <Text fontSize="sm" color="fg.muted">
          {empty}
        </Text>
      )}
      <Stack as="ul" gap="2" listStyleType="none">
        {templates.map((t) => (
          <HStack as="li" key={t.id} justify="space-between" gap="2">
            <Text fontSize="sm" truncate>
              {t.name}
            </Text>
            <HStack gap="2">
              <Button size="xs" variant="outline" onClick={() => onApply(t)} aria-label={`Apply template ${t.name}`}>
                Apply
              </Button>
              {onDelete && !t.builtIn && (
                <Button size="xs" variant="ghost" onClick={() => onDelete(t)} aria-label={`Delete template ${t.name}`}>
                  Delete
                </Button>
              )}
            </HStack>
          </HStack>
        ))}
      </Stack>
    </Stack>
  );
}
