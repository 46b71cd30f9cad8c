/**
 * Reads a kismetdb log for replay: svc's own `.svcdb` logs and Kismet's `.kismet` logs (any
 * `db_version` from 1 on, as Kismet's own kismetdb source does). Frames from `packets` and
 * records from `data` come back merged in time order, a batch at a time, each table scanned
 * once by its own read-only connection, so a log of millions of packets replays in constant
 * memory and a log still being written (WAL) can be read.
 */
import Database from 'better-sqlite3';
import { SvcError } from '../../errors.js';

/** One frame or non-frame record of a log, as it was captured. */
export interface ReplayRecord {
  readonly tsSec: number;
  readonly tsUsec: number;
  /** Link type of `frame` (0 for a data record). */
  readonly dlt: number;
  readonly frame?: Buffer;
  /** A non-frame record (rtl_433 JSON, a serial report) and its type. */
  readonly json?: { readonly type: string; readonly text: string };
  /** Where the capturing sensor was; 0, 0 when it had no fix. */
  readonly lat: number;
  readonly lon: number;
  readonly alt: number;
  /** Frequency in kHz the frame was heard on; 0 when unknown. */
  readonly freqKhz: number;
}

type Row = unknown[];

/** The first bytes of every SQLite 3 database file. */
const SQLITE_MAGIC = Buffer.from('SQLite format 3\0', 'latin1');

/** Kismet writes lat/lon as integers times 100 000 before db_version 5. */
const SCALED_LOCATION_BEFORE = 5;

/** An open log being replayed. */
export class LogReplayFile {
  readonly #packetsDb: Database.Database;
  readonly #dataDb: Database.Database;

  private constructor(
    readonly path: string,
    /** `KISMET.db_version`. */
    readonly version: number,
    /** Who wrote the log (`KISMET.kismet_version`). */
    readonly writer: string,
    packetsDb: Database.Database,
  ) {
    this.#packetsDb = packetsDb;
    this.#dataDb = new Database(path, { readonly: true, fileMustExist: true });
  }

  /** Opens a log; throws `SVC_ERR_BAD_DEFINITION` saying why a file is not one. */
  static open(path: string): LogReplayFile {
    let db: Database.Database;
    try {
      db = new Database(path, { readonly: true, fileMustExist: true });
    } catch (error) {
      throw new SvcError('SVC_ERR_BAD_DEFINITION', `${path} cannot be opened as a kismetdb log: ${(error as Error).message}`, { cause: error });
    }
    try {
      const tables = new Set((db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all() as string[]));
      const missing = ['KISMET', 'packets', 'data'].filter((table) => !tables.has(table));
      if (missing.length > 0) throw new SvcError('SVC_ERR_BAD_DEFINITION', `${path} is a SQLite file but not a kismetdb log (no ${missing.join(', ')} table)`);
      const row = db.prepare('SELECT kismet_version, db_version FROM KISMET').get() as { kismet_version: unknown; db_version: unknown } | undefined;
      const version = Number(row?.db_version);
      if (!Number.isInteger(version) || version < 1) throw new SvcError('SVC_ERR_BAD_DEFINITION', `${path} has no kismetdb version in its KISMET table`);
      return new LogReplayFile(path, version, String(row!.kismet_version ?? ''), db);
    } catch (error) {
      db.close();
      if (error instanceof SvcError) throw error;
      throw new SvcError('SVC_ERR_BAD_DEFINITION', `${path} is not a readable kismetdb log: ${(error as Error).message}`, { cause: error });
    }
  }

  /** Whether the file starts like a SQLite database (a cheap check before `open`). */
  static looksLikeSqlite(head: Buffer): boolean {
    return head.length >= SQLITE_MAGIC.length && head.subarray(0, SQLITE_MAGIC.length).equals(SQLITE_MAGIC);
  }

  /** Frames and records in capture-time order, `batchSize` at a time. */
  *records(batchSize: number): Generator<ReplayRecord[]> {
    const scaled = this.version < SCALED_LOCATION_BEFORE;
    const location = scaled ? 'lat / 100000.0, lon / 100000.0, 0' : 'lat, lon, alt';
    const packets = this.#packetsDb
      .prepare(`SELECT ts_sec, ts_usec, dlt, packet, ${location}, frequency FROM packets ORDER BY ts_sec, ts_usec, rowid`)
      .raw(true)
      .iterate() as IterableIterator<Row>;
    const data = this.#dataDb
      .prepare(`SELECT ts_sec, ts_usec, type, json, ${location} FROM data ORDER BY ts_sec, ts_usec, rowid`)
      .raw(true)
      .iterate() as IterableIterator<Row>;
    try {
      let packet = packets.next();
      let record = data.next();
      let batch: ReplayRecord[] = [];
      while (!packet.done || !record.done) {
        const takePacket = record.done || (!packet.done && !isEarlier(record.value, packet.value));
        if (takePacket) {
          batch.push(packetRecord(packet.value as Row));
          packet = packets.next();
        } else {
          batch.push(dataRecord(record.value as Row));
          record = data.next();
        }
        if (batch.length >= batchSize) {
          yield batch;
          batch = [];
        }
      }
      if (batch.length > 0) yield batch;
    } finally {
      packets.return?.();
      data.return?.();
    }
  }

  /** Closes both connections. */
  close(): void {
    this.#packetsDb.close();
    this.#dataDb.close();
  }
}

/** Whether row `a` was captured before row `b` (both start with ts_sec, ts_usec). */
function isEarlier(a: Row, b: Row): boolean {
  const aSec = Number(a[0]);
  const bSec = Number(b[0]);
  return aSec < bSec || (aSec === bSec && Number(a[1]) < Number(b[1]));
}

function packetRecord(row: Row): ReplayRecord {
  const frame = row[3];
  return {
    tsSec: Number(row[0]),
    tsUsec: Number(row[1]),
    dlt: Number(row[2]),
    frame: Buffer.isBuffer(frame) ? frame : Buffer.from(String(frame ?? ''), 'latin1'),
    lat: Number(row[4]) || 0,
    lon: Number(row[5]) || 0,
    alt: Number(row[6]) || 0,
    freqKhz: Number(row[7]) || 0,
  };
}

function dataRecord(row: Row): ReplayRecord {
  const json = row[3];
  return {
    tsSec: Number(row[0]),
    tsUsec: Number(row[1]),
    dlt: 0,
    json: { type: String(row[2] ?? ''), text: Buffer.isBuffer(json) ? json.toString('utf8') : String(json ?? '') },
    lat: Number(row[4]) || 0,
    lon: Number(row[5]) || 0,
    alt: Number(row[6]) || 0,
    freqKhz: 0,
  };
}
