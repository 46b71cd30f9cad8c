/**
 * How the server names itself (`server_name`, `server_description`, `server_location`): in the
 * status record, in alert sinks' payloads and wherever a client shows which server it reads.
 */
import type { Config } from '../config/config.js';

/** The server's name, description and location from config. */
export interface ServerIdentity {
  readonly name: string;
  readonly description: string;
  readonly location: string;
}

/** Reads the server's identity from config. */
export function readServerIdentity(config: Config): ServerIdentity {
  return {
    name: config.get('server_name') ?? 'svc',
    description: config.get('server_description') ?? '',
    location: config.get('server_location') ?? '',
  };
}
