/**
 * Kismet's duplicate suppression for several radios on one channel: the hashes of the last
 * `packet_dedup_size` frames are kept, and a frame whose hash one of them has, heard by another
 * datasource while that one was capturing too, is a duplicate. A duplicate still passes the
 * chain (its source counts it, logs keep it, its radio's signal is recorded), but the tracker
 * counts it on no device and PHYs record nothing more of it (see `DeviceTracker.touch`), so two
 * radios do not double every counter. The same frame twice from one source is not a duplicate
 * (a radio that hears a frame twice heard two transmissions), nor is a frame from a source that
 * began capturing after the first copy's source had stopped (a capture file replayed again).
 */

/** A source as the filter sees it: when it began capturing, and when it stopped (if it has). */
export interface DedupSource {
  readonly capturingSince: number;
  readonly capturingUntil: number | undefined;
}

/** The recent frames' hashes, with the source each came from. */
export class FrameDedup<Source extends DedupSource> {
  readonly #hashes: Int32Array;
  readonly #sources: (Source | undefined)[];
  /** The newest ring slot of each hash in the ring. */
  readonly #slots = new Map<number, number>();
  #next = 0;

  /** Keeps the last `size` frames (at least 1). */
  constructor(readonly size: number) {
    this.#hashes = new Int32Array(Math.max(1, size));
    this.#sources = new Array<Source | undefined>(this.#hashes.length).fill(undefined);
  }

  /**
   * True when a recent frame with `hash` came from another source whose capture overlapped this
   * one's; otherwise remembers the frame (a duplicate is not remembered: the original stands
   * for both).
   */
  isDuplicate(hash: number, source: Source): boolean {
    const key = hash | 0;
    const slot = this.#slots.get(key);
    if (slot !== undefined) {
      const original = this.#sources[slot]!;
      if (original !== source && (original.capturingUntil === undefined || original.capturingUntil >= source.capturingSince)) return true;
    }
    const at = this.#next;
    this.#next = at + 1 === this.#hashes.length ? 0 : at + 1;
    if (this.#sources[at] !== undefined) {
      const evicted = this.#hashes[at]!;
      if (this.#slots.get(evicted) === at) this.#slots.delete(evicted);
    }
    this.#hashes[at] = key;
    this.#sources[at] = source;
    this.#slots.set(key, at);
    return false;
  }
}
