import { lazy, memo, Suspense, useCallback, useRef, useState, type ReactNode } from 'react';
import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { Button, Card, Grid, Heading, Stack, Text } from '@chakra-ui/react';
import { toaster } from '../../components/toaster.ts';
import { validateForGenerate } from '../../payload/index.ts';
import { isSignedInAtom } from '../auth/authStateAtom.ts';
import { ContentForm } from './ContentForm.tsx';
import { DesignTabs } from './DesignTabs.tsx';
import { DownloadBar } from './DownloadBar.tsx';
import type { GeneratorAtoms, LogoStatus } from './generatorAtoms.ts';
import { PreviewPane } from './PreviewPane.tsx';
import { SavePrompt, type SavePromptHandle } from './SavePrompt.tsx';
import { TypePicker } from './TypePicker.tsx';
import { UpsellCard } from './UpsellCard.tsx';
import { useLogoUpload } from './useLogoUpload.ts';

// Loaded once there is content to measure: its progress bar is not part of the first paint.
const CapacityMeter = lazy(() => import('./CapacityMeter.tsx').then((m) => ({ default: m.CapacityMeter })));
// Signed-in users only, so never part of the first paint (the prerender and the first render are signed out).
const SaveCodeButton = lazy(() => import('../codes/SaveCodeButton.tsx').then((m) => ({ default: m.SaveCodeButton })));

/**
 * The steps' heading level follows the page outline: on /create they sit right under the page's h1; on the
 * landing page under the panel's own h2 ("Design your QR code").
 */
const stepHeadingLevel = (atoms: GeneratorAtoms) => (atoms.defaults.surface === 'create' ? 'h2' : 'h3');

function Step({ n, title, atoms, children }: { n: number; title: string; atoms: GeneratorAtoms; children: ReactNode }) {
  return (
    <Card.Root size="sm" variant="outline" bg="white">
      <Card.Header>
        <Heading as={stepHeadingLevel(atoms)} size="md">
          {n}. {title}
        </Heading>
      </Card.Header>
      <Card.Body gap="3">{children}</Card.Body>
    </Card.Root>
  );
}

const CAPACITY_SPACE = { minHeight: '2.875rem' } as const;

function Capacity({ atoms, store }: { atoms: GeneratorAtoms; store: ReturnType<typeof useStore> }) {
  // Whether there is content, not the content: a keystroke re-renders this only when the field empties or fills.
  const hasContent = useAtomValue(atoms.hasPayloadAtom);
  // The meter's height held from the first paint on (a 6 px bar, a 4 px gap, two 18 px lines): it appears once
  // the content is measured in the worker, and must not push the Generate button down as it does.
  return (
    <div style={CAPACITY_SPACE}>
      {hasContent && (
        <Suspense fallback={null}>
          <CapacityMeter atoms={atoms} store={store} />
        </Suspense>
      )}
    </div>
  );
}

// Typing changes only the content: the design step does not re-render on a keystroke.
const DesignStep = memo(function DesignStep({ atoms, logoStatus }: { atoms: GeneratorAtoms; logoStatus: LogoStatus }) {
  return (
    <Step n={2} title="Customize Design" atoms={atoms}>
      <DesignTabs atoms={atoms} />
      {logoStatus.state === 'failed' && (
        <Text role="alert" fontSize="sm" color="red.700">
          {logoStatus.message}
        </Text>
      )}
    </Step>
  );
});

/** Step 3: the only part besides the content form that follows every keystroke. */
function PreviewStep({
  atoms,
  onDownloaded,
  onPainted,
  signedIn,
}: {
  atoms: GeneratorAtoms;
  onDownloaded: () => void;
  onPainted: () => void;
  signedIn: boolean;
}) {
  const request = useAtomValue(atoms.qrRequestAtom);
  const setDesign = useSetAtom(atoms.setDesignAtom);
  return (
    <Step n={3} title="Preview & Download" atoms={atoms}>
      <Stack align="center" gap="4">
        <PreviewPane request={request} onFix={setDesign} onPainted={onPainted} />
        <DownloadBar surface={atoms.defaults.surface} request={request} onDownloaded={onDownloaded} />
        {signedIn && (
          <Suspense fallback={null}>
            <SaveCodeButton atoms={atoms} enabled={request !== null} />
          </Suspense>
        )}
      </Stack>
    </Step>
  );
}

function Upsell({ atoms }: { atoms: GeneratorAtoms }) {
  const shown = useAtomValue(atoms.qrRequestAtom) !== null;
  return shown ? <UpsellCard /> : null;
}

/** The outcome of the latest Generate click, one toast updated in place (see DownloadBar's DOWNLOAD_TOAST). */
const GENERATE_TOAST = 'qr-generate';

/** The generator on both surfaces; the landing panel and /create differ only in defaults, copy and upsell. */
export function GeneratorPanel({ atoms }: { atoms: GeneratorAtoms }) {
  const { surface } = atoms.defaults;
  const store = useStore();
  const markGenerated = useSetAtom(atoms.markGeneratedAtom);
  const signedIn = useAtomValue(isSignedInAtom);
  const [inlineError, setInlineError] = useState<string | undefined>();
  const savePrompt = useRef<SavePromptHandle>(null);
  useLogoUpload(atoms);
  const logoStatus = useAtomValue(atoms.logoStatusAtom);

  const generate = () => {
    // Read at click time: the panel itself does not subscribe to the content.
    const problem = validateForGenerate(store.get(atoms.typeAtom), store.get(atoms.valuesAtom), surface);
    setInlineError(problem?.description);
    if (problem) {
      toaster.create({
        id: GENERATE_TOAST,
        title: problem.title,
        description: problem.description,
        type: 'error',
        closable: true,
      });
      return;
    }
    markGenerated();
    if (surface === 'landing') {
      toaster.create({ id: GENERATE_TOAST, title: 'QR Code generated successfully!', type: 'success', closable: true });
    } else {
      toaster.create({
        id: GENERATE_TOAST,
        title: 'QR Code Generated!',
        description: 'Customize the design and download instantly',
        type: 'success',
        closable: true,
      });
    }
  };

  // Stable: the preview step does not re-render for them.
  const onDownloaded = useCallback(() => savePrompt.current?.downloaded(), []);
  // The save prompt's code loads once a preview is on screen, not with the first Generate: it is not needed before
  // a download, and the first preview's downloads stay small (e2e/first-generate.spec.ts).
  const onPainted = useCallback(() => savePrompt.current?.prepare(), []);

  return (
    <Grid templateColumns={{ base: '1fr', lg: '3fr 2fr' }} gap="6" alignItems="start">
      <Stack gap="4">
        <Step n={1} title="Select QR Type" atoms={atoms}>
          <TypePicker atoms={atoms} signedIn={signedIn} />
          <ContentForm atoms={atoms} error={inlineError} />
          <Capacity atoms={atoms} store={store} />
        </Step>
        <DesignStep atoms={atoms} logoStatus={logoStatus} />
        <Button colorPalette="brand" size="lg" onClick={generate}>
          Generate QR Code
        </Button>
      </Stack>
      <Stack gap="4" position={{ lg: 'sticky' }} top={{ lg: '24' }}>
        <PreviewStep atoms={atoms} onDownloaded={onDownloaded} onPainted={onPainted} signedIn={signedIn} />
        {surface === 'create' && !signedIn && <Upsell atoms={atoms} />}
      </Stack>
      {surface === 'create' && <SavePrompt ref={savePrompt} signedIn={signedIn} />}
    </Grid>
  );
}
