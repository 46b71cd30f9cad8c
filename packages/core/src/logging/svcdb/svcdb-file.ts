/**
 * Opening a new svcdb log file for writing: the one place its SQLite settings are chosen, so the
 * writer thread and the writer's bench (bench/svcdb-writer.bench.ts) write the same way. WAL with
 * `synchronous = NORMAL` is the log's durability promise: a killed server leaves a readable log
 * with every committed batch.
 */
import Database from 'better-sqlite3';
import { DEVICE_STATE_SCHEMA, STATE_SCHEMA_NAME, deviceStatePath } from './device-state-file.js';
import { SVCDB_MODULE, SVCDB_SCHEMA, SVCDB_VERSION } from './svcdb-schema.js';

/** Bytes per page of a new log. */
export const SVCDB_PAGE_SIZE = 16384;
/** Bytes of WAL past which its pages are copied into the log. */
const CHECKPOINT_BYTES = 64 << 20;

/**
 * Opens (creating it if need be) the svcdb log at `path`, written by svc `version`: kismetdb's
 * tables, the `KISMET` row, and the tracker's state snapshot attached beside it. `pageSize` is for
 * the bench's comparisons; the log uses the default.
 */
export function openSvcdbFile(path: string, version: string, pageSize = SVCDB_PAGE_SIZE): Database.Database {
  const db = new Database(path, { fileMustExist: false });
  // 16 KB pages rather than SQLite's 4 KB: a quarter of the pages, WAL frames and write calls
  // for the same rows, which costs the writer about a sixth less time per packet. Set before the
  // file's first page is written; readers take the page size from the file.
  db.pragma(`page_size = ${pageSize}`);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  // Checkpoint every 64 MB of WAL rather than SQLite's 4 MB: each checkpoint copies the pages
  // into the database file, and fewer, larger ones cost the writer about a sixth less time per
  // packet. A killed server's WAL is still replayed whole when the log is next opened.
  db.pragma(`wal_autocheckpoint = ${CHECKPOINT_BYTES / pageSize}`);
  db.exec(SVCDB_SCHEMA);
  db.prepare('INSERT INTO KISMET VALUES (?,?,?)').run(version, SVCDB_VERSION, SVCDB_MODULE);
  db.prepare(`ATTACH DATABASE ? AS ${STATE_SCHEMA_NAME}`).run(deviceStatePath(path));
  db.pragma(`${STATE_SCHEMA_NAME}.journal_mode = WAL`);
  db.pragma(`${STATE_SCHEMA_NAME}.synchronous = NORMAL`);
  db.exec(DEVICE_STATE_SCHEMA);
  return db;
}
