/**
 * The message bus: short human-readable notices (a source opened, a plugin failed, an alert)
 * kept in a backlog for `/messagebus/*`, logged, and published as `MESSAGE` events.
 */
import type { Logger } from '../logger.js';
import { nowSeconds } from '../time/timestamp.js';

/** Message flags, as Kismet numbers them (clients filter on these). */
export const MessageFlags = { DEBUG: 1, INFO: 2, ERROR: 4, ALERT: 8, FATAL: 16 } as const;

/** One message as served to clients. */
export interface MessageRecord {
  'svc.messagebus.message_string': string;
  'svc.messagebus.message_flags': number;
  /** Unix seconds. */
  'svc.messagebus.message_time': number;
}

/** Field definitions of a message record. */
export const MESSAGE_FIELDS = [
  { name: 'svc.messagebus.message_string', type: 'string', description: 'message text' },
  { name: 'svc.messagebus.message_flags', type: 'uint32_t', description: 'message flags: 1 debug, 2 info, 4 error, 8 alert, 16 fatal' },
  { name: 'svc.messagebus.message_time', type: 'uint64_t', description: 'message time, Unix seconds' },
  { name: 'svc.messagebus.list', type: 'vector[x]', description: 'messages newer than the requested time' },
  { name: 'svc.messagebus.timestamp', type: 'uint64_t', description: 'server time of this answer, Unix seconds' },
] as const;

/** Keeps the last messages and fans them out. */
export class MessageBus {
  readonly #backlog: { record: MessageRecord; at: number }[] = [];

  constructor(
    private readonly log: Logger,
    private readonly backlogSize: number,
    private readonly publish: (record: MessageRecord) => void,
  ) {}

  /** Records a message, logs it, and publishes it as a `MESSAGE` event. */
  post(text: string, flags: number = MessageFlags.INFO): MessageRecord {
    const at = nowSeconds();
    const record: MessageRecord = {
      'svc.messagebus.message_string': text,
      'svc.messagebus.message_flags': flags,
      'svc.messagebus.message_time': Math.floor(at),
    };
    if (flags & (MessageFlags.ERROR | MessageFlags.FATAL)) this.log.error(text);
    else if (flags & MessageFlags.ALERT) this.log.warn(text);
    else if (flags & MessageFlags.DEBUG) this.log.debug(text);
    else this.log.info(text);
    this.#backlog.push({ record, at });
    if (this.#backlog.length > this.backlogSize) this.#backlog.shift();
    this.publish(record);
    return record;
  }

  /** Every message still in the backlog, oldest first. */
  all(): MessageRecord[] {
    return this.#backlog.map((entry) => entry.record);
  }

  /** Messages posted after `since` (Unix seconds, fraction honoured). */
  since(since: number): MessageRecord[] {
    return this.#backlog.filter((entry) => entry.at > since).map((entry) => entry.record);
  }
}
