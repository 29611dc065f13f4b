import { useEffect, useState, type ReactNode } from 'react';
import {
  Box,
  Button,
  Checkbox,
  Dialog,
  Field,
  Heading,
  HStack,
  IconButton,
  Input,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import { DialogActions } from '../../../components/DialogActions.tsx';
import { DialogShell } from '../../../components/DialogShell.tsx';
import { FormError } from '../../../components/FormError.tsx';
import { toaster } from '../../../components/toaster.ts';
import { toDataError, type DataError } from '../../../lib/dataError.ts';
import { evaluateScan } from '../../../shared/rules/evaluate.ts';
import {
  appStoreRules,
  MAX_CONDITIONS,
  MAX_RULES,
  scanSettingsSchema,
  type Rule,
  type ScanSettings,
  type Split,
  type Utm,
} from '../../../shared/rules/schema.ts';
import type { SavedCode } from '../codeModel.ts';
import { ConditionEditor } from './ConditionEditor.tsx';
import { loadScanSettings, saveScanSettings, setCodePassword } from './scanRulesApi.ts';
import {
  describeDecision,
  instantFromLocal,
  localFromInstant,
  newCondition,
  SAMPLE_VISITORS,
  testerFacts,
  type SampleVisitor,
  type TesterInput,
} from './scanRulesModel.ts';

const EMPTY: ScanSettings = { v: 1 };
const UTM_FIELDS = ['source', 'medium', 'campaign', 'term', 'content'] as const;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box as="section" aria-label={title} borderWidth="1px" borderColor="gray.200" rounded="md" p="3">
      <Heading as="h3" size="sm" mb="2">
        {title}
      </Heading>
      <Stack gap="3">{children}</Stack>
    </Box>
  );
}

/** `{ ...settings, key: value }`, or without `key` when value is undefined (the schema refuses explicit nulls). */
function withField<K extends keyof ScanSettings>(settings: ScanSettings, key: K, value: ScanSettings[K] | undefined) {
  const next = { ...settings };
  if (value === undefined) delete next[key];
  else next[key] = value;
  return next;
}

/** The schema's complaints as sentences with where they are ("rules › 2 › to: …"). */
function problemsOf(parsed: ReturnType<typeof scanSettingsSchema.safeParse>): string[] {
  if (parsed.success) return [];
  return parsed.error.issues.slice(0, 5).map((issue) => {
    const where = issue.path.map((p) => (typeof p === 'number' ? String(p + 1) : String(p))).join(' › ');
    return where ? `${where}: ${issue.message}` : issue.message;
  });
}

function GatesSection({ settings, onChange }: { settings: ScanSettings; onChange: (s: ScanSettings) => void }) {
  const fallback = settings.fallbacks?.ended ?? settings.fallbacks?.notStarted ?? settings.fallbacks?.capReached ?? '';
  return (
    <Section title="Schedule and limit">
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
        {(['startsAt', 'endsAt'] as const).map((key) => (
          <Field.Root key={key}>
            <Field.Label>{key === 'startsAt' ? 'Starts at' : 'Ends at'}</Field.Label>
            <Input
              size="sm"
              type="datetime-local"
              value={localFromInstant(settings[key])}
              onChange={(e) => onChange(withField(settings, key, instantFromLocal(e.target.value) ?? undefined))}
            />
          </Field.Root>
        ))}
        <Field.Root>
          <Field.Label>Scan limit</Field.Label>
          <Input
            size="sm"
            type="number"
            min={1}
            inputMode="numeric"
            value={settings.scanCap ?? ''}
            onChange={(e) =>
              onChange(withField(settings, 'scanCap', e.target.value === '' ? undefined : Number(e.target.value)))
            }
          />
          <Field.HelperText>Counted scans only: bots and link previews never use it up.</Field.HelperText>
        </Field.Root>
        <Field.Root>
          <Field.Label>When stopped, send visitors to</Field.Label>
          <Input
            size="sm"
            type="url"
            placeholder="our page saying why"
            value={fallback}
            onChange={(e) => {
              const to = e.target.value.trim();
              onChange(
                withField(settings, 'fallbacks', to ? { notStarted: to, ended: to, capReached: to } : undefined),
              );
            }}
          />
        </Field.Root>
      </SimpleGrid>
      <Text fontSize="xs" color="fg.muted">
        Dates are in your browser’s time zone and stored as exact instants.
      </Text>
    </Section>
  );
}

