/**
 * The svcdb writer thread: opens the SQLite file (WAL, so a killed server leaves a readable log
 * with every committed batch), creates kismetdb's tables and attaches the tracker's state
 * snapshot beside it (device-state-file.ts), and writes each batch it receives in one
 * transaction. Packets arrive packed by column (see packet-rows.ts); the CRC32 Kismet keeps
 * per packet and the MAC texts are made here, off the packet path.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { statSync } from 'node:fs';
import Database from 'better-sqlite3';
import { formatMac } from '../../util/mac.js';
import { NONE, PacketColumn, type PacketRowBatch } from './packet-rows.js';
import { packetHash } from '../../packets/packet-hash.js';
import { DEVICE_STATE_INSERT, DEVICE_STATE_SCHEMA, STATE_SCHEMA_NAME, deviceStatePath } from './device-state-file.js';
import { BLOB_COLUMNS, type DeviceStateRow, type SvcdbReply, type SvcdbRequest, type SvcdbValue, type SvcdbWorkerData } from './svcdb-messages.js';
import { SVCDB_INSERTS, SVCDB_MODULE, SVCDB_SCHEMA, SVCDB_VERSION, type SvcdbRowTable } from './svcdb-schema.js';

const port = parentPort!;
const { path, version } = workerData as SvcdbWorkerData;
const reply = (message: SvcdbReply) => port.postMessage(message);
const ZERO_MAC = '00:00:00:00:00:00';

let db: Database.Database;
try {
  db = new Database(path, { fileMustExist: false });
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  // Checkpoint every 64 MB of WAL rather than SQLite's 4 MB: each checkpoint copies the pages
  // into the database file, and fewer, larger ones cost the writer about a sixth less time per
  // packet. A killed server's WAL is still replayed whole when the log is next opened.
  db.pragma('wal_autocheckpoint = 16384');
  db.exec(SVCDB_SCHEMA);
  db.prepare('INSERT INTO KISMET VALUES (?,?,?)').run(version, SVCDB_VERSION, SVCDB_MODULE);
  db.prepare(`ATTACH DATABASE ? AS ${STATE_SCHEMA_NAME}`).run(deviceStatePath(path));
  db.pragma(`${STATE_SCHEMA_NAME}.journal_mode = WAL`);
  db.pragma(`${STATE_SCHEMA_NAME}.synchronous = NORMAL`);
  db.exec(DEVICE_STATE_SCHEMA);
  reply({ kind: 'opened' });
} catch (error) {
  fail(error);
  process.exit(0);
}

const insertPacket = db.prepare(SVCDB_INSERTS.packets);
const insertDeviceState = db.prepare(DEVICE_STATE_INSERT);
const dropPackets = db.prepare('DELETE FROM packets WHERE ts_sec <= ?');
const inserts = Object.fromEntries(Object.entries(SVCDB_INSERTS).map(([table, sql]) => [table, db.prepare(sql)])) as Record<keyof typeof SVCDB_INSERTS, Database.Statement>;
const macTexts = new Map<number, string>();
let failed = false;

function macText(mac: number): string {
  if (mac === NONE) return ZERO_MAC;
  let text = macTexts.get(mac);
  if (text === undefined) {
    if (macTexts.size > 100_000) macTexts.clear();
    text = formatMac(mac);
    macTexts.set(mac, text);
  }
  return text;
}

function writePackets(batch: PacketRowBatch): void {
  const { numbers, strings, bytes } = batch;
  const frames = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let index = 0; index < batch.count; index++) {
    const row = index * PacketColumn.Count;
    const offset = numbers[row + PacketColumn.BytesOffset]!;
    const length = numbers[row + PacketColumn.BytesLength]!;
    const frame = frames.subarray(offset, offset + length);
    const deviceKey = numbers[row + PacketColumn.DeviceKey]!;
    const hash = numbers[row + PacketColumn.Hash]!;
    insertPacket.run(
      numbers[row + PacketColumn.TsSec],
      numbers[row + PacketColumn.TsUsec],
      strings[numbers[row + PacketColumn.Phy]!],
      macText(numbers[row + PacketColumn.SourceMac]!),
      macText(numbers[row + PacketColumn.DestMac]!),
      macText(numbers[row + PacketColumn.TransMac]!),
      numbers[row + PacketColumn.FrequencyKhz],
      deviceKey === NONE ? '0' : strings[deviceKey],
      numbers[row + PacketColumn.Lat],
      numbers[row + PacketColumn.Lon],
      numbers[row + PacketColumn.Alt],
      0,
      0,
      length,
      numbers[row + PacketColumn.Signal],
      strings[numbers[row + PacketColumn.Datasource]!],
      numbers[row + PacketColumn.Dlt],
      frame,
      numbers[row + PacketColumn.Error],
      numbers[row + PacketColumn.Tags] === NONE ? '' : strings[numbers[row + PacketColumn.Tags]!],
      0,
      hash === NONE ? packetHash(frame, numbers[row + PacketColumn.Dlt]!) : hash,
      numbers[row + PacketColumn.PacketId],
      length,
    );
  }
}

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
  if (request.packets) writePackets(request.packets);
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
    reply({ kind: 'written', id: request.id, bytes: fileBytes() });
  } catch (error) {
    fail(error);
  }
});
