/**
 * The outbox: messages waiting for the broker, bounded. While the broker is away it fills up
 * to `mqtt_queue_max` messages (those handed to the connection and not yet acknowledged count
 * too); past that the oldest waiting message is dropped and counted, so memory never grows
 * with an outage and what is delivered afterwards is the newest. A ring deque keeps adding
 * and taking constant-time at any size.
 */
import { RingDeque } from '@svc/core';

/** One message for the broker. */
export interface OutboxEntry {
  readonly topic: string;
  /** The payload, or a function that builds it when it is sent (serialising off the hot path). */
  readonly payload: string | (() => string);
  readonly retain: boolean;
  /** Called once: with nothing when the broker took it, with the reason when svc gave up on it. */
  readonly settle?: (error?: Error) => void;
}

/** Why an entry was given up on when the outbox was full. */
export class DroppedError extends Error {
  constructor(max: number) {
    super(`dropped: the MQTT queue was full (${max} messages) while the broker was away`);
  }
}

/** A bounded FIFO of entries with drop-oldest. */
export class Outbox {
  readonly #entries = new RingDeque<OutboxEntry>();
  /** Entries given up on because the outbox was full. */
  dropped = 0;

  /**
   * @param max - entries kept at most, counting `inFlight()` (those sent and not yet acknowledged)
   * @param inFlight - how many entries are out with the connection right now
   */
  constructor(
    readonly max: number,
    private readonly inFlight: () => number,
  ) {}

  /** Entries waiting (not counting those in flight). */
  get length(): number {
    return this.#entries.length;
  }

  /** Adds at the end (or, with `front`, at the head: a resend or a status that must go first), dropping the oldest when full. */
  push(entry: OutboxEntry, front = false): void {
    while (this.length > 0 && this.length + this.inFlight() >= this.max) this.#drop(this.shift()!);
    if (this.length + this.inFlight() >= this.max) {
      this.#drop(entry);
      return;
    }
    if (front) this.#entries.unshift(entry);
    else this.#entries.push(entry);
  }

  /** Takes the oldest entry. */
  shift(): OutboxEntry | undefined {
    return this.#entries.shift();
  }

  #drop(entry: OutboxEntry): void {
    this.dropped++;
    entry.settle?.(new DroppedError(this.max));
  }
}
