import { useEffect } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { getQrClient } from '../../worker-client/index.ts';
import type { GeneratorAtoms } from './generatorAtoms.ts';

/**
 * Sends the chosen logo to the worker once (the client re-sends it if the worker restarts), records the answer
 * in the generator atoms (`logoStatusAtom`, and through it the request), and drops the logo from the worker
 * when it is removed or replaced, or the generator unmounts.
 */
export function useLogoUpload(atoms: GeneratorAtoms): void {
  const logo = useAtomValue(atoms.logoAtom);
  const setUpload = useSetAtom(atoms.logoUploadAtom);
  useEffect(() => {
    if (!logo) return;
    let live = true;
    const client = getQrClient();
    client.putLogo(logo.file, logo.id).then(
      () => live && setUpload({ id: logo.id, ok: true }),
      (error: unknown) =>
        live && setUpload({ id: logo.id, ok: false, message: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      live = false;
      // The worker no longer has it: a later mount with the same choice sends it again before using it.
      setUpload(null);
      void client.dropLogo(logo.id).catch(() => {});
    };
  }, [logo, setUpload]);
}
