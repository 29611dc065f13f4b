import { memo, useCallback, useSyncExternalStore } from 'react';
import type { createStore } from 'jotai';
import { Box, Progress, Text } from '@chakra-ui/react';
import { describeQrError } from '../../qr-ui/index.ts';
import { getQrClient, type Ecl, type EncodeInfo } from '../../worker-client/index.ts';
import type { Settled } from '../../lib/latestLoader.ts';
import { useLatestLoad } from '../../lib/useLatestLoad.ts';
import type { GeneratorAtoms } from './generatorAtoms.ts';
import { useQuietAtomValue } from './useQuietAtomValue.ts';

/** How long typing must pause before the content is measured: one worker call per pause, not per keystroke. */
const QUIET_MS = 150;

/**
 * How much of the largest QR code (version 40) the content uses at the chosen level, and a clear message
 * when it does not fit (instead of the encoder's bare "Data too long").
 * While the next measurement runs, the last one stays on screen: the meter keeps its height (GeneratorPanel
 * holds its space before the first), so the Generate button below it does not move under a finger.
 */
export function CapacityMeter({ atoms, store }: { atoms: GeneratorAtoms; store: ReturnType<typeof createStore> }) {
  // The content as it was at the last pause in typing: this component does not render on a keystroke.
  const content = useQuietAtomValue(store, atoms.payloadAtom, QUIET_MS);
  // The level at once. Read from the store here, not by the panel: the panel's code is first-paint JavaScript.
  const { designAtom } = atoms;
  const ecl = useSyncExternalStore(
    useCallback((changed) => store.sub(designAtom, changed), [store, designAtom]),
    () => store.get(designAtom).ecl,
  );
  // `latest` is the newest answer, this content's once measured.
  const { latest } = useLatestLoad(content ? `${ecl}:${content}` : null, () => getQrClient().info({ content, ecl }));
  return <CapacityView shown={latest} ecl={ecl} />;
}

type Measured = Settled<EncodeInfo> | null;

/**
 * The meter itself, re-rendered only when a measurement arrives (or the level changes): a keystroke changes the
 * content but not the figures shown, and Chakra's progress bar re-rendered on every key was a good part of a
 * keystroke's main-thread time (issue 35, bench:typing).
 */
const CapacityView = memo(function CapacityView({ shown, ecl }: { shown: Measured; ecl: Ecl }) {
  if (shown?.status === 'error') {
    return (
      <Box
        role="alert"
        borderWidth="1px"
        borderColor="red.300"
        bg="red.50"
        color="red.800"
        p="3"
        borderRadius="md"
        fontSize="sm"
      >
        {describeQrError(shown.error)}
      </Box>
    );
  }
  if (!shown) return null;
  const info = shown.data;
  const percent = Math.min(100, Math.round((info.usedBits / info.maxCapacityBits) * 100));
  const leftBytes = Math.max(0, Math.floor((info.maxCapacityBits - info.usedBits) / 8));
  return (
    <Box>
      <Progress.Root
        value={percent}
        size="xs"
        colorPalette={percent > 90 ? 'orange' : 'brand'}
        aria-label="Capacity used"
      >
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      {/* Two lines: on a phone the figures need both, and the space held for the meter is two lines high. */}
      <Text fontSize="xs" color="fg.muted" mt="1">
        Version {info.version} ({info.size}×{info.size} modules)
        <br />
        {percent}% of the maximum at level {ecl} · about {leftBytes} bytes left
      </Text>
    </Box>
  );
});