function RulesSection({ settings, onChange }: { settings: ScanSettings; onChange: (s: ScanSettings) => void }) {
  const rules = settings.rules ?? [];
  const setRules = (next: Rule[]) => onChange(withField(settings, 'rules', next.length ? next : undefined));
  const setRule = (i: number, rule: Rule) => setRules(rules.map((r, j) => (j === i ? rule : r)));
  const move = (i: number, by: -1 | 1) => {
    const next = [...rules];
    const [rule] = next.splice(i, 1);
    next.splice(i + by, 0, rule!);
    setRules(next);
  };
  const [appStore, setAppStore] = useState({ ios: '', android: '' });
  return (
    <Section title="Rules">
      <Text fontSize="sm" color="fg.muted">
        Checked from the top; the first rule whose conditions all match sends the visitor to its address. Nothing
        matches: the destination (or the A/B split).
      </Text>
      <Stack as="ol" gap="3" listStyleType="none" m="0" p="0">
        {rules.map((rule, i) => (
          <Box as="li" key={i} aria-label={`Rule ${i + 1}`} borderWidth="1px" borderColor="gray.100" p="2" rounded="md">
            <HStack justify="space-between" mb="2">
              <Text fontWeight="semibold" fontSize="sm">
                Rule {i + 1}
              </Text>
              <HStack gap="1">
                <IconButton
                  size="xs"
                  variant="ghost"
                  aria-label={`Move rule ${i + 1} up`}
                  disabled={i === 0}
                  onClick={() => move(i, -1)}
                >
                  ↑
                </IconButton>
                <IconButton
                  size="xs"
                  variant="ghost"
                  aria-label={`Move rule ${i + 1} down`}
                  disabled={i === rules.length - 1}
                  onClick={() => move(i, 1)}
                >
                  ↓
                </IconButton>
                <Button
                  size="xs"
                  variant="ghost"
                  colorPalette="red"
                  aria-label={`Remove rule ${i + 1}`}
                  onClick={() => setRules(rules.filter((_, j) => j !== i))}
                >
                  Remove
                </Button>
              </HStack>
            </HStack>
            <Stack gap="2">
              {rule.if.map((condition, c) => (
                <HStack key={c} align="start" gap="2">
                  <Box flex="1">
                    <ConditionEditor
                      label={`Rule ${i + 1}, condition ${c + 1}`}
                      condition={condition}
                      onChange={(next) => setRule(i, { ...rule, if: rule.if.map((x, k) => (k === c ? next : x)) })}
                    />
                  </Box>
                  {rule.if.length > 1 && (
                    <Button
                      size="xs"
                      variant="ghost"
                      aria-label={`Remove condition ${c + 1} of rule ${i + 1}`}
                      onClick={() => setRule(i, { ...rule, if: rule.if.filter((_, k) => k !== c) })}
                    >
                      ✕
                    </Button>
                  )}
                </HStack>
              ))}
              {rule.if.length < MAX_CONDITIONS && (
                <Button
                  size="xs"
                  variant="outline"
                  alignSelf="start"
                  onClick={() => setRule(i, { ...rule, if: [...rule.if, newCondition('country')] })}
                >
                  And another condition
                </Button>
              )}
              <Field.Root>
                <Field.Label fontSize="sm">Rule {i + 1} sends the visitor to</Field.Label>
                <Input
                  size="sm"
                  type="url"
                  value={rule.to}
                  onChange={(e) => setRule(i, { ...rule, to: e.target.value.trim() })}
                />
              </Field.Root>
            </Stack>
          </Box>
        ))}
      </Stack>
      {rules.length < MAX_RULES && (
        <HStack gap="2" wrap="wrap">
          <Button
            size="sm"
            variant="outline"
            onClick={() => setRules([...rules, { if: [newCondition('device')], to: '' }])}
          >
            Add a rule
          </Button>
        </HStack>
      )}
      <Stack gap="2" borderTopWidth="1px" borderColor="gray.100" pt="2">
        <Text fontSize="sm" fontWeight="semibold">
          App stores
        </Text>
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="2">
          <Input
            size="sm"
            type="url"
            aria-label="App Store address (iPhone and iPad)"
            placeholder="https://apps.apple.com/…"
            value={appStore.ios}
            onChange={(e) => setAppStore({ ...appStore, ios: e.target.value.trim() })}
          />
          <Input
            size="sm"
            type="url"
            aria-label="Google Play address (Android)"
            placeholder="https://play.google.com/…"
            value={appStore.android}
            onChange={(e) => setAppStore({ ...appStore, android: e.target.value.trim() })}
          />
        </SimpleGrid>
        <Button
          size="sm"
          variant="outline"
          alignSelf="start"
          disabled={!appStore.ios || !appStore.android || rules.length + 2 > MAX_RULES}
          onClick={() => setRules([...appStoreRules(appStore.ios, appStore.android), ...rules])}
        >
          Add app-store rules first
        </Button>
      </Stack>
    </Section>
  );
}

