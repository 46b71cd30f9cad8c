/**
 * The first connection to NATS, for both sides of the fleet: tried again with back-off (1 s
 * doubling to 30 s) while the servers refuse or cannot be reached, so an svc started before its
 * NATS server keeps running and connects when the server comes; once connected, the client
 * itself reconnects, every second, forever. And the fleet streams, made sure of on each
 * (re)connection, since a server started again without its storage has lost them.
 */
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import { describeError, MessageFlags, type Logger, type MessageBus } from '@svc/core';
import type { FleetStream } from '../fleet-subjects.js';
import { loginOptions, type NatsLogin } from './nats-login.js';
import type { NatsServers } from './nats-servers.js';

/** What a patient connection needs. */
export interface PatientConnectionOptions {
  readonly servers: NatsServers;
  readonly login: NatsLogin;
  /** The connection's name, as the NATS server's monitoring shows it. */
  readonly name: string;
  readonly messages: MessageBus;
  readonly log: Logger;
  /** What svc does meanwhile, said when the first attempt fails. */
  readonly meanwhile: string;
  /** Called with each failed attempt's reason. */
  readonly failed: (reason: string) => void;
}

/** Connects, patiently; `cancel` gives up (on stop). */
export class PatientConnection {
  #cancelled = false;
  #timer: NodeJS.Timeout | undefined;
  #wake: (() => void) | undefined;

  constructor(private readonly options: PatientConnectionOptions) {}

  /** The connection, or undefined when cancelled first. */
  async connect(): Promise<NatsConnection | undefined> {
    const { servers, login, name, messages, log, meanwhile, failed } = this.options;
    for (let attempt = 0; !this.#cancelled; attempt++) {
      try {
        const connection = await connect({ servers: [...servers], name, maxReconnectAttempts: -1, reconnectTimeWait: 1000, ...loginOptions(login) });
        if (!this.#cancelled) return connection;
        await connection.close();
        return undefined;
      } catch (error) {
        const reason = describeError(error);
        failed(reason);
        const delay = Math.min(1000 * 2 ** attempt, 30_000);
        if (attempt === 0) messages.post(`fleet: cannot connect to NATS at ${servers.join(', ')} (${reason}); retrying with back-off, ${meanwhile}`, MessageFlags.ERROR);
        else log.debug(`fleet: attempt ${attempt + 1} to connect to NATS failed: ${reason}; next in ${delay / 1000} s`);
        await new Promise<void>((resolve) => {
          this.#wake = resolve;
          this.#timer = setTimeout(resolve, delay);
        });
      }
    }
    return undefined;
  }

  /** Stops trying. */
  cancel(): void {
    this.#cancelled = true;
    clearTimeout(this.#timer);
    this.#wake?.();
  }
}

/** Makes sure each stream exists, adding those that do not. */
export async function ensureStreams(connection: NatsConnection, streams: readonly FleetStream[]): Promise<void> {
  const manager = await jetstreamManager(connection);
  for (const stream of streams) {
    try {
      await manager.streams.info(stream.name);
    } catch {
      await manager.streams.add(stream);
    }
  }
}
