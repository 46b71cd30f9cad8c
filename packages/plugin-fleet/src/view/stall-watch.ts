/**
 * A JetStream consumer that stops delivering: when a cluster node is killed, the view's ordered
 * consumer may go quiet for good while the stream goes on growing (seen in the three-node
 * cluster test: the view stopped at the records it had, its heartbeats still arriving). Every
 * few seconds the watch compares where the reader is with the stream's last message; when the
 * reader has not moved and the stream holds messages past it, or the consumer is gone, it ends
 * the messages' iteration so the reader re-creates the consumer where it left off.
 */
import type { ConsumerMessages } from '@nats-io/jetstream';

/** Seconds between two looks at the reader's progress. */
const CHECK_INTERVAL_MS = 5000;

/** What the watch needs to know of the reader and the stream. */
export interface StallProbe {
  /** The stream sequence the reader will take next. */
  next(): number;
  /** The stream's last sequence now. */
  lastInStream(): Promise<number>;
}

/** Whether the watch ended an iteration; `stop` ends the watch. */
export interface StallWatch {
  readonly happened: boolean;
  stop(): void;
}

/** Watches `messages` and stops them when the consumer is gone or stalls behind the stream. */
export function watchForStall(messages: ConsumerMessages, probe: StallProbe, intervalMs = CHECK_INTERVAL_MS): StallWatch {
  let happened = false;
  const stall = () => {
    happened = true;
    clearInterval(timer);
    messages.stop();
  };
  let seen = probe.next();
  let checking = false;
  const timer = setInterval(() => {
    if (checking) return;
    checking = true;
    const at = probe.next();
    probe
      .lastInStream()
      .then((last) => {
        if (at === seen && last >= at) stall();
        seen = at;
      })
      .catch(() => undefined)
      .finally(() => (checking = false));
  }, intervalMs);
  timer.unref();
  void (async () => {
    for await (const notification of messages.status()) {
      if (notification.type === 'consumer_deleted' || notification.type === 'consumer_not_found') return stall();
    }
  })().catch(() => undefined);
  return {
    get happened() {
      return happened;
    },
    stop: () => clearInterval(timer),
  };
}
