/**
 * The HTTP server's settings from config: where it listens, the URI prefix it answers under
 * (behind a reverse proxy), the largest request body, and how many full dumps may be written at
 * once. A bad value is a startup error naming where it was set.
 */
import type { Config } from '../config/config.js';
import { parseUriPrefix } from './uri-prefix.js';

/** What the HTTP server takes from config. */
export interface HttpSettings {
  /** `httpd_port`. */
  readonly port: number;
  /** `httpd_bind_address`. */
  readonly bindAddress: string;
  /** `httpd_uri_prefix`, normalised ('' for none). */
  readonly uriPrefix: string;
  /** `httpd_max_body`: bytes. */
  readonly maxBodyBytes: number;
  /** `httpd_max_dumps`: full dumps written at once. */
  readonly maxDumps: number;
  /** `httpd_max_dumps_per_login`. */
  readonly maxDumpsPerLogin: number;
}

/** Reads the HTTP settings from config. */
export function readHttpSettings(config: Config): HttpSettings {
  return {
    port: config.getNumber('httpd_port', 2501, { min: 0, max: 65535, integer: true }),
    bindAddress: config.get('httpd_bind_address') ?? '127.0.0.1',
    uriPrefix: parseUriPrefix(config.get('httpd_uri_prefix')),
    maxBodyBytes: config.getNumber('httpd_max_body', 100_000, { min: 1024, integer: true }),
    maxDumps: config.getNumber('httpd_max_dumps', 16, { min: 1, integer: true }),
    maxDumpsPerLogin: config.getNumber('httpd_max_dumps_per_login', 4, { min: 1, integer: true }),
  };
}
