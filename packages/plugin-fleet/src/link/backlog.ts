/**
 * The sensor's backlog: messages waiting for JetStream to take them, at most
 * `fleet_backlog_max`. While the link is down it fills up; past the bound the oldest message is
 * dropped and counted, so an outage never grows memory and what goes out when the link returns
 * is the newest. A message that can be made again later (a device's record: the device goes back
 * among the changed ones and is published with its latest record) is given back instead, never
 * counted as dropped, so no device loses its state to an outage.
 */
import { RingDeque } from '@svc/core';

/** One message for a JetStream subject. */
export interface FleetMessage {
  readonly subject: string;
  /** The payload, or a function that builds it when it is sent (serialising off the hot path). */
  readonly payload: string | (() => string);
  /** JetStream's de-duplication id: a message sent again after a lost acknowledgement is stored once. */
  readonly id: string;
  /** For a message that can be made again: called instead of dropping it, or when the link fails under it. */
  readonly giveBack?: () => void;
}

/** A bounded FIFO of messages with drop-oldest. */
export class Backlog {
  readonly #messages = new RingDeque<FleetMessage>();
  /** Messages given up on because the backlog was full. */
  dropped = 0;

  constructor(readonly max: number) {}

  /** Messages waiting. */
  get length(): number {
    return this.#messages.length;
  }

  /** Adds at the end, dropping the oldest while the bound is reached. */
  push(message: FleetMessage): void {
    while (this.length >= this.max) this.#drop(this.shift()!);
    this.#messages.push(message);
  }

  /** Puts a message back at the head (one the link failed to deliver), dropping the oldest past the bound. */
  unshift(message: FleetMessage): void {
    this.#messages.unshift(message);
    while (this.length > this.max) this.#drop(this.shift()!);
  }

  /** Takes the oldest message. */
  shift(): FleetMessage | undefined {
    return this.#messages.shift();
  }

  #drop(message: FleetMessage): void {
    if (message.giveBack) message.giveBack();
    else this.dropped++;
  }
}
