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
  /** Chunks queued and not yet handed to a write. */
  #pending: Buffer[] = [];
  #pendingBytes = 0;
  #pendingRecords = 0;
  /** The write loop, while one runs. */
  #writing: Promise<void> | undefined;
  #failed = false;
  #waiters: { below: number; resolve: () => void }[] = [];

  private constructor(
    private readonly file: FileHandle,
    private readonly fail: (error: Error) => void,
  ) {}

  /**
   * Creates `path` (which must not exist) with mode 0640 and writes `head` (the format's header)
   * before it answers, so a disk that is full or refuses the file fails the creation itself;
   * `fail` hears of the first later write error.
   */
  static async create(path: string, head: Buffer | string, fail: (error: Error) => void): Promise<ChunkedFile> {
    const handle = await open(path, 'wx', 0o640);
    try {
      await handle.write(typeof head === 'string' ? Buffer.from(head) : head);
    } catch (error) {
      await handle.close();
      throw error;
    }
    const file = new ChunkedFile(handle, fail);
    file.#written = Buffer.byteLength(head);
    return file;
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
    this.#pending.push(chunk);
    this.#pendingBytes += chunk.length;
    this.#pendingRecords += records;
    this.#queued += chunk.length;
    this.#queuedRecords += records;
    this.#writing ??= this.#drain();
  }

  /**
   * Writes what is queued, in order, one `writev` of every chunk queued so far at a time: however
   * many chunks arrive while one is written, the next write takes them all, so the writing keeps
   * up with the packet path however rarely it hears that a write finished.
   */
  async #drain(): Promise<void> {
    while (this.#pending.length > 0) {
      const chunks = this.#pending;
      const bytes = this.#pendingBytes;
      const records = this.#pendingRecords;
      this.#pending = [];
      this.#pendingBytes = 0;
      this.#pendingRecords = 0;
      if (!this.#failed) {
        try {
          await this.file.writev(chunks);
          this.#written += bytes;
        } catch (error) {
          this.#failed = true;
          this.fail(error as Error);
        }
      }
      this.#queued -= bytes;
      this.#queuedRecords -= records;
      this.#release();
    }
    this.#writing = undefined;
  }

  /** Resolves once fewer than `bytes` are queued (or the file failed); undefined when that is already so. */
  whenQueuedBelow(bytes: number): Promise<void> | undefined {
    if (this.#queued < bytes || this.#failed) return undefined;
    return new Promise((resolve) => this.#waiters.push({ below: bytes, resolve }));
  }

  /** Writes what is queued and closes the file. */
  async close(): Promise<void> {
    while (this.#writing) await this.#writing;
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
