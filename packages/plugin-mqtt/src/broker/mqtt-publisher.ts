/**
 * The publishing side of MQTT out: one broker connection, made again with back-off (1 s
 * doubling to 30 s) whenever it fails or breaks, and the outbox in front of it. Publishing
 * never waits: `publish` only queues. While connected, a window of at most 256 messages is
 * handed to mqtt.js at a time; when the connection breaks, those not yet acknowledged go back to
 * the head of the outbox and are sent again on the next connection (at-least-once with QoS 1).
 * The broker holds svc's `<prefix>/status` at `online` (retained) while connected, and a
 * last will sets it to `offline` when svc goes away without saying so.
 */
import { connect, type MqttClient } from 'mqtt';
import { describeError, MessageFlags, type Logger, type MessageBus } from '@svc/core';
import type { BrokerAddress } from './broker-address.js';
import { clientOptions, reconnectDelayMs, type BrokerLogin } from './connection-options.js';
import { Outbox, type OutboxEntry } from './outbox.js';

/** Messages handed to the connection and not yet acknowledged, at most. */
const WINDOW = 256;

/** `connecting` (an attempt under way), `connected`, `waiting` (to try again after a failure), `stopped`. */
export type PublisherState = 'connecting' | 'connected' | 'waiting' | 'stopped';

/** What the publisher needs. */
export interface PublisherOptions {
  readonly address: BrokerAddress;
  readonly login: BrokerLogin;
  readonly clientId: string;
  readonly queueMax: number;
  readonly qos: 0 | 1;
  /** Retained topic holding `online` / `offline`. */
  readonly statusTopic: string;
  readonly messages: MessageBus;
  readonly log: Logger;
  /** Called after each (re)connection, to queue what a fresh broker needs (discovery configs). */
  readonly onConnect?: () => void;
}

/** A broker connection with a bounded outbox. */
export class MqttPublisher {
  state: PublisherState = 'waiting';
  /** Messages the broker acknowledged (QoS 1) or that were written (QoS 0). */
  sent = 0;
  /** Connections made; more than one means svc reconnected. */
  connections = 0;
  /** Failed connection attempts and broken connections. */
  failures = 0;
  lastError = '';
  /** Unix seconds the current connection was made, 0 when not connected. */
  connectedSince = 0;
  readonly #outbox: Outbox;
  #inFlight = new Map<number, OutboxEntry>();
  #nextId = 0;
  #client: MqttClient | undefined;
  /** Bumped per connection so callbacks of an old one are ignored. */
  #generation = 0;
  #attempt = 0;
  #timer: NodeJS.Timeout | undefined;
  #droppedAtLoss = 0;

  constructor(readonly options: PublisherOptions) {
    this.#outbox = new Outbox(options.queueMax, () => this.#inFlight.size);
  }

  /** Messages held: waiting plus in flight; never above `queueMax`. */
  get queued(): number {
    return this.#outbox.length + this.#inFlight.size;
  }

  /** Messages dropped because the outbox was full. */
  get dropped(): number {
    return this.#outbox.dropped;
  }

  /** The outbox bound. */
  get queueMax(): number {
    return this.options.queueMax;
  }

  /** True while a connection is up. */
  get connected(): boolean {
    return this.state === 'connected';
  }

  /** Queues a message; never waits, never throws. */
  publish(entry: OutboxEntry, front = false): void {
    if (this.state === 'stopped') {
      entry.settle?.(new Error('MQTT out has stopped'));
      return;
    }
    this.#outbox.push(entry, front);
    this.#pump();
  }

  /** Connects (and keeps reconnecting). */
  start(): void {
    this.#connect();
  }

