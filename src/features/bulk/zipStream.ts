/**
 * The ZIP, written while it is made: each file is placed as the Blob the worker made (`ZipWriter`; its CRC-32 came
 * with it), and the archive's parts go straight to a sink, so the page never reads a file's bytes nor holds the
 * archive in one buffer.
 *
 * Sinks: a file the user picked (`showSaveFilePicker`, the File System Access API: parts are written to disk as
 * they come), or Blob parts (elsewhere: parts are gathered into Blobs of about PART_BYTES, which reference the
 * workers' Blobs rather than copy them, and downloaded as one Blob at the end).
 */
import type { ZipEntryData } from '../../shared/zip/entryData.ts';
import { partBytes, ZipWriter, type ZipPart } from '../../zip/writer.ts';

export interface ZipSink {
  write(part: ZipPart): void | Promise<void>;
  /** The finished archive as a Blob to download, or null when it went to a file already. */
  close(): Promise<Blob | null>;
  abort(): Promise<void>;
}

/** Parts are gathered up to this size, or this many, before they become one Blob (fewer, larger Blobs). */
export const PART_BYTES = 2 * 1024 * 1024;
const PART_COUNT = 256;

export class BlobPartsSink implements ZipSink {
  private parts: Blob[] = [];
  private pending: ZipPart[] = [];
  private pendingBytes = 0;

  write(part: ZipPart): void {
    this.pending.push(part);
    this.pendingBytes += partBytes(part);
    if (this.pendingBytes >= PART_BYTES || this.pending.length >= PART_COUNT) this.flush();
  }

  private flush(): void {
    if (this.pending.length === 0) return;
    this.parts.push(new Blob(this.pending));
    this.pending = [];
    this.pendingBytes = 0;
  }

  close(): Promise<Blob> {
    this.flush();
    const blob = new Blob(this.parts, { type: 'application/zip' });
    this.parts = [];
    return Promise.resolve(blob);
  }

  abort(): Promise<void> {
    this.parts = [];
    this.pending = [];
    this.pendingBytes = 0;
    return Promise.resolve();
  }
}

/** The subset of FileSystemWritableFileStream this uses (not in every TypeScript DOM lib). */
interface WritableFile {
  write(data: ZipPart): Promise<void>;
  close(): Promise<void>;
  abort(): Promise<void>;
}

export class FileSink implements ZipSink {
  private readonly file: WritableFile;
  constructor(file: WritableFile) {
    this.file = file;
  }
  write(part: ZipPart): Promise<void> {
    return this.file.write(part);
  }
  async close(): Promise<null> {
    await this.file.close();
    return null;
  }
  abort(): Promise<void> {
    return this.file.abort();
  }
}

interface SaveFilePickerWindow {
  showSaveFilePicker?: (options: {
    suggestedName: string;
    types: { description: string; accept: Record<string, string[]> }[];
  }) => Promise<{ createWritable(): Promise<WritableFile> }>;
}

/**
 * Where the browser can write a file as it is made, asks for it (call within the click: the picker needs the
 * user's gesture). Resolves null when the browser cannot (the Blob path is used); rejects with an AbortError when
 * the user closes the picker.
 */
export async function pickZipFile(suggestedName: string): Promise<FileSink | null> {
  const picker = (window as SaveFilePickerWindow).showSaveFilePicker;
  if (!picker) return null;
  const handle = await picker.call(window, {
    suggestedName,
    types: [{ description: 'ZIP archive', accept: { 'application/zip': ['.zip'] } }],
  });
  return new FileSink(await handle.createWritable());
}

/** Writes beyond this many bytes wait for the sink before the next row is taken (disk slower than rendering). */
const MAX_QUEUED_BYTES = 8 * 1024 * 1024;

export class StreamingZip {
  private readonly writer: ZipWriter;
  private readonly sink: ZipSink;
  private writes: Promise<void> = Promise.resolve();
  private queuedBytes = 0;
  private aborted = false;

  constructor(sink: ZipSink) {
    this.sink = sink;
    this.writer = new ZipWriter((part) => {
      const bytes = partBytes(part);
      this.queuedBytes += bytes;
      this.writes = this.writes.then(async () => {
        if (this.aborted) return;
        await this.sink.write(part);
        this.queuedBytes -= bytes;
      });
    });
  }

  /** Bytes of archive written so far. */
  get bytes(): number {
    return this.writer.offset;
  }

  /** Adds one whole file, as its entry was made (stored or deflated, with its CRC-32). */
  add(name: string, entry: ZipEntryData): void {
    this.writer.add(name, entry);
  }

  /** Waits for the sink when too much is queued for it. */
  async drain(): Promise<void> {
    if (this.queuedBytes > MAX_QUEUED_BYTES) await this.writes;
  }

  async finish(): Promise<Blob | null> {
    this.writer.finish();
    await this.writes;
    return this.sink.close();
  }

  async abort(): Promise<void> {
    this.aborted = true;
    await this.writes.catch(() => {});
    await this.sink.abort();
  }
}
