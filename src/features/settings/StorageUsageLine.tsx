import { Box, Progress, Text } from '@chakra-ui/react';
import { useLatestLoad } from '../../lib/useLatestLoad.ts';
import { formatBytes } from './formatBytes.ts';
import { loadStorageUsage } from './settingsApi.ts';

/**
 * "Storage: X of Y used" for the signed-in user's uploaded files (the page-files bucket), above a meter of the
 * same share; nothing while loading or on failure. Orange from 90 %: an upload may soon not fit.
 */
export function StorageUsageLine() {
  const { latest } = useLatestLoad('storage-usage', loadStorageUsage);
  const usage = latest?.status === 'ready' ? latest.data : null;
  if (!usage) return null;
  const percent = usage.quota_bytes > 0 ? Math.min(100, (usage.used_bytes / usage.quota_bytes) * 100) : 100;
  return (
    <Box>
      <Text fontSize="sm" color="gray.700" data-testid="storage-usage">
        Storage: {formatBytes(usage.used_bytes)} of {formatBytes(usage.quota_bytes)} used (files up to{' '}
        {formatBytes(usage.file_limit_bytes)} each)
      </Text>
      <Progress.Root value={percent} size="xs" mt="1" maxW="sm" colorPalette={percent >= 90 ? 'orange' : 'brand'}>
        {/* The track is the progressbar (Ark names it by its percentage unless told otherwise). */}
        <Progress.Track
          aria-label="Storage used"
          aria-valuetext={`${formatBytes(usage.used_bytes)} of ${formatBytes(usage.quota_bytes)}`}
        >
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
    </Box>
  );
}
