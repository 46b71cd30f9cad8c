/**
 * The svcdb writer thread: opens the SQLite file (WAL, so a killed server leaves a readable log
 * with every committed batch), creates kismetdb's tables and attaches the tracker's state
 * snapshot beside it (device-state-file.ts), and writes each batch it receives in one
 * transaction. Packets arrive packed by column (see packet-rows.ts) and go in many rows per
 * statement (packet-inserter.ts); the CRC32 Kismet keeps per packet and the MAC texts are made
 * there, off the packet path.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { statSync } from 'node:fs';
import Database from 'better-sqlite3';
import { DEVICE_STATE_INSERT, deviceStatePath } from './device-state-file.js';
import { PacketInserter } from './packet-inserter.js';
import { openSvcdbFile } from './svcdb-file.js';
import { BLOB_COLUMNS, type DeviceStateRow, type SvcdbReply, type SvcdbRequest, type SvcdbValue, type SvcdbWorkerData } from './svcdb-messages.js';
import { SVCDB_INSERTS, type SvcdbRowTable } from './svcdb-schema.js';

const port = parentPort!;
const { path, version } = workerData as SvcdbWorkerData;
const reply = (message: SvcdbReply, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

let db: Database.Database;
try {
  db = openSvcdbFile(path, version);
  reply({ kind: 'opened' });
} catch (error) {
  fail(error);
  process.exit(0);
}

const packets = new PacketInserter(db);
const insertDeviceState = db.prepare(DEVICE_STATE_INSERT);
const dropPackets = db.prepare('DELETE FROM packets WHERE ts_sec <= ?');
const inserts = Object.fromEntries(Object.entries(SVCDB_INSERTS).map(([table, sql]) => [table, db.prepare(sql)])) as Record<SvcdbRowTable, Database.Statement>;
let failed = false;

function writeRows(table: SvcdbRowTable, rows: SvcdbValue[][]): void {
  const statement = inserts[table];
  const blobColumn = BLOB_COLUMNS[table];
  for (const row of rows) {
    const values: unknown[] = row;
    if (blobColumn >= 0 && typeof row[blobColumn] === 'string') values[blobColumn] = Buffer.from(row[blobColumn] as string);
    statement.run(values);
  }
}

function writeDeviceStates(rows: readonly DeviceStateRow[]): void {
  for (const row of rows) insertDeviceState.run(row);
}

const writeBatch = db.transaction((request: Extract<SvcdbRequest, { kind: 'batch' }>) => {
  if (request.packets) packets.write(request.packets);
  for (const [table, rows] of Object.entries(request.rows)) if (rows) writeRows(table as SvcdbRowTable, rows);
  if (request.deviceStates) writeDeviceStates(request.deviceStates);
});

function fail(error: unknown): void {
  failed = true;
  const coded = error as { code?: string; message?: string };
  reply({ kind: 'failed', message: coded.message ?? String(error), code: coded.code ?? 'SQLITE_ERROR' });
}

function fileBytes(): number {
  let total = 0;
  for (const file of [path, `${path}-wal`, deviceStatePath(path), `${deviceStatePath(path)}-wal`]) {
    try {
      total += statSync(file).size;
    } catch {
      // The WAL file exists only between checkpoints.
    }
  }
  return total;
}

port.on('message', (request: SvcdbRequest) => {
  if (request.kind === 'close') {
    try {
      if (!failed) db.pragma('wal_checkpoint(TRUNCATE)');
      db.close();
    } catch (error) {
      if (!failed) fail(error);
    }
    reply({ kind: 'closed' });
    port.close();
    return;
  }
  if (failed) return;
  try {
    if (request.kind === 'drop') {
      const { changes } = dropPackets.run(request.before);
      reply({ kind: 'dropped', id: request.id, count: changes });
      return;
    }
    writeBatch(request);
    const batch = request.packets;
    if (batch === undefined) reply({ kind: 'written', id: request.id, bytes: fileBytes() });
    else reply({ kind: 'written', id: request.id, bytes: fileBytes(), arrays: { numbers: batch.numbers, bytes: batch.bytes } }, [batch.numbers.buffer as ArrayBuffer, batch.bytes.buffer as ArrayBuffer]);
  } catch (error) {
    fail(error);
  }
});
