import { useEffect, useRef, useState } from 'react';
import { Button, HStack, NativeSelect } from '@chakra-ui/react';
import { toaster } from '../../components/toaster.ts';
import type { QrRequest } from '../../worker-client/index.ts';
import {
  describeQrError,
  fileName,
  formatOptions,
  openPrintWindow,
  renderExport,
  saveBlob,
  type ExportFormat,
} from '../../qr-ui/index.ts';

/**
 * One toast for the latest download, updated in place: downloading format after format must not pile toasts up
 * over the Download button (a pointer resting on a toast pauses it, so a pile never went away).
 */
const DOWNLOAD_TOAST = 'qr-download';

/** Spec §9: the save prompt opens this long after a download. */
export const SAVE_PROMPT_DELAY_MS = 1000;

interface DownloadBarProps {
  surface: 'landing' | 'create';
  /** Null until generated with content: the button stays disabled (spec §5). */
  request: QrRequest | null;
  /** Called after a successful download (the /create save prompt hangs off it). */
  onDownloaded?: () => void;
}

export function DownloadBar({ surface, request, onDownloaded }: DownloadBarProps) {
  const [format, setFormat] = useState<ExportFormat>('png');
  const [busy, setBusy] = useState(false);
  const abortRef = useRef<AbortController | null>(null);
  useEffect(() => () => abortRef.current?.abort(), []);

  const download = async () => {
    if (!request) return;
    abortRef.current?.abort();
    const controller = new AbortController();
    abortRef.current = controller;
    setBusy(true);
    try {
      if (format === 'print') {
        await openPrintWindow(request, controller.signal);
      } else {
        const blob = await renderExport(format, request, controller.signal);
        saveBlob(blob, fileName(surface, format));
      }
      if (surface === 'landing') {
        toaster.create({
          id: DOWNLOAD_TOAST,
          title: 'QR code downloaded successfully!',
          type: 'success',
          closable: true,
        });
      } else {
        toaster.create({
          id: DOWNLOAD_TOAST,
          title: 'Downloaded!',
          description: `Your QR code has been downloaded as ${format === 'print' ? 'PDF' : format.toUpperCase()}`,
          type: 'success',
          closable: true,
        });
      }
      onDownloaded?.();
    } catch (error) {
      if (controller.signal.aborted) return;
      toaster.create({
        id: DOWNLOAD_TOAST,
        title: 'Download failed',
        description: describeQrError(error, request.ecl),
        type: 'error',
        closable: true,
      });
    } finally {
      if (abortRef.current === controller) setBusy(false);
    }
  };

  return (
    <HStack gap="2" w="full" maxW="sm">
      <NativeSelect.Root size="sm" flex="1">
        <NativeSelect.Field
          aria-label="Download format"
          value={format}
          onChange={(e) => setFormat(e.target.value as ExportFormat)}
        >
          {formatOptions(surface).map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Button
        size="sm"
        colorPalette="brand"
        disabled={!request}
        loading={busy}
        loadingText="Preparing…"
        onClick={() => void download()}
      >
        Download
      </Button>
    </HStack>
  );
}
