import { memo } from 'react';
import { Box, Progress, Text } from '@chakra-ui/react';
import { describeQrError } from '../../qr-ui/index.ts';
import { getQrClient, type Ecl, type EncodeInfo } from '../../worker-client/index.ts';
import type { Settled } from '../../lib/latestLoader.ts';
import { useLatestLoad } from '../../lib/useLatestLoad.ts';

/**
 * How much of the largest QR code (version 40) the content uses at the chosen level, and a clear message
 * when it does not fit (instead of the encoder's bare "Data too long").
 * While the next measurement runs, the last one stays on screen: the meter keeps its height (GeneratorPanel
 * holds its space before the first), so the Generate button below it does not move under a finger.
 */
export function CapacityMeter({ content, ecl }: { content: string; ecl: Ecl }) {
  // 150 ms of quiet: one worker call per pause in typing, not per keystroke. `latest` is the newest answer, this
  // content's once measured (GeneratorPanel shows the meter only with content).
  const { latest } = useLatestLoad(
    content ? `${ecl}:${content}` : null,
    () => getQrClient().info({ content, ecl }),
    150,
  );
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
