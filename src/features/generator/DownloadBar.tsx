import { Suspense, useEffect, useRef, useState } from 'react';
import { Button, HStack, NativeSelect, Stack } from '@chakra-ui/react';
import { toaster } from '../../components/toaster.ts';
import { nextTask } from '../../lib/nextTask.ts';
import { getQrClient, type QrRequest } from '../../worker-client/index.ts';
import {
  describeQrError,
  fileName,
  formatName,
  formatOptions,
  IMAGE_SIZES,
  isRasterFormat,
  openPrintWindow,
  preparePrintWindow,
  renderExport,
  saveBlob,
  type ExportFormat,
  type PreparedPrint,
} from '../../qr-ui/index.ts';
import type { PrintForm } from '../../qr-ui/printSetup.ts';
import { lazyWithPreload, preloadOnIntent } from '../../components/lazyWithPreload.ts';

// The print setup is for those who choose a print format: its panel and rules load then (or on intent), not with
// the first paint of every page that has a generator.
const PrintSetupPanel = lazyWithPreload(() =>
  import('./PrintSetupPanel.tsx').then((m) => ({ default: m.PrintSetupPanel })),
);
const loadPrintRules = () => import('../../qr-ui/printSetup.ts');
type PrintRules = Awaited<ReturnType<typeof loadPrintRules>>;

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

/** Formats with a print setup under the menu: a physical size, and colours for the PDF and EPS. */
const isPrint = (format: ExportFormat) => format === 'print' || format === 'print-pdf' || format === 'eps';

/** A file being rendered (or rendered) for `request` with the choices `key` stands for. */
interface FileJob {
  request: QrRequest;
  key: string;
  controller: AbortController;
  file: Promise<Blob>;
}

/** A download that takes longer than this shows the button's busy state. */
const BUSY_AFTER_MS = 100;

