// Group commit for scans: scans that arrive while a batch is being written wait and go together in the next
// one, so a busy redirect commits once per batch rather than once per scan. Nothing waits on a timer: an idle
// server writes a lone scan at once. Each caller's promise settles only after the batch holding its scan has
// committed, so a 302 is never sent for a scan that could still be lost.
//
// With a batch already being written, another one starts only once as many scans wait as the batches being written
// hold on average. Otherwise the first scan to arrive after a slot frees would go alone, and under load a large
// share of batches held one scan each, paying a batch's fixed cost in the database for one scan
// (bench-results/redirect-profile.md). The scans that wait are never stranded: every finished batch starts the
// next, and an idle batcher starts at once.

export interface ScanBatcherOptions<In, Out> {
  /** Writes one batch in one transaction; returns one result per input, in order. */
  write(batch: readonly In[]): Promise<readonly Out[]>;
  /** Most scans per batch (bounds one statement's size). */
  maxBatch: number;
  /** Most batches being written at once (1 on PGlite, which has one connection). */
  maxInFlight: number;
}

interface Pending<In, Out> {
  input: In;
  resolve(value: Out): void;
  reject(reason: unknown): void;
}

export class ScanBatcher<In, Out> {
  private readonly queue: Pending<In, Out>[] = [];
  private inFlight = 0;
  /** Scans in the batches being written. */
  private scansInFlight = 0;
  private readonly options: ScanBatcherOptions<In, Out>;

  constructor(options: ScanBatcherOptions<In, Out>) {
    this.options = options;
    if (options.maxBatch < 1 || options.maxInFlight < 1) throw new RangeError('maxBatch and maxInFlight must be ≥ 1');
  }

  /** Resolves with the input's result once its batch has committed; rejects if the batch failed. */
  submit(input: In): Promise<Out> {
    return new Promise<Out>((resolve, reject) => {
      this.queue.push({ input, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    while (this.inFlight < this.options.maxInFlight && this.queue.length > 0) {
      if (
        this.inFlight > 0 &&
        this.queue.length < Math.min(this.options.maxBatch, this.scansInFlight / this.inFlight)
      ) {
        return;
      }
      const batch = this.queue.splice(0, this.options.maxBatch);
      this.inFlight++;
      this.scansInFlight += batch.length;
      void this.writeBatch(batch).finally(() => {
        this.inFlight--;
        this.scansInFlight -= batch.length;
        this.pump();
      });
    }
  }

  private async writeBatch(batch: Pending<In, Out>[]): Promise<void> {
    try {
      const results = await this.options.write(batch.map((p) => p.input));
      if (results.length !== batch.length) {
        throw new Error(`scan batch: ${results.length} results for ${batch.length} scans`);
      }
      batch.forEach((p, i) => p.resolve(results[i]!));
    } catch (err) {
      for (const p of batch) p.reject(err);
    }
  }
}
