/**
 * A queue between a producer that pushes packets (a socket, a child process, a file reader) and
 * the datasource that consumes them as an async iterable of batches. Batching keeps the cost of
 * async iteration per batch, not per packet; the high-water mark gives backpressure: `push`
 * returns false when the producer should pause, and `drained()` resolves when it may go on.
 */
import type { Packet } from '../packets/packet.js';

/** The producer's side of a queue. */
export interface PacketSink {
  /** Queues a packet; false when the queue is over its high-water mark (pause the producer). */
  push(packet: Packet): boolean;
  /** Resolves once the consumer has taken the queue below its high-water mark. */
  drained(): Promise<void>;
  /** No more packets: the iterable ends after the queued ones. */
  end(): void;
  /** The capture failed: the iterable throws this after the queued packets. */
  fail(error: Error): void;
}

/** A queue: the sink for the producer, the batches for the datasource. */
export interface PacketQueue extends PacketSink {
  readonly batches: AsyncIterable<Packet[]>;
  /** Packets pushed and not yet taken by the consumer (a capture's `backlog`). */
  readonly queued: number;
}

/** Creates a queue that asks the producer to pause above `highWater` queued packets. */
export function createPacketQueue(highWater = 8192): PacketQueue {
  let queued: Packet[] = [];
  let finished = false;
  let failure: Error | undefined;
  let wakeConsumer: (() => void) | undefined;
  let drainWaiters: (() => void)[] = [];

  const wake = () => {
    const resume = wakeConsumer;
    wakeConsumer = undefined;
    resume?.();
  };
  const releaseProducers = () => {
    const waiters = drainWaiters;
    drainWaiters = [];
    for (const resolve of waiters) resolve();
  };

  async function* batches(): AsyncGenerator<Packet[]> {
    try {
      for (;;) {
        if (queued.length > 0) {
          const batch = queued;
          queued = [];
          releaseProducers();
          yield batch;
          continue;
        }
        if (failure) throw failure;
        if (finished) return;
        await new Promise<void>((resolve) => (wakeConsumer = resolve));
      }
    } finally {
      finished = true;
      queued = [];
      releaseProducers();
    }
  }

  return {
    batches: batches(),
    get queued() {
      return queued.length;
    },
    push(packet) {
      if (finished || failure) return false;
      queued.push(packet);
      if (queued.length === 1) wake();
      return queued.length < highWater;
    },
    drained() {
      if (queued.length < highWater || finished) return Promise.resolve();
      return new Promise((resolve) => drainWaiters.push(resolve));
    },
    end() {
      finished = true;
      wake();
    },
    fail(error) {
      failure ??= error;
      wake();
    },
  };
}
