/**
 * What a NATS server holds of the fleet, read with a client of its own: the subjects of a stream
 * with their message counts, the latest message of a subject, and the stream's state. Tests
 * compare these with what the sensors hold.
 */
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';

/** A reader of one NATS server's fleet streams. */
export interface FleetStreamReader {
  /** Subjects of `stream` under `filter` (default every one) and how many messages each holds. */
  subjects(stream: string, filter?: string): Promise<Record<string, number>>;
  /** The latest message of `subject` in `stream`, parsed; undefined when there is none. */
  last(stream: string, subject: string): Promise<Record<string, any> | undefined>;
  /** Messages `stream` holds, and the sequence number of its last one (every message ever stored). */
  state(stream: string): Promise<{ messages: number; lastSequence: number }>;
  close(): Promise<void>;
}

/** Connects a reader to `url` (`nats://127.0.0.1:<port>`). */
export async function readFleetStreams(url: string, login: { user?: string; pass?: string; token?: string } = {}): Promise<FleetStreamReader> {
  const connection: NatsConnection = await connect({ servers: url, ...login });
  const manager: JetStreamManager = await jetstreamManager(connection);
  return {
    async subjects(stream, filter = '>') {
      return (await manager.streams.info(stream, { subjects_filter: filter })).state.subjects ?? {};
    },
    async last(stream, subject) {
      try {
        const message = await manager.streams.getMessage(stream, { last_by_subj: subject });
        return message ? (message.json() as Record<string, any>) : undefined;
      } catch {
        return undefined;
      }
    },
    async state(stream) {
      const { state } = await manager.streams.info(stream);
      return { messages: state.messages, lastSequence: state.last_seq };
    },
    close: () => connection.close(),
  };
}