function SplitSection({ settings, onChange }: { settings: ScanSettings; onChange: (s: ScanSettings) => void }) {
  const split = settings.split;
  const setSplit = (next: Split | undefined) => onChange(withField(settings, 'split', next));
  return (
    <Section title="A/B split">
      {!split ? (
        <Button
          size="sm"
          variant="outline"
          alignSelf="start"
          onClick={() =>
            setSplit({
              variants: [
                { to: '', weight: 50 },
                { to: '', weight: 50 },
              ],
            })
          }
        >
          Split the destination
        </Button>
      ) : (
        <Stack gap="2">
          <Text fontSize="sm" color="fg.muted">
            Each visitor gets one variant for the day (from the same daily visitor hash as unique scans; no cookie).
            Weights add up to 100, each at least 5.
          </Text>
          {split.variants.map((variant, i) => (
            <HStack key={i} gap="2">
              <Input
                size="sm"
                type="url"
                aria-label={`Variant ${String.fromCharCode(65 + i)} address`}
                value={variant.to}
                onChange={(e) =>
                  setSplit({
                    ...split,
                    variants: split.variants.map((v, j) => (j === i ? { ...v, to: e.target.value.trim() } : v)),
                  })
                }
              />
              <Input
                size="sm"
                type="number"
                maxW="6rem"
                min={5}
                max={100}
                aria-label={`Variant ${String.fromCharCode(65 + i)} weight (%)`}
                value={variant.weight}
                onChange={(e) =>
                  setSplit({
                    ...split,
                    variants: split.variants.map((v, j) => (j === i ? { ...v, weight: Number(e.target.value) } : v)),
                  })
                }
              />
            </HStack>
          ))}
          <HStack gap="2">
            {split.variants.length < 4 && (
              <Button
                size="xs"
                variant="outline"
                onClick={() => setSplit({ ...split, variants: [...split.variants, { to: '', weight: 5 }] })}
              >
                Add a variant
              </Button>
            )}
            <Button size="xs" variant="ghost" colorPalette="red" onClick={() => setSplit(undefined)}>
              Remove the split
            </Button>
          </HStack>
        </Stack>
      )}
    </Section>
  );
}

