import { Button, HStack, Progress, Stack, Text } from '@chakra-ui/react';
import type { RunState } from './useBulkRun.ts';

const seconds = (ms: number) =>
  ms < 60_000 ? `${Math.max(1, Math.round(ms / 1000))} s` : `${Math.round(ms / 60_000)} min`;

/** Progress (done / total, rows per second, time left), Cancel, and the outcome in words. */
export function BulkProgress({ state, onCancel }: { state: RunState; onCancel: () => void }) {
  if (state.status === 'idle') return null;
  const progress = state.status === 'done' ? null : state.progress;
  const done = progress?.done ?? (state.status === 'done' ? state.total : 0);
  const total = progress?.total ?? (state.status === 'done' ? state.total : 0);
  const rate = progress && progress.elapsedMs > 0 ? (progress.done / progress.elapsedMs) * 1000 : 0;
  const left = rate > 0 && progress ? ((progress.total - progress.done) / rate) * 1000 : null;
  return (
    <Stack
      gap="2"
      data-testid="bulk-progress"
      data-status={state.status}
      data-in-flight={progress?.inFlight ?? 0}
      data-workers={progress?.workers ?? 0}
    >
      <Progress.Root value={total > 0 ? (done / total) * 100 : 0} colorPalette="brand" size="sm" aria-label="Rows made">
        <Progress.Track>
          {/* No width transition: it would animate layout on the main thread for the whole run. */}
          <Progress.Range transition="none" />
        </Progress.Track>
      </Progress.Root>
      <HStack justify="space-between" wrap="wrap" gap="2">
        <Text fontSize="sm" aria-live="polite">
          {state.status === 'running' &&
            `${done.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} rows · ${rate.toFixed(1)} rows/s${left !== null ? ` · about ${seconds(left)} left` : ''}`}
          {state.status === 'done' &&
            `Done: ${total.toLocaleString('en-US')} rows in ${seconds(state.elapsedMs)}, ${(state.bytes / 1e6).toFixed(1)} MB. ${state.toFile ? 'Saved to the file you chose.' : 'The ZIP is downloading.'}`}
          {state.status === 'cancelled' &&
            `Cancelled after ${done.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} rows. Nothing was downloaded.`}
          {state.status === 'failed' && `The ZIP could not be made: ${state.message} Nothing was downloaded.`}
        </Text>
        {state.status === 'running' && (
          <Button size="sm" variant="outline" colorPalette="red" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </HStack>
    </Stack>
  );
}
