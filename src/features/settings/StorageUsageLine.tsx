import { Text } from '@chakra-ui/react';
import { useLatestLoad } from '../../lib/useLatestLoad.ts';
import { formatBytes } from './formatBytes.ts';
import { loadStorageUsage } from './settingsApi.ts';

/** "Storage: X of Y used" for the signed-in user's uploaded files; nothing while loading or on failure. */
export function StorageUsageLine() {
  const { latest } = useLatestLoad('storage-usage', loadStorageUsage);
  const usage = latest?.status === 'ready' ? latest.data : null;
  if (!usage) return null;
  return (
    <Text fontSize="sm" color="gray.700" data-testid="storage-usage">
      Storage: {formatBytes(usage.used_bytes)} of {formatBytes(usage.quota_bytes)} used (files up to{' '}
      {formatBytes(usage.file_limit_bytes)} each)
    </Text>
  );
}
