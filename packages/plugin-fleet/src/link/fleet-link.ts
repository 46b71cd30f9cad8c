/**
 * The sensor's link to JetStream: one NATS connection, which the client keeps making again
 * (every second, forever) when it fails or breaks, and the backlog in front of it. Publishing
 * never waits: `publish` only queues. While connected, a window of at most 256 messages is out
 * with JetStream at a time (beside the backlog's bound); a message whose acknowledgement does not
 * come (the link broke) goes back to the head of the backlog and is sent again, with the same
 * de-duplication id, so JetStream stores it once. Each (re)connection first makes sure the fleet streams exist (a
 * server restarted without its storage has lost them).
 */
import type { NatsConnection } from '@nats-io/transport-node';
import { jetstream, type JetStreamClient } from '@nats-io/jetstream';
import { describeError, MessageFlags, type Logger, type MessageBus } from '@svc/core';
import { Backlog, type FleetMessage } from './backlog.js';
import type { FleetStream } from '../fleet-subjects.js';
import type { NatsLogin } from './nats-login.js';
import { ensureStreams, PatientConnection } from './patient-connection.js';
import type { NatsServers } from './nats-servers.js';

/** Messages out with JetStream and not yet acknowledged, at most. */
const WINDOW = 256;

/** How long a publication waits for JetStream's acknowledgement before it is sent again. */
const ACK_TIMEOUT_MS = 5000;

/** `connecting` (no connection yet), `connected`, `disconnected` (reconnecting), `stopped`. */
export type LinkState = 'connecting' | 'connected' | 'disconnected' | 'stopped';

/** What the link needs. */
export interface LinkOptions {
  readonly servers: NatsServers;
  readonly login: NatsLogin;
  /** The connection's name, as the NATS server's monitoring shows it. */
  readonly name: string;
  readonly backlogMax: number;
  readonly streams: readonly FleetStream[];
  readonly messages: MessageBus;
  readonly log: Logger;
  /** Called after each (re)connection once the streams exist. */
  readonly onConnect?: () => void;
  /** Called once with the connection when it is first made (subscriptions made on it last across reconnections). */
  readonly onConnection?: (connection: NatsConnection) => void;
}

/** A JetStream connection with a bounded backlog. */
export class FleetLink {
  state: LinkState = 'connecting';
  /** Messages JetStream acknowledged. */
  sent = 0;
  /** Of those, messages JetStream had already stored (a resend after a lost acknowledgement). */
  duplicates = 0;
  /** Connections made; more than one means the link came back after a break. */
  connections = 0;
  /** Broken connections and failed publications. */
  failures = 0;
  lastError = '';
  /** Unix seconds the current connection was made, 0 when not connected. */
  connectedSince = 0;
  /** The server of the current connection (`host:port`), empty when not connected. */
  server = '';
  readonly #backlog: Backlog;
  readonly #inFlight = new Set<FleetMessage>();
  #connection: NatsConnection | undefined;
  #jetstream: JetStreamClient | undefined;
  #started: Promise<void> | undefined;
  #retry: NodeJS.Timeout | undefined;
  readonly #patient: PatientConnection;
  #readyTimer: NodeJS.Timeout | undefined;
  #streamsRefused = false;

