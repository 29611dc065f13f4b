import { Badge, Text, VStack } from '@chakra-ui/react';
import { getQrClient, type QrRequest } from '../../worker-client/index.ts';
import { colorWarning } from '../../qr-ui/index.ts';
import { useLatestLoad } from '../../lib/useLatestLoad.ts';

/** What to change when the decoder could not read the code back. */
function advice(request: QrRequest): string {
  if (colorWarning(request.style.fg, request.style.bg))
    return 'Increase the contrast: a dark foreground on a light background.';
  if (request.style.logoId && (request.ecl === 'L' || request.ecl === 'M'))
    return 'Use error level H or Q with a logo, or remove the logo.';
  if (request.style.logoId) return 'Try a smaller or simpler logo, or remove it.';
  return 'Try the square shape or a higher error level.';
}

/**
 * Resolves once the frame after this one has been produced (the preview just painted is on screen) and the page
 * is then idle: the scan check, whose first run loads the decoder (about 400 KB gzip of wasm), never competes with
 * the first paint or with typing. Rejects with nothing to report if `signal` aborts first.
 */
function idleAfterPaint(signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const onIdle = () => (signal.aborted ? reject(signal.reason) : resolve());
    requestAnimationFrame(() => {
      if (typeof requestIdleCallback === 'function') requestIdleCallback(onIdle, { timeout: 2000 });
      else setTimeout(onIdle, 50);
    });
  });
}

/**
 * The worker renders the 1000 px PNG and reads it back with a real decoder (zxing-wasm); the badge says
 * whether the code scans to exactly this content. `request` is the request the preview shows (set once painted).
 */
export function ScanBadge({ request }: { request: QrRequest | null }) {
  const { state: query } = useLatestLoad(
    request ? JSON.stringify(request) : null,
    async (signal) => {
      await idleAfterPaint(signal);
      return getQrClient().scanCheck(request!, { kind: 'png', size: 1000 });
    },
    400,
  );
  if (!request || query.status === 'idle') return null;
  if (query.status === 'loading') {
    return (
      <Badge colorPalette="gray" variant="subtle" aria-live="polite">
        Checking that it scans…
      </Badge>
    );
  }
  if (query.status === 'error') {
    // The check itself could not run (the decoder did not load, or gave up): that says nothing about the code.
    return (
      <Badge colorPalette="gray" variant="subtle" aria-live="polite">
        Scan check unavailable
      </Badge>
    );
  }
  if (!query.data.ok) {
    return (
      <VStack gap="1" aria-live="polite">
        <Badge colorPalette="red" variant="solid">
          May not scan
        </Badge>
        <Text fontSize="xs" color="red.700" textAlign="center">
          {advice(request)}
        </Text>
      </VStack>
    );
  }
  return (
    <Badge colorPalette="green" variant="solid" aria-live="polite">
      ✓ Scans correctly
    </Badge>
  );
}