export function DownloadBar({ surface, request, onDownloaded }: DownloadBarProps) {
  const [format, setFormat] = useState<ExportFormat>('png');
  const [imagePx, setImagePx] = useState(1000);
  const [busy, setBusy] = useState(false);
  const [minSizeMm, setMinSizeMm] = useState<number | null>(null);
  const [printForm, setPrintForm] = useState<PrintForm | null>(null);
  const [prepared, setPrepared] = useState<PreparedPrint | null>(null);
  const [printRules, setPrintRules] = useState<PrintRules | null>(null);
  const abortRef = useRef<AbortController | null>(null);
  useEffect(() => () => abortRef.current?.abort(), []);

  const printing = isPrint(format) && request !== null;
  // The code's smallest safe print size; a first answer also sets up the form.
  useEffect(() => {
    if (!printing || !request) return;
    let live = true;
    Promise.all([getQrClient().printInfo(request), loadPrintRules()])
      .then(([info, rules]) => {
        if (!live) return;
        setPrintRules(rules);
        setMinSizeMm(info.minSizeMm);
        setPrintForm((form) => form ?? rules.defaultPrintForm(info.minSizeMm));
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [printing, request]);

  const check = printForm && minSizeMm !== null && printRules ? printRules.checkPrintForm(printForm, minSizeMm) : null;
  const sizeMm = check?.ok ? check.setup.sizeMm : null;
  // The print window's page is built ahead of the click, so the click only opens it.
  useEffect(() => {
    if (format !== 'print' || !request || sizeMm === null) return;
    const controller = new AbortController();
    let url: string | null = null;
    const timer = setTimeout(() => {
      preparePrintWindow(request, sizeMm, controller.signal)
        .then((page) => {
          url = page.url;
          setPrepared(page);
        })
        .catch(() => {});
    }, 150);
    return () => {
      clearTimeout(timer);
      controller.abort();
      // The page was opened from it already, or it is stale.
      if (url) setTimeout((u: string) => URL.revokeObjectURL(u), 60_000, url);
    };
  }, [format, request, sizeMm]);

  // The file for the current request and choices is rendered once the user shows they mean to download (the
  // pointer or focus on the download controls, a format or size chosen), so that the click mostly only saves it.
  // Not on every edit: the worker would render files nobody downloads, ahead of the next preview.
  const ahead = useRef<FileJob | null>(null);
  const intent = useRef(false);
  const fileJob = (): FileJob | null => {
    if (!request || format === 'print' || (isPrint(format) && !check?.ok)) return null;
    const setup = check?.ok ? check.setup : undefined;
    const key = JSON.stringify([format, imagePx, setup ?? null]);
    const current = ahead.current;
    if (current && current.request === request && current.key === key) return current;
    current?.controller.abort();
    const controller = new AbortController();
    const file = renderExport(format, request, controller.signal, setup, imagePx);
    // A failed render is reported by the download that awaits it, and tried afresh by the next one.
    file.catch(() => {
      if (ahead.current?.file === file) ahead.current = null;
    });
    return (ahead.current = { request, key, controller, file });
  };
  const onIntent = () => {
    intent.current = true;
    fileJob();
  };
  const setupKey = check?.ok ? JSON.stringify(check.setup) : null;
  useEffect(() => {
    if (intent.current) fileJob();
    // fileJob reads this render's choices; a new request alone waits for the next intent.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [format, imagePx, setupKey]);
  useEffect(() => () => ahead.current?.controller.abort(), []);

  const download = async () => {
    if (!request) return;
    if (isPrint(format) && !check?.ok) return;
    abortRef.current?.abort();
    const controller = new AbortController();
    abortRef.current = controller;
    let opening: Promise<void> | null = null;
    if (format === 'print') {
      // The window opens within the click (a popup needs its user activation); the state updates and the toast
      // wait for the next task, so the click's own task stays short (opening a window is already main-thread work).
      opening = openPrintWindow(request, sizeMm ?? 0, prepared, controller.signal);
      opening.catch(() => {});
      await nextTask();
    }
    // "Preparing…" only when the file keeps the user waiting: a file rendered ahead is saved at once, and the two
    // renders of a busy flash were most of the click's cost.
    const busyTimer = setTimeout(() => setBusy(true), BUSY_AFTER_MS);
    try {
      if (format === 'print') {
        await opening;
      } else {
        const job = fileJob();
        if (!job) return;
        const blob = await job.file;
        if (controller.signal.aborted) return;
        saveBlob(blob, fileName(surface, format));
      }
      // The toast and the save prompt (whose code the first download loads) each get a task of their own.
      await nextTask();
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
          description: `Your QR code has been downloaded as ${formatName(format)}`,
          type: 'success',
          closable: true,
        });
      }
      await nextTask();
      onDownloaded?.();
    } catch (error) {
      // Cancelled: a newer download or a changed choice took over.
      if (controller.signal.aborted || (error instanceof Error && error.name === 'AbortError')) return;
      toaster.create({
        id: DOWNLOAD_TOAST,
        title: 'Download failed',
        description: describeQrError(error),
        type: 'error',
        closable: true,
      });
    } finally {
      clearTimeout(busyTimer);
      if (abortRef.current === controller) setBusy(false);
    }
  };

  return (
    <Stack gap="2" w="full" maxW="sm">
      <HStack gap="2" w="full">
        <NativeSelect.Root size="sm" flex="1">
          <NativeSelect.Field
            aria-label="Download format"
            {...preloadOnIntent(PrintSetupPanel.preload)}
            onFocus={() => {
              PrintSetupPanel.preload();
              onIntent();
            }}
            value={format}
            onChange={(e) => setFormat(e.target.value as ExportFormat)}
          >
            {formatOptions(surface, imagePx).map((o) => (
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
          disabled={!request || (isPrint(format) && !check?.ok)}
          loading={busy}
          loadingText="Preparing…"
          onPointerEnter={onIntent}
          onFocus={onIntent}
          onClick={() => void download()}
        >
          Download
        </Button>
      </HStack>
      {isRasterFormat(format) && (
        <NativeSelect.Root size="sm">
          <NativeSelect.Field
            aria-label="Image size in pixels"
            onFocus={onIntent}
            value={String(imagePx)}
            onChange={(e) => setImagePx(Number(e.target.value))}
          >
            {IMAGE_SIZES.map((px) => (
              <option key={px} value={px}>
                {`${px} × ${px} px`}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      )}
      {printing && printForm && (
        <Suspense fallback={null}>
          <PrintSetupPanel
            target={format === 'print' ? 'window' : format === 'eps' ? 'eps' : 'pdf'}
            form={printForm}
            onChange={setPrintForm}
            minSizeMm={minSizeMm}
            check={check}
            fg={request.style.fg}
            bg={request.style.bg}
            hasLogo={request.style.logoId !== null}
          />
        </Suspense>
      )}
    </Stack>
  );
}