function LinkSection({ settings, onChange }: { settings: ScanSettings; onChange: (s: ScanSettings) => void }) {
  const utm = settings.utm ?? {};
  const setUtm = (key: keyof Utm, value: string) => {
    const next: Utm = { ...utm };
    if (value) next[key] = value;
    else delete next[key];
    onChange(withField(settings, 'utm', Object.keys(next).length ? next : undefined));
  };
  return (
    <Section title="Link tracking">
      <SimpleGrid columns={{ base: 1, sm: 3 }} gap="2">
        {UTM_FIELDS.map((key) => (
          <Field.Root key={key}>
            <Field.Label fontSize="sm">utm_{key}</Field.Label>
            <Input size="sm" value={utm[key] ?? ''} onChange={(e) => setUtm(key, e.target.value)} />
          </Field.Root>
        ))}
      </SimpleGrid>
      <Checkbox.Root
        size="sm"
        checked={settings.forwardQuery === true}
        onCheckedChange={(e) => onChange(withField(settings, 'forwardQuery', e.checked === true ? true : undefined))}
      >
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>Pass on the scan link’s own parameters (never its destination)</Checkbox.Label>
      </Checkbox.Root>
      <Field.Root>
        <Field.Label fontSize="sm">Time zone for time-of-day rules</Field.Label>
        <Input
          size="sm"
          maxW="16rem"
          placeholder="UTC"
          value={settings.timeZone ?? ''}
          onChange={(e) => onChange(withField(settings, 'timeZone', e.target.value.trim() || undefined))}
        />
      </Field.Root>
    </Section>
  );
}

/** bcrypt reads at most 72 bytes of a password: a longer one would be cut without a word. */
const MAX_PASSWORD_BYTES = 72;
const MIN_PASSWORD_CHARS = 4;

function passwordProblem(password: string): string | null {
  if ([...password].length < MIN_PASSWORD_CHARS) return `Use at least ${MIN_PASSWORD_CHARS} characters.`;
  if (new TextEncoder().encode(password).length > MAX_PASSWORD_BYTES)
    return `Use at most ${MAX_PASSWORD_BYTES} bytes (about ${MAX_PASSWORD_BYTES} letters).`;
  return null;
}

