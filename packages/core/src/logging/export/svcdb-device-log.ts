/**
 * An svcdb log read for an export (`svc log export`): the devices it kept, each with its record
 * as svc served it, read a row at a time so a log of any size exports in constant memory. A
 * path that is no svcdb log is refused with the reason: missing, not SQLite, SQLite of another
 * kind, a Kismet log (whose records carry Kismet's field names), or damaged.
 */
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import Database from 'better-sqlite3';
import { describeError, SvcError } from '../../errors.js';
import { locatedFromRecord, type LocatedDevice } from '../../exports/located-device.js';
import { LogReplayFile } from '../replay/log-replay-file.js';

/** The tables an svcdb log has that an export reads. */
const EXPORT_TABLES = ['KISMET', 'devices', 'packets', 'data'];

/** An open svcdb log. */
export class SvcdbDeviceLog {
  private constructor(
    readonly path: string,
    private readonly db: Database.Database,
  ) {}

  /** Opens `path`; throws `SVC_ERR_NOT_FOUND` or `SVC_ERR_BAD_REQUEST` saying why it cannot be exported. */
  static open(path: string): SvcdbDeviceLog {
    let size: number;
    try {
      const stat = statSync(path);
      if (!stat.isFile()) throw new SvcError('SVC_ERR_BAD_REQUEST', `${path} is not a file`);
      size = stat.size;
    } catch (error) {
      if (error instanceof SvcError) throw error;
      throw new SvcError('SVC_ERR_NOT_FOUND', `${path}: no such log`, { cause: error });
    }
    if (!LogReplayFile.looksLikeSqlite(head(path, size))) throw new SvcError('SVC_ERR_BAD_REQUEST', `${path} is not an svcdb log: it is not a SQLite database`);
    const db = new Database(path, { readonly: true, fileMustExist: true });
    try {
      const tables = new Set(db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all() as string[]);
      const missing = EXPORT_TABLES.filter((table) => !tables.has(table));
      if (missing.length > 0) throw new SvcError('SVC_ERR_BAD_REQUEST', `${path} is a SQLite database but not an svcdb log (no ${missing.join(', ')} table)`);
      const first = db.prepare('SELECT CAST(device AS TEXT) FROM devices LIMIT 1').pluck().get() as string | undefined;
      if (first !== undefined && !first.includes('"svc.device.base.key"')) {
        const kismet = first.includes('"kismet.device.base.key"');
        throw new SvcError('SVC_ERR_BAD_REQUEST', kismet ? `${path} is a Kismet log: its device records carry Kismet's field names; svc log export reads svcdb logs` : `${path} is not an svcdb log: its device records are not svc's`);
      }
      return new SvcdbDeviceLog(path, db);
    } catch (error) {
      db.close();
      if (error instanceof SvcError) throw error;
      throw damaged(path, error);
    }
  }

  /** The located devices of the log, in the order they were written; a damaged part stops it with the reason. */
  *devices(): Generator<LocatedDevice> {
    let read = 0;
    try {
      for (const text of this.db.prepare('SELECT CAST(device AS TEXT) FROM devices').pluck().iterate() as IterableIterator<string>) {
        read++;
        let record: unknown;
        try {
          record = JSON.parse(text);
        } catch {
          continue;
        }
        const located = record !== null && typeof record === 'object' ? locatedFromRecord(record as Record<string, unknown>) : undefined;
        if (located) yield located;
      }
    } catch (error) {
      throw damaged(this.path, error, read);
    }
  }

  /** Closes the database. */
  close(): void {
    this.db.close();
  }
}

function head(path: string, size: number): Buffer {
  const bytes = Buffer.alloc(Math.min(16, size));
  const file = openSync(path, 'r');
  try {
    readSync(file, bytes, 0, bytes.length, 0);
  } finally {
    closeSync(file);
  }
  return bytes;
}

function damaged(path: string, error: unknown, read?: number): SvcError {
  const after = read === undefined ? '' : ` after ${read} device rows`;
  return new SvcError('SVC_ERR_BAD_REQUEST', `${path} is damaged (cut short or overwritten?): ${describeError(error)}${after}`, { cause: error });
}
