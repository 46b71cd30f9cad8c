/**
 * The svcdb layout: kismetdb version 9's tables and columns exactly, as Kismet 2025-09-R1 writes
 * them, so SQL written for `.kismet` files and Kismet's log tools work on an svcdb log. Only the
 * JSON inside the blobs differs: it carries svc's field names, as the API does.
 */

/** `KISMET.db_version` of the layout. */
export const SVCDB_VERSION = 9;
/** `KISMET.db_module`. */
export const SVCDB_MODULE = 'kismetlog';

/** The tables, as `sqlite3 file .schema` prints Kismet's. */
export const SVCDB_SCHEMA = `
CREATE TABLE KISMET (kismet_version TEXT, db_version INT, db_module TEXT);
CREATE TABLE devices (first_time INT, last_time INT, devkey TEXT, phyname TEXT, devmac TEXT, strongest_signal INT, min_lat REAL, min_lon REAL, max_lat REAL, max_lon REAL, avg_lat REAL, avg_lon REAL, bytes_data INT, type TEXT, device BLOB, UNIQUE(phyname, devmac) ON CONFLICT REPLACE);
CREATE TABLE packets (ts_sec INT, ts_usec INT, phyname TEXT, sourcemac TEXT, destmac TEXT, transmac TEXT, frequency REAL, devkey TEXT, lat REAL, lon REAL, alt REAL, speed REAL, heading REAL, packet_len INT, signal INT, datasource TEXT, dlt INT, packet BLOB, error INT, tags TEXT, datarate REAL, hash INT, packetid INT, packet_full_len INT);
CREATE TABLE data (ts_sec INT, ts_usec INT, phyname TEXT, devmac TEXT, lat REAL, lon REAL, alt REAL, speed REAL, heading REAL, datasource TEXT, type TEXT, json BLOB );
CREATE TABLE datasources (uuid TEXT, typestring TEXT, definition TEXT, name TEXT, interface TEXT, json BLOB, UNIQUE(uuid) ON CONFLICT REPLACE);
CREATE TABLE alerts (ts_sec INT, ts_usec INT, phyname TEXT, devmac TEXT, lat REAL, lon REAL, header TEXT, json BLOB );
CREATE TABLE messages (ts_sec INT, lat REAL, lon REAL, msgtype TEXT, message TEXT );
CREATE TABLE snapshots (ts_sec INT, ts_usec INT, lat REAL, lon REAL, snaptype TEXT, json BLOB );
`;

/**
 * Insert statements of the tables written row by row (column order as in the schema); `packets`
 * goes many rows a statement (packet-inserter.ts).
 */
export const SVCDB_INSERTS = {
  data: 'INSERT INTO data VALUES (?,?,?,?,?,?,?,?,?,?,?,?)',
  devices: 'INSERT INTO devices VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)',
  datasources: 'INSERT INTO datasources VALUES (?,?,?,?,?,?)',
  alerts: 'INSERT INTO alerts VALUES (?,?,?,?,?,?,?,?)',
  messages: 'INSERT INTO messages VALUES (?,?,?,?,?)',
  snapshots: 'INSERT INTO snapshots VALUES (?,?,?,?,?,?)',
} as const;

/** A table written from rows of plain values. */
export type SvcdbRowTable = keyof typeof SVCDB_INSERTS;
