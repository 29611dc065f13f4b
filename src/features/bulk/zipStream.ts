/**
 * The ZIP, written while it is made (fflate's streaming `Zip`): each file is added whole and its bytes dropped,
 * and the archive's chunks go straight to a sink, so the page never holds the archive in one buffer.
 *
 * Sinks: a file the user picked (`showSaveFilePicker`, the File System Access API: chunks are written to disk as
 * they come), or Blob parts (elsewhere: chunks are gathered into Blobs of about PART_BYTES, whose data Chromium
 * keeps outside the JS heap, and downloaded as one Blob at the end).
 */
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';

export interface ZipSink {
  write(chunk: Uint8Array<ArrayBuffer>): void | Promise<void>;
  /** The finished archive as a Blob to download, or null when it went to a file already. */
  close(): Promise<Blob | null>;
  abort(): Promise<void>;
}

/** Chunks are gathered up to this size before they become one Blob part (fewer, larger Blobs). */
export const PART_BYTES = 2 * 1024 * 1024;

export class BlobPartsSink implements ZipSink {
  private parts: Blob[] = [];
  private pending: Uint8Array<ArrayBuffer>[] = [];
  private pendingBytes = 0;

  write(chunk: Uint8Array<ArrayBuffer>): void {
    this.pending.push(chunk);
    this.pendingBytes += chunk.byteLength;
    if (this.pendingBytes >= PART_BYTES) this.flush();
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
  write(data: Uint8Array<ArrayBuffer>): Promise<void>;
  close(): Promise<void>;
  abort(): Promise<void>;
}

export class FileSink implements ZipSink {
  private readonly file: WritableFile;
  constructor(file: WritableFile) {
    this.file = file;
  }
  write(chunk: Uint8Array<ArrayBuffer>): Promise<void> {
    return this.file.write(chunk);
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
  private readonly zip: Zip;
  private readonly sink: ZipSink;
  private writes: Promise<void> = Promise.resolve();
  private queuedBytes = 0;
  private failure: Error | null = null;
  /** Bytes of archive written so far. */
  bytes = 0;

  constructor(sink: ZipSink) {
    this.sink = sink;
    this.zip = new Zip((error, chunk) => {
      if (error) {
        this.failure = error;
        return;
      }
      this.bytes += chunk.byteLength;
      this.queuedBytes += chunk.byteLength;
      this.writes = this.writes.then(async () => {
        await this.sink.write(chunk);
        this.queuedBytes -= chunk.byteLength;
      });
    });
  }

  /** Adds one whole file; text formats are deflated, compressed ones stored. */
  add(name: string, bytes: Uint8Array<ArrayBuffer>, deflate: boolean): void {
    if (this.failure) throw this.failure;
    const file = deflate ? new ZipDeflate(name, { level: 6 }) : new ZipPassThrough(name);
    this.zip.add(file);
    file.push(bytes, true);
  }

  /** Waits for the sink when too much is queued for it. */
  async drain(): Promise<void> {
    if (this.queuedBytes > MAX_QUEUED_BYTES) await this.writes;
  }

  async finish(): Promise<Blob | null> {
    this.zip.end();
    await this.writes;
    if (this.failure) throw this.failure;
    return this.sink.close();
  }

  async abort(): Promise<void> {
    this.zip.terminate();
    await this.writes.catch(() => {});
    await this.sink.abort();
  }
}
