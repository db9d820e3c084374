/**
 * Coalesces calls made close together into one call of `run` with all their inputs (group commit).
 * Calls queued before the next turn of the event loop, or while the previous batch is still
 * running, go out together, so a burst of N lookups or inserts costs a few queries instead of N,
 * and a lone call waits for nothing but the current turn. `run` returns one output per input, in
 * order; when it throws, every caller of that batch gets the error.
 */
export class Batcher<I, O> {
  private pending: { input: I; resolve: (o: O) => void; reject: (e: unknown) => void }[] = [];
  private scheduled = false;
  private running = 0;

  constructor(
    private readonly run: (inputs: I[]) => Promise<O[]>,
    private readonly options: { max?: number; concurrency?: number } = {},
  ) {}

  call(input: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.pending.push({ input, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.running >= (this.options.concurrency ?? 1)) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      void this.flush();
    });
  }

  private async flush(): Promise<void> {
    if (this.pending.length === 0) return;
    const batch = this.pending.splice(0, this.options.max ?? 500);
    this.running += 1;
    try {
      const outs = await this.run(batch.map((b) => b.input));
      batch.forEach((b, i) => b.resolve(outs[i] as O));
    } catch (err) {
      for (const b of batch) b.reject(err);
    } finally {
      this.running -= 1;
      if (this.pending.length > 0) this.schedule();
    }
  }
}
