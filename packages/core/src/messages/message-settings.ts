/** The message bus's setting from config: how many messages `/messagebus/last-time` keeps. */
import type { Config } from '../config/config.js';

/** `message_backlog`: messages kept (default 50). */
export function readMessageBacklog(config: Config): number {
  return config.getNumber('message_backlog', 50, { min: 1, integer: true });
}
