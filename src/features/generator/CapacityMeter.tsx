import { Box, Progress, Text } from '@chakra-ui/react';
import { describeQrError } from '../../qr-ui/index.ts';
import { getQrClient, type Ecl } from '../../worker-client/index.ts';
import { useLatestLoad } from '../../lib/useLatestLoad.ts';

/**
 * How much of the largest QR code (version 40) the content uses at the chosen level, and a clear message
 * when it does not fit (instead of the encoder's bare "Data too long").
 */
export function CapacityMeter({ content, ecl }: { content: string; ecl: Ecl }) {
  // 150 ms of quiet: one worker call per pause in typing, not per keystroke.
  const { state: query } = useLatestLoad(
    content ? `${ecl}:${content}` : null,
    () => getQrClient().info({ content, ecl }),
    150,
  );
  if (query.status === 'error') {
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
        {describeQrError(query.error, ecl)}
      </Box>
    );
  }
  if (query.status !== 'ready') return null;
  const { usedBits, maxCapacityBits, version, size } = query.data;
  const percent = Math.min(100, Math.round((usedBits / maxCapacityBits) * 100));
  const leftBytes = Math.max(0, Math.floor((maxCapacityBits - usedBits) / 8));
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
      <Text fontSize="xs" color="fg.muted" mt="1">
        Version {version} ({size}×{size} modules) · {percent}% of the maximum at level {ecl} · about {leftBytes} bytes
        left
      </Text>
    </Box>
  );
}
