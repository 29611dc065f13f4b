/**
 * A pool of QR workers for bulk creation: one worker client per worker, each with its own worker started on
 * first use. Work goes to the least busy client; `inFlight` counts the calls not yet settled (the page shows it
 * as a data attribute, which the e2e test reads after Cancel). `terminate` ends every worker at once.
 */
import { QrClient, type ArchiveFormat, type QrRequest } from '../../worker-client/index.ts';
import type { ZipEntryData } from '../../shared/zip/entryData.ts';
import { isCompressed, type BulkFormat } from './outputFormats.ts';

const ARCHIVE_FORMATS: Record<BulkFormat, ArchiveFormat> = {
  png: { type: 'png', size: 1000 },
  png2000: { type: 'png', size: 2000 },
  svg: { type: 'svg' },
  pdf: { type: 'pdf' },
  eps: { type: 'eps' },
};

/** localStorage key the benchmark (scripts/bench/bulk.mjs) sets to compare 1 and 2 workers; nothing else sets it. */
export const WORKERS_OVERRIDE_KEY = 'qrcraft.bulk.workers';

/** At least 2 workers; as many as the device has cores, up to 8 (more only competes for memory). */
export function poolSize(cores = typeof navigator === 'undefined' ? 2 : navigator.hardwareConcurrency): number {
  const override = Number(globalThis.localStorage?.getItem(WORKERS_OVERRIDE_KEY));
  if (Number.isInteger(override) && override >= 1 && override <= 16) return override;
  return Math.min(8, Math.max(2, cores || 2));
}

export class RenderPool {
  readonly size: number;
  private readonly clients: QrClient[];
  private readonly busy: number[];
  private ended = false;
  inFlight = 0;

  constructor(size: number) {
    this.size = size;
    this.clients = Array.from({ length: size }, () => new QrClient());
    this.busy = this.clients.map(() => 0);
  }

  /** Sends the design's logo to every worker before any render names it. */
  async putLogo(file: Blob, id: string, signal: AbortSignal): Promise<void> {
    await Promise.all(this.clients.map((c) => c.putLogo(file, id, { signal })));
  }

  /**
   * Renders one file on the least busy worker, ready for the ZIP: the worker reads its bytes for the CRC-32 (and
   * deflates the text formats), so the page gets a Blob to place, never bytes to read.
   */
  async render(format: BulkFormat, request: QrRequest, signal: AbortSignal): Promise<ZipEntryData> {
    let index = 0;
    for (let i = 1; i < this.busy.length; i++) if (this.busy[i]! < this.busy[index]!) index = i;
    const client = this.clients[index]!;
    this.busy[index]!++;
    this.inFlight++;
    try {
      return await client.archiveFile(request, ARCHIVE_FORMATS[format], !isCompressed(format), { signal });
    } finally {
      this.busy[index]!--;
      this.inFlight--;
    }
  }

  /** Workers this pool holds (0 once terminated). */
  get workers(): number {
    return this.ended ? 0 : this.size;
  }

  /** Ends every worker now (Cancel, or the run is over): their memory goes with them. */
  terminate(): void {
    if (this.ended) return;
    this.ended = true;
    for (const c of this.clients) c.terminate();
  }
}
