/**
 * A log file written a chunk at a time in the background (the file system's thread pool), for
 * the logs that append bytes (pcapng, WiGLE CSV): writes are queued in order, the bytes written
 * and still queued are counted for rotation and backpressure, and the first failure (disk full,
 * file removed) stops the writing and is reported once, so the log manager can close the log.
 */
import { open, type FileHandle } from 'node:fs/promises';

/** An append-only file with a write queue. */
export class ChunkedFile {
  #written = 0;
  #queued = 0;
  #queuedRecords = 0;
  #writing: Promise<void> = Promise.resolve();
  #failed = false;
  #waiters: { below: number; resolve: () => void }[] = [];

  private constructor(
    private readonly file: FileHandle,
    private readonly fail: (error: Error) => void,
  ) {}

  /** Creates `path` (which must not exist) with mode 0640; `fail` hears of the first write error. */
  static async create(path: string, fail: (error: Error) => void): Promise<ChunkedFile> {
    return new ChunkedFile(await open(path, 'wx', 0o640), fail);
  }

  /** Bytes on disk so far. */
  get written(): number {
    return this.#written;
  }

  /** Bytes queued and not yet written. */
  get queued(): number {
    return this.#queued;
  }

  /** Records (packets, rows) in the chunks queued, as the writers said when queuing them. */
  get queuedRecords(): number {
    return this.#queuedRecords;
  }

  /** Queues a chunk holding `records` records; after a failure chunks are dropped. */
  write(text: Buffer | string, records = 0): void {
    if (this.#failed) return;
    const chunk = typeof text === 'string' ? Buffer.from(text) : text;
    const length = chunk.length;
    this.#queued += length;
    this.#queuedRecords += records;
    this.#writing = this.#writing.then(async () => {
      if (!this.#failed) {
        try {
          await this.file.write(chunk);
          this.#written += length;
        } catch (error) {
          this.#failed = true;
          this.fail(error as Error);
        }
      }
      this.#queued -= length;
      this.#queuedRecords -= records;
      this.#release();
    });
  }

  /** Resolves once fewer than `bytes` are queued (or the file failed); undefined when that is already so. */
  whenQueuedBelow(bytes: number): Promise<void> | undefined {
    if (this.#queued < bytes || this.#failed) return undefined;
    return new Promise((resolve) => this.#waiters.push({ below: bytes, resolve }));
  }

  /** Writes what is queued and closes the file. */
  async close(): Promise<void> {
    await this.#writing;
    await this.file.close();
  }

  #release(): void {
    if (this.#waiters.length === 0) return;
    const waiting = this.#waiters;
    this.#waiters = [];
    for (const waiter of waiting) {
      if (this.#queued < waiter.below || this.#failed) waiter.resolve();
      else this.#waiters.push(waiter);
    }
  }
}
