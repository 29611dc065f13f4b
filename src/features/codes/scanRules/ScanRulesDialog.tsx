import { useEffect, useState } from 'react';
import { Box, Dialog, Stack, Text } from '@chakra-ui/react';
import { DialogActions } from '../../../components/DialogActions.tsx';
import { DialogShell } from '../../../components/DialogShell.tsx';
import { FormError } from '../../../components/FormError.tsx';
import { toaster } from '../../../components/toaster.ts';
import { DataError, toDataError } from '../../../lib/dataError.ts';
import {
  FREE_LIMIT_MESSAGES,
  FREE_MAX_RULES,
  PLAN_LIMIT_HINT,
  planProblem,
  type Plan,
} from '../../../shared/rules/plan.ts';
import { MAX_RULES, scanSettingsSchema, type ScanSettings } from '../../../shared/rules/schema.ts';
import type { SavedCode } from '../codeModel.ts';
import { GatesSection } from './GatesSection.tsx';
import { LinkSection } from './LinkSection.tsx';
import { PasswordSection } from './PasswordSection.tsx';
import { RulesSection } from './RulesSection.tsx';
import { loadScanSettings, saveScanSettings } from './scanRulesApi.ts';
import { SplitSection } from './SplitSection.tsx';
import { Tester } from './Tester.tsx';

const EMPTY: ScanSettings = { v: 1 };

/** The schema's complaints as sentences with where they are ("rules › 2 › to: …"). */
function problemsOf(parsed: ReturnType<typeof scanSettingsSchema.safeParse>): string[] {
  if (parsed.success) return [];
  return parsed.error.issues.slice(0, 5).map((issue) => {
    const where = issue.path.map((p) => (typeof p === 'number' ? String(p + 1) : String(p))).join(' › ');
    return where ? `${where}: ${issue.message}` : issue.message;
  });
}

function RulesForm({ code, onClose }: { code: SavedCode; onClose: () => void }) {
  // `stored`: the settings as loaded; a Free owner keeps what a Pro plan gave them (src/shared/rules/plan.ts).
  const [loaded, setLoaded] = useState<{ hasPassword: boolean; plan: Plan; stored: ScanSettings | null } | null>(null);
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
        setLoaded({ hasPassword: stored.hasPassword, plan: stored.plan, stored: stored.settings });
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
  const free = loaded?.plan === 'free';
  const save = async () => {
    setTried(true);
    if (problems.length) return;
    // Only the version key: nothing to store, the code just redirects.
    const next = Object.keys(settings).length > 1 ? settings : null;
    // What the database would refuse for the plan, said without the round trip (it checks again).
    const overPlan = loaded ? planProblem(next, loaded.plan, loaded.stored) : null;
    if (overPlan) {
      setError(new DataError('plan_limit', FREE_LIMIT_MESSAGES[overPlan], { hint: PLAN_LIMIT_HINT }));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await saveScanSettings(code.id, next);
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
            <RulesSection
              settings={settings}
              onChange={setSettings}
              ruleLimit={free ? Math.max(FREE_MAX_RULES, loaded.stored?.rules?.length ?? 0) : MAX_RULES}
            />
            <SplitSection settings={settings} onChange={setSettings} locked={free} />
            <LinkSection settings={settings} onChange={setSettings} locked={free} />
            <PasswordSection
              code={code}
              hasPassword={loaded.hasPassword}
              onChanged={(hasPassword) => setLoaded({ ...loaded, hasPassword })}
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