  /** Sets the status `offline`, sends what it can within a second, and disconnects. */
  async stop(): Promise<void> {
    if (this.state === 'stopped') return;
    clearTimeout(this.#timer);
    const client = this.#client;
    if (client && this.state === 'connected') {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 1000);
        client.publish(this.options.statusTopic, 'offline', { qos: this.options.qos, retain: true }, () => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    this.state = 'stopped';
    this.#generation++;
    this.#client = undefined;
    if (client) await new Promise<void>((resolve) => client.end(true, {}, () => resolve()));
    for (const entry of this.#inFlight.values()) entry.settle?.(new Error('MQTT out has stopped'));
    this.#inFlight.clear();
  }

  #connect(): void {
    const generation = ++this.#generation;
    this.state = 'connecting';
    const { address, login, clientId, statusTopic, qos } = this.options;
    const client = connect(
      clientOptions(address, login, clientId, {
        will: { topic: statusTopic, payload: Buffer.from('offline'), qos, retain: true },
      }),
    );
    this.#client = client;
    let failure = '';
    client.on('error', (error) => (failure = describeError(error)));
    client.on('connect', () => {
      if (generation !== this.#generation) return;
      const reconnected = this.connections > 0 || this.#attempt > 0;
      this.connections++;
      this.connectedSince = Date.now() / 1000;
      // The status goes first, before anything that waited for the broker, and outside the
      // outbox, where a full queue could drop it.
      client.publish(statusTopic, 'online', { qos, retain: true }, (error) => {
        if (!error && generation === this.#generation) this.sent++;
      });
      const dropped = this.dropped - this.#droppedAtLoss;
      this.options.messages.post(
        reconnected
          ? `MQTT: connected to ${address.url} again after ${this.#attempt} failed attempts${dropped > 0 ? `; ${dropped} messages were dropped meanwhile (queue full)` : ''}`
          : `MQTT: connected to ${address.url}`,
      );
      this.#attempt = 0;
      this.state = 'connected';
      this.options.onConnect?.();
      this.#pump();
    });
    client.on('close', () => {
      if (generation !== this.#generation) return;
      this.#generation++;
      this.#client = undefined;
      client.end(true);
      const wasConnected = this.state === 'connected';
      this.failures++;
      this.lastError = failure || (wasConnected ? 'the broker closed the connection' : 'the connection closed');
      this.connectedSince = 0;
      this.#requeueInFlight();
      const delay = reconnectDelayMs(this.#attempt++);
      if (wasConnected || this.#attempt === 1) {
        this.#droppedAtLoss = this.dropped;
        this.options.messages.post(
          `MQTT: ${wasConnected ? 'lost the connection to' : 'cannot connect to'} ${address.url} (${this.lastError}); retrying with back-off, keeping at most ${this.options.queueMax} messages meanwhile`,
          MessageFlags.ERROR,
        );
      } else {
        this.options.log.debug(`MQTT: attempt ${this.#attempt} to connect to ${address.url} failed: ${this.lastError}; next in ${delay / 1000} s`);
      }
      this.state = 'waiting';
      this.#timer = setTimeout(() => this.#connect(), delay);
      this.#timer.unref();
    });
  }

  /** Puts unacknowledged messages back at the head of the outbox, oldest first. */
  #requeueInFlight(): void {
    const entries = [...this.#inFlight.values()];
    this.#inFlight.clear();
    for (let i = entries.length - 1; i >= 0; i--) this.#outbox.push(entries[i]!, true);
  }

  /** Hands waiting messages to the connection while the window has room. */
  #pump(): void {
    const client = this.#client;
    if (!client || this.state !== 'connected') return;
    const generation = this.#generation;
    while (this.#inFlight.size < WINDOW) {
      const entry = this.#outbox.shift();
      if (!entry) return;
      const id = this.#nextId++;
      this.#inFlight.set(id, entry);
      let payload: string;
      try {
        payload = typeof entry.payload === 'function' ? entry.payload() : entry.payload;
      } catch (error) {
        this.#inFlight.delete(id);
        this.options.log.error(`MQTT: could not build the payload for ${entry.topic}`, error);
        entry.settle?.(error as Error);
        continue;
      }
      client.publish(entry.topic, payload, { qos: this.options.qos, retain: entry.retain }, (error) => {
        if (generation !== this.#generation || !this.#inFlight.has(id)) return;
        if (error) return; // the connection broke: 'close' puts it back in the outbox
        this.#inFlight.delete(id);
        this.sent++;
        entry.settle?.();
        this.#pump();
      });
    }
  }
}
