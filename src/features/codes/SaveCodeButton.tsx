import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useAtomValue, useSetAtom, useStore, type Atom, type WritableAtom } from 'jotai';
import { Box, Button, Link, Stack, Text } from '@chakra-ui/react';
import { toaster } from '../../components/toaster.ts';
import type { QrTypeId } from '../../content/qrTypes.ts';
import { HostedPageOffer } from '../pages/HostedPageOffer.tsx';
import { bumpCodesVersionAtom } from './codesAtoms.ts';
import { shortUrl } from './codesConfig.ts';
import { parseDesign, type CodeDesign, type SavedCode } from './codeModel.ts';
import { dynamicEligibility } from './dynamicEligibility.ts';
import type { SaveSource } from './SaveCodeDialog.tsx';

// The dialog (react-hook-form, zod, the data module) loads on first use, not with the landing page.
const SaveCodeDialog = lazy(() => import('./SaveCodeDialog.tsx'));

function suggestName(payload: string): string {
  const firstLine = payload.trim().split(/\r?\n/)[0] ?? '';
  return firstLine.replace(/^https?:\/\//i, '').slice(0, 60) || 'My QR code';
}

/**
 * The generator state that saving reads, and the one value it writes. The generator's atoms fit this shape, so the
 * codes feature does not depend on the generator (which depends on this button).
 */
export interface SaveSourceAtoms {
  typeAtom: Atom<QrTypeId>;
  payloadAtom: Atom<string>;
  designAtom: Atom<CodeDesign>;
  /** The logo the code is drawn with, stored with the saved code. */
  readyLogoFileAtom: Atom<Blob | null>;
  setValueAtom: WritableAtom<null, [{ name: 'url'; value: string }], void>;
}

/**
 * "Save" next to the downloads for signed-in users. A saved dynamic code is printed as its short URL, so the
 * generator's content switches to that URL (with a notice): what the preview and downloads show is what to print.
 */
export function SaveCodeButton({ atoms, enabled }: { atoms: SaveSourceAtoms; enabled: boolean }) {
  const store = useStore();
  const setValue = useSetAtom(atoms.setValueAtom);
  const bump = useSetAtom(bumpCodesVersionAtom);
  const payload = useAtomValue(atoms.payloadAtom);
  const type = useAtomValue(atoms.typeAtom);
  const [source, setSource] = useState<SaveSource | null>(null);
  const [saved, setSaved] = useState<{ name: string; url: string } | null>(null);

  const open = () => {
    const type = store.get(atoms.typeAtom);
    const current = store.get(atoms.payloadAtom);
    const eligibility = dynamicEligibility(type, current);
    // The whole design (design options included), as parseDesign reads it back.
    const design = parseDesign(store.get(atoms.designAtom));
    setSource({
      type,
      payload: current,
      design,
      logo: store.get(atoms.readyLogoFileAtom),
      dynamicBlocked: eligibility.ok ? null : eligibility.reason,
      suggestedName: suggestName(current),
    });
  };

  const onSaved = (code: SavedCode) => {
    setSource(null);
    bump();
    if (code.isDynamic) {
      const url = shortUrl(code.slug);
      setValue({ name: 'url', value: url });
      setSaved({ name: code.name, url });
    } else {
      setSaved(null);
    }
    toaster.create({
      title: 'Saved!',
      description: `“${code.name}” is in My QR Codes${code.isDynamic ? ' as a dynamic code' : ''}.`,
      type: 'success',
      closable: true,
    });
  };

  const showNotice = saved !== null && payload === saved.url;
  return (
    <Stack w="full" maxW="sm" gap="2">
      <Button size="sm" variant="outline" colorPalette="brand" disabled={!enabled} onClick={open}>
        Save
      </Button>
      <HostedPageOffer type={type} />
      {showNotice && (
        <Box role="status" borderWidth="1px" borderColor="brand.200" bg="brand.50" rounded="md" px="3" py="2">
          <Text fontSize="sm" color="gray.800">
            “{saved.name}” is saved as a dynamic code. The preview now shows its short URL{' '}
            <Text as="span" fontFamily="mono" wordBreak="break-all">
              {saved.url}
            </Text>
            : download and print this one. Change where it leads any time in{' '}
            <Link asChild color="brand.700" textDecoration="underline">
              <RouterLink to="/dashboard/qr-codes">My QR Codes</RouterLink>
            </Link>
            .
          </Text>
        </Box>
      )}
      {source && (
        <Suspense fallback={null}>
          <SaveCodeDialog open source={source} onClose={() => setSource(null)} onSaved={onSaved} />
        </Suspense>
      )}
    </Stack>
  );
}
