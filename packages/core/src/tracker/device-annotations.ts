/**
 * What users say about devices (the name from `set_name`, tags from `set_tag`) outlives the
 * device records: it is kept by device key in a JSON file in the config dir (Kismet keeps it in
 * a state database) and given back to a device when it is heard again, after a restart or after
 * it timed out. Writes are atomic and batched; a file that cannot be read is set aside, never
 * overwritten.
 */
import { existsSync, readFileSync, renameSync } from 'node:fs';
import type { Logger } from '../logger.js';
import { writeSecretFile } from '../util/secret-file.js';
import type { TrackedDevice } from './tracked-device.js';

/** Milliseconds between a change and the write that saves it. */
const WRITE_DELAY_MS = 1000;

interface Annotation {
  username?: string;
  tags?: Record<string, string>;
}

/** User names and tags by device key, persisted in one file. */
export class DeviceAnnotations {
  readonly #byKey = new Map<string, Annotation>();
  #timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly file: string,
    private readonly log: Logger,
  ) {
    if (!existsSync(file)) return;
    try {
      this.#load(JSON.parse(readFileSync(file, 'utf8')));
    } catch (error) {
      const aside = `${file}.unreadable-${Date.now()}`;
      renameSync(file, aside);
      this.log.warn(`${file} could not be read (${(error as Error).message}); moved it to ${aside} and started without saved device names and tags`);
    }
  }

  /** Number of devices with a saved name or tags. */
  get size(): number {
    return this.#byKey.size;
  }

  /** Gives a newly created device its saved name and tags. */
  restore(device: TrackedDevice): void {
    if (this.#byKey.size === 0) return;
    const saved = this.#byKey.get(device.key);
    if (!saved) return;
    if (saved.username !== undefined) device.username = saved.username;
    if (saved.tags) device.tags = new Map(Object.entries(saved.tags));
  }

  /** Records the device's current name and tags and schedules a write. */
  save(device: TrackedDevice): void {
    const annotation: Annotation = {};
    if (device.username !== undefined) annotation.username = device.username;
    if (device.tags?.size) annotation.tags = Object.fromEntries(device.tags);
    if (annotation.username === undefined && !annotation.tags) this.#byKey.delete(device.key);
    else this.#byKey.set(device.key, annotation);
    this.#timer ??= setTimeout(() => this.flush(), WRITE_DELAY_MS).unref();
  }

  /** Writes pending changes now (at shutdown). */
  flush(): void {
    if (!this.#timer) return;
    clearTimeout(this.#timer);
    this.#timer = undefined;
    try {
      writeSecretFile(this.file, `${JSON.stringify(Object.fromEntries(this.#byKey), null, 1)}\n`);
    } catch (error) {
      this.log.error(`could not save device names and tags to ${this.file}; they stay in memory`, error);
    }
  }

  #load(stored: unknown): void {
    if (!stored || typeof stored !== 'object' || Array.isArray(stored)) throw new Error('expected a JSON object of device keys');
    for (const [key, value] of Object.entries(stored as Record<string, unknown>)) {
      if (!value || typeof value !== 'object') throw new Error(`entry '${key}' is not an object`);
      const { username, tags } = value as Record<string, unknown>;
      const annotation: Annotation = {};
      if (typeof username === 'string') annotation.username = username;
      if (tags && typeof tags === 'object' && !Array.isArray(tags)) {
        annotation.tags = Object.fromEntries(Object.entries(tags as Record<string, unknown>).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
      }
      this.#byKey.set(key, annotation);
    }
  }
}
