/**
 * The tracker's state snapshot beside an svcdb log: `<log>.svcdb-state`, a SQLite file with one
 * row per device holding its compact state (see tracker/state/device-state.ts), replaced
 * whenever the device's `devices` row is, in the same batch. It lives beside the log rather
 * than in it so the log keeps kismetdb's tables exactly; a restart reads it instead of the
 * log's JSON records when it is there, and the log alone still restores every device when it
 * is not (a copied log, a Kismet log, a snapshot of another layout).
 */

/** The state snapshot of the svcdb log at `logPath`. */
export function deviceStatePath(logPath: string): string {
  return `${logPath}-state`;
}

/** Schema name the writer and the restore attach the snapshot under. */
export const STATE_SCHEMA_NAME = 'state';

/** The snapshot's one table, keyed as the log's `devices` table is. */
export const DEVICE_STATE_SCHEMA = `CREATE TABLE IF NOT EXISTS ${STATE_SCHEMA_NAME}.device_state (phyname TEXT, devmac TEXT, state BLOB, UNIQUE(phyname, devmac) ON CONFLICT REPLACE);`;

/** Inserts (or replaces) one device's state: phyname, devmac, state. */
export const DEVICE_STATE_INSERT = `INSERT INTO ${STATE_SCHEMA_NAME}.device_state VALUES (?,?,?)`;