  constructor(readonly options: LinkOptions) {
    this.#backlog = new Backlog(options.backlogMax);
    this.#patient = new PatientConnection({
      ...options,
      meanwhile: `keeping at most ${options.backlogMax} messages meanwhile`,
      failed: (reason) => {
        this.failures++;
        this.lastError = reason;
      },
    });
  }

  /** Messages waiting in the backlog; never above `backlogMax`. */
  get queued(): number {
    return this.#backlog.length;
  }

  /** Messages out with JetStream, not yet acknowledged; at most 256. */
  get inFlight(): number {
    return this.#inFlight.size;
  }

  /** Messages dropped because the backlog was full. */
  get dropped(): number {
    return this.#backlog.dropped;
  }

  get backlogMax(): number {
    return this.options.backlogMax;
  }

  get stopped(): boolean {
    return this.state === 'stopped';
  }

  get connected(): boolean {
    return this.state === 'connected';
  }

  /** Queues a message; never waits, never throws. */
  publish(message: FleetMessage): void {
    if (this.state === 'stopped') return;
    this.#backlog.push(message);
    this.#pump();
  }

  /** Connects, and keeps the connection. */
  start(): void {
    this.#started ??= this.#run().catch((error: unknown) => {
      if (this.state === 'stopped') return;
      this.lastError = describeError(error);
      this.options.messages.post(`fleet: the link to ${this.options.servers.join(', ')} has stopped (${this.lastError})`, MessageFlags.ERROR);
    });
  }

  /** Sends what it can within a second and closes the connection. */
  async stop(): Promise<void> {
    if (this.state === 'stopped') return;
    const connection = this.#connection;
    if (connection && this.connected && this.#inFlight.size > 0) await Promise.race([new Promise((resolve) => setTimeout(resolve, 1000)), this.#drained()]);
    this.state = 'stopped';
    clearTimeout(this.#retry);
    clearTimeout(this.#readyTimer);
    this.#patient.cancel();
    this.#connection = undefined;
    await connection?.close().catch(() => undefined);
    await this.#started;
  }

  async #run(): Promise<void> {
    const connection = await this.#patient.connect();
    if (!connection) return;
    if (this.stopped) {
      await connection.close();
      return;
    }
    this.#connection = connection;
    this.#jetstream = jetstream(connection);
    this.options.onConnection?.(connection);
    await this.#ready(false);
    for await (const status of connection.status()) {
      if (this.stopped) break;
      if (status.type === 'disconnect') {
        this.failures++;
        this.lastError = `lost the connection to ${status.server}`;
        this.connectedSince = 0;
        this.server = '';
        this.state = 'disconnected';
        this.options.messages.post(`fleet: lost the connection to NATS at ${status.server}; reconnecting every second, keeping at most ${this.backlogMax} messages meanwhile`, MessageFlags.ERROR);
      } else if (status.type === 'reconnect') {
        await this.#ready(true);
      } else if (status.type === 'error') {
        this.lastError = describeError(status.error);
      }
    }
  }

  /** Makes sure the streams exist, then starts sending; on failure the link waits for the next reconnection. */
  async #ready(again: boolean): Promise<void> {
    const connection = this.#connection;
    if (!connection || this.stopped) return;
    try {
      await ensureStreams(connection, this.options.streams);
    } catch (error) {
      this.failures++;
      this.lastError = describeError(error);
      this.state = 'disconnected';
      // A cluster electing its JetStream leader refuses for a few seconds: tried again each second, said once.
      if (!this.#streamsRefused) this.options.messages.post(`fleet: connected to NATS but cannot use its JetStream streams yet (${this.lastError}); trying again every second`, MessageFlags.ERROR);
      this.#streamsRefused = true;
      this.#readyTimer = setTimeout(() => void this.#ready(again), 1000);
      this.#readyTimer.unref();
      return;
    }
    this.#streamsRefused = false;
    this.connections++;
    this.connectedSince = Date.now() / 1000;
    this.server = connection.getServer();
    this.state = 'connected';
    this.options.messages.post(`fleet: connected to NATS at ${connection.getServer()}${again ? ` again; ${this.queued} messages waiting, ${this.dropped} dropped so far` : ''}`);
    // What waited goes first, so what is announced now does not push it out of the backlog.
    this.#pump();
    this.options.onConnect?.();
  }

  /** Hands waiting messages to JetStream while the window has room. */
  #pump(): void {
    const js = this.#jetstream;
    if (!js || !this.connected) return;
    while (this.#inFlight.size < WINDOW) {
      const message = this.#backlog.shift();
      if (!message) return;
      let payload: string;
      try {
        payload = typeof message.payload === 'function' ? message.payload() : message.payload;
      } catch (error) {
        this.options.log.error(`fleet: could not build the payload for ${message.subject}`, error);
        continue;
      }
      this.#inFlight.add(message);
      js.publish(message.subject, payload, { msgID: message.id, timeout: ACK_TIMEOUT_MS }).then(
        (ack) => {
          this.#inFlight.delete(message);
          this.sent++;
          if (ack.duplicate) this.duplicates++;
          this.#pump();
        },
        (error: unknown) => {
          this.#inFlight.delete(message);
          if (this.state === 'stopped') return;
          this.failures++;
          this.lastError = describeError(error);
          if (message.giveBack) message.giveBack();
          else this.#backlog.unshift(message);
          this.#retryLater();
        },
      );
    }
  }

  /** After a failed publication (the link is probably going down): one retry a second later, whatever the reconnection does. */
  #retryLater(): void {
    if (this.#retry) return;
    this.#retry = setTimeout(() => {
      this.#retry = undefined;
      this.#pump();
    }, 1000);
    this.#retry.unref();
  }

  #drained(): Promise<void> {
    return new Promise((resolve) => {
      const check = () => (this.#inFlight.size === 0 ? resolve() : setTimeout(check, 20).unref());
      check();
    });
  }
}
