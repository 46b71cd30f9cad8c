/**
 * The server UUID identifies this svc install to clients and remote capture tools. It is made
 * once and kept in the config dir (`server_uuid`), unless config sets `server_uuid=`.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config/config.js';
import { SvcError } from '../errors.js';

const UUID = /^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/;

/** Returns the configured or stored server UUID, creating and storing one on first start. */
export function resolveServerUuid(config: Config): string {
  const configured = config.get('server_uuid');
  if (configured) {
    const upper = configured.toUpperCase();
    if (!UUID.test(upper)) throw new SvcError('SVC_ERR_CONFIG_VALUE', `${config.origin('server_uuid')}: server_uuid '${configured}' is not a UUID`);
    return upper;
  }
  const file = join(config.configDir, 'server_uuid');
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim().toUpperCase();
    if (UUID.test(stored)) return stored;
  }
  const created = randomUUID().toUpperCase();
  mkdirSync(config.configDir, { recursive: true, mode: 0o700 });
  writeFileSync(file, `${created}\n`, { mode: 0o644 });
  return created;
}
