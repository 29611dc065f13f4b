import { useEffect, useState } from 'react';
import { getQrClient } from '../../worker-client/index.ts';
import type { LogoChoice } from './generatorAtoms.ts';

export type LogoStatus = { state: 'none' } | { state: 'sending' } | { state: 'ready'; id: string } | { state: 'failed'; message: string };

type Outcome = { id: string; ok: true } | { id: string; ok: false; message: string };

/**
 * Sends the chosen logo to the worker once (the client re-sends it if the worker restarts) and drops it
 * from the worker when it is removed or replaced.
 */
export function useLogoUpload(logo: LogoChoice | null): LogoStatus {
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  useEffect(() => {
    if (!logo) return;
    let live = true;
    const client = getQrClient();
    client.putLogo(logo.file, logo.id).then(
      () => live && setOutcome({ id: logo.id, ok: true }),
      (error: unknown) => live && setOutcome({ id: logo.id, ok: false, message: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      live = false;
      void client.dropLogo(logo.id).catch(() => {});
    };
  }, [logo]);
  if (!logo) return { state: 'none' };
  if (!outcome || outcome.id !== logo.id) return { state: 'sending' };
  return outcome.ok ? { state: 'ready', id: logo.id } : { state: 'failed', message: outcome.message };
}