function PasswordSection({
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

/** `valid`: the settings as the schema accepted them, null while they have problems. */
function Tester({ code, valid, hasPassword }: { code: SavedCode; valid: ScanSettings | null; hasPassword: boolean }) {
  const [input, setInput] = useState<TesterInput>({
    visitor: 'iphone',
    country: 'US',
    language: 'en-US',
    query: '',
    bucket: 0,
    passwordOk: true,
  });
  const [at, setAt] = useState(() => localFromInstant(new Date().toISOString()));
  const when = instantFromLocal(at);
  const answer = valid
    ? describeDecision(
        evaluateScan(
          {
            destination: code.destination ?? '',
            paused: code.status === 'paused',
            settings: valid,
            hasPassword,
            capUsed: 0,
          },
          testerFacts(input),
          when ? new Date(when) : new Date(),
        ),
        valid,
      )
    : 'Fix the problems above to test the rules.';
  return (
    <Section title="Test a scan">
      <SimpleGrid columns={{ base: 1, sm: 3 }} gap="2">
        <Field.Root>
          <Field.Label fontSize="sm">Visitor’s device</Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field
              value={input.visitor}
              onChange={(e) => setInput({ ...input, visitor: e.target.value as SampleVisitor })}
            >
              {Object.entries(SAMPLE_VISITORS).map(([id, v]) => (
                <option key={id} value={id}>
                  {v.label}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root>
          <Field.Label fontSize="sm">Country</Field.Label>
          <Input size="sm" value={input.country} onChange={(e) => setInput({ ...input, country: e.target.value })} />
        </Field.Root>
        <Field.Root>
          <Field.Label fontSize="sm">Language</Field.Label>
          <Input size="sm" value={input.language} onChange={(e) => setInput({ ...input, language: e.target.value })} />
        </Field.Root>
        <Field.Root>
          <Field.Label fontSize="sm">Time of the scan</Field.Label>
          <Input size="sm" type="datetime-local" value={at} onChange={(e) => setAt(e.target.value)} />
        </Field.Root>
        <Field.Root>
          <Field.Label fontSize="sm">Scan link parameters</Field.Label>
          <Input
            size="sm"
            placeholder="table=12"
            value={input.query}
            onChange={(e) => setInput({ ...input, query: e.target.value })}
          />
        </Field.Root>
        <Field.Root>
          <Field.Label fontSize="sm">Visitor number (0–9999, for the A/B split)</Field.Label>
          <Input
            size="sm"
            type="number"
            min={0}
            max={9999}
            value={input.bucket}
            onChange={(e) => setInput({ ...input, bucket: Number(e.target.value) })}
          />
        </Field.Root>
      </SimpleGrid>
      {hasPassword && (
        <Checkbox.Root
          size="sm"
          checked={input.passwordOk}
          onCheckedChange={(e) => setInput({ ...input, passwordOk: e.checked === true })}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>The visitor has entered the password</Checkbox.Label>
        </Checkbox.Root>
      )}
      <Text role="status" aria-label="Test result" fontSize="sm" fontWeight="semibold" wordBreak="break-all">
        {answer}
      </Text>
    </Section>
  );
}

function RulesForm({ code, onClose }: { code: SavedCode; onClose: () => void }) {
  const [loaded, setLoaded] = useState<{ hasPassword: boolean } | null>(null);
  const [settings, setSettings] = useState<ScanSettings>(EMPTY);
  const [error, setError] = useState<DataError | null>(null);
  const [busy, setBusy] = useState(false);
  const [tried, setTried] = useState(false);

  useEffect(() => {
    let live = true;
    loadScanSettings(code.id).then(
      (stored) => {
        if (!live) return;
        setSettings(stored.settings ?? EMPTY);
        setLoaded({ hasPassword: stored.hasPassword });
      },
      (e: unknown) => live && setError(toDataError(e)),
    );
    return () => {
      live = false;
    };
  }, [code.id]);

  // Parsed once a render, for Save's problems and for the tester.
  const parsed = scanSettingsSchema.safeParse(settings);
  const problems = problemsOf(parsed);
  const save = async () => {
    setTried(true);
    if (problems.length) return;
    setBusy(true);
    setError(null);
    try {
      // Only the version key: nothing to store, the code just redirects.
      await saveScanSettings(code.id, Object.keys(settings).length > 1 ? settings : null);
      toaster.create({ title: 'Saved!', description: `Scan rules of “${code.name}” are live.`, type: 'success' });
      onClose();
    } catch (e) {
      setError(toDataError(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Dialog.Header>
        <Dialog.Title>Scan rules of “{code.name}”</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        {!loaded && !error && <Text>Loading…</Text>}
        {loaded && (
          <Stack gap="4">
            <GatesSection settings={settings} onChange={setSettings} />
            <RulesSection settings={settings} onChange={setSettings} />
            <SplitSection settings={settings} onChange={setSettings} />
            <LinkSection settings={settings} onChange={setSettings} />
            <PasswordSection
              code={code}
              hasPassword={loaded.hasPassword}
              onChanged={(hasPassword) => setLoaded({ hasPassword })}
            />
            <Tester code={code} valid={parsed.success ? parsed.data : null} hasPassword={loaded.hasPassword} />
            {tried && problems.length > 0 && (
              <Box role="alert" color="red.700" fontSize="sm">
                {problems.map((p) => (
                  <Text key={p}>{p}</Text>
                ))}
              </Box>
            )}
          </Stack>
        )}
        <FormError error={error} />
      </Dialog.Body>
      <DialogActions
        onCancel={onClose}
        label="Save rules"
        busy={busy}
        busyLabel="Saving…"
        onAction={() => void save()}
      />
    </>
  );
}

/** The Scan rules panel of a dynamic code (issue 37): gates, ordered rules, A/B split, UTM, and a tester. */
export function ScanRulesDialog({ code, onClose }: { code: SavedCode | null; onClose: () => void }) {
  return (
    <DialogShell open={code !== null} onOpenChange={(open) => !open && onClose()} scrollBehavior="inside">
      {code && <RulesForm code={code} onClose={onClose} />}
    </DialogShell>
  );
}
