import { Badge, Button, Text, VStack } from '@chakra-ui/react';
import { getQrClient, SCAN_READER_LABEL, type QrRequest, type ScanCheckResult } from '../../worker-client/index.ts';
import { colorWarning, type QrDesign } from '../../qr-ui/index.ts';
import { useLatestLoad } from '../../lib/useLatestLoad.ts';

/** A change to the design the badge can make in one click, with the button's words. */
interface Fix {
  label: string;
  patch: Partial<QrDesign>;
}

/** What to change when a reader could not read the code back, and the one-click change that does it. */
function advice(request: QrRequest, result: ScanCheckResult): { text: string; fix: Fix | null } {
  const { style, ecl } = request;
  if (colorWarning(style.fg, style.bg))
    return {
      text: 'Increase the contrast: a dark foreground on a light background.',
      fix: { label: 'Use black on white', patch: { fg: '#000000', bg: '#FFFFFF' } },
    };
  if (style.logoId && (ecl === 'L' || ecl === 'M'))
    return {
      text: 'Use error level H or Q with a logo, or remove the logo.',
      fix: { label: 'Raise the error level to H', patch: { ecl: 'H' } },
    };
  if (result.readers.every((r) => r.clean)) {
    // Read from the file, lost from a phone photo: the modules are too small for a camera.
    if (style.frame !== 'none')
      return {
        text: 'Its modules are small for a phone camera: without the frame they get more room, or print it larger.',
        fix: { label: 'Remove the frame', patch: { frame: 'none' } },
      };
    return { text: 'Its modules are small for a phone camera: print it larger or shorten the content.', fix: null };
  }
  if (ecl !== 'H')
    return {
      text: 'A higher error level leaves more room for blur and damage.',
      fix: { label: 'Raise the error level to H', patch: { ecl: 'H' } },
    };
  if (style.shape !== 'square')
    return {
      text: 'Square modules read best.',
      fix: { label: 'Use the square shape', patch: { shape: 'square' } },
    };
  if (style.logoId) return { text: 'Try a smaller or simpler logo, or remove it.', fix: null };
  return { text: 'Shorten the content.', fix: null };
}

/** Which readers failed, and where: "jsQR could not read it; zbar could not read it from a phone photo." */
function failures(result: ScanCheckResult): string {
  const names = (pick: (r: ScanCheckResult['readers'][number]) => boolean) =>
    result.readers.filter(pick).map((r) => SCAN_READER_LABEL[r.reader]);
  const clean = names((r) => !r.clean);
  const photo = names((r) => r.clean && !r.phonePhoto);
  const list = (n: string[]) => n.join(' and ');
  return [
    clean.length ? `${list(clean)} could not read it.` : '',
    photo.length ? `${list(photo)} could not read it from a phone photo.` : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/**
 * Resolves once the frame after this one has been produced (the preview just painted is on screen) and the page
 * is then idle: the scan check, whose first run loads the readers (about 500 KB gzip of wasm), never competes
 * with the first paint or with typing. Rejects with nothing to report if `signal` aborts first.
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
 * The worker renders the 1000 px PNG and has three readers (ZXing, zbar, jsQR) read it, and a phone-photo copy
 * of it (docs/scan-safety.md); the badge says what was checked and the smallest safe print width, or which
 * reader failed and what to change, with a one-click fix when `onFix` is given. `request` is the request the
 * preview shows (set once painted).
 */
export function ScanBadge({
  request,
  onFix,
}: {
  request: QrRequest | null;
  onFix?: (patch: Partial<QrDesign>) => void;
}) {
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
    // The check itself could not run (the readers did not load, or gave up): that says nothing about the code.
    return (
      <Badge colorPalette="gray" variant="subtle" aria-live="polite">
        Scan check unavailable
      </Badge>
    );
  }
  const result = query.data;
  if (!result.ok) {
    const { text, fix } = advice(request, result);
    return (
      <VStack gap="1" aria-live="polite" maxW="xs">
        <Badge colorPalette="red" variant="solid">
          May not scan
        </Badge>
        <Text fontSize="xs" color="red.700" textAlign="center">
          {failures(result)} {text}
        </Text>
        {fix && onFix && (
          <Button size="xs" variant="outline" colorPalette="red" onClick={() => onFix(fix.patch)}>
            {fix.label}
          </Button>
        )}
      </VStack>
    );
  }
  return (
    <VStack gap="1" aria-live="polite">
      <Badge colorPalette="green" variant="solid">
        ✓ Scans with {result.readers.length} readers, also from a phone photo
      </Badge>
      {result.minPrintCm !== null && (
        <Text fontSize="xs" color="gray.700" textAlign="center">
          Print it at least {result.minPrintCm.toLocaleString('en-GB')} cm wide.
        </Text>
      )}
    </VStack>
  );
}
