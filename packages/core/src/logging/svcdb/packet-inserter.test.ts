/**
 * The packet inserter against a real svcdb file: batches of sizes that are not multiples of the
 * rows per statement (1, one short, exactly, one over, three and five over) read back with
 * better-sqlite3, every row and column, value and SQLite type, compared with what each packet
 * says it is (MAC texts as written, Kismet's CRC32 past the radiotap header computed here with
 * zlib), in order; the file is well formed and has the log's page size.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import Database from 'better-sqlite3';
import type { Packet } from '../../packets/packet.js';
import { phyKeyPrefix } from '../../tracker/device-key.js';
import type { TrackedDevice } from '../../tracker/tracked-device.js';
import { parseMac } from '../../util/mac.js';
import { PacketRows } from './packet-rows.js';
import { PACKET_ROWS_PER_STATEMENT, PacketInserter } from './packet-inserter.js';
import { SVCDB_PAGE_SIZE, openSvcdbFile } from './svcdb-file.js';

const CHUNK = PACKET_ROWS_PER_STATEMENT;
const BATCH_SIZES = [1, CHUNK - 1, CHUNK, CHUNK + 1, 3 * CHUNK + 5];
const SOURCES = ['5fe308bd-0000-0000-0000-00c0ca000001', '5fe308bd-0000-0000-0000-00c0ca000002'];
/** MACs by their text; the first two share their low 16 bits (one slot of the inserter's cache). */
const MACS = ['0A:00:00:00:12:34', '0B:00:00:00:12:34', 'FF:FF:FF:FF:FF:FF', '00:00:00:00:00:01', 'DE:AD:BE:EF:00:42', '7C:1D:7A:2A:B1:F5'];
const COLUMNS = ['ts_sec', 'ts_usec', 'phyname', 'sourcemac', 'destmac', 'transmac', 'frequency', 'devkey', 'lat', 'lon', 'alt', 'speed', 'heading', 'packet_len', 'signal', 'datasource', 'dlt', 'packet', 'error', 'tags', 'datarate', 'hash', 'packetid', 'packet_full_len'];

/** A packet and the `packets` row it must become: [value, SQLite type] per column. */
interface Case {
  readonly packet: Packet;
  readonly row: [unknown, string][];
}

function macOf(index: number): number {
  return parseMac(MACS[index % MACS.length]!)!;
}

/** The `index`-th packet: every optional part present or absent in turn, and its expected row. */
function makeCase(index: number, packetId: number): Case {
  const radiotap = index % 3 !== 2;
  const body = Buffer.from(Array.from({ length: 20 + (index % 17) }, (_, at) => (index * 31 + at * 7) & 0xff));
  const header = Buffer.from([0, 0, 8, 0, index & 0xff, 0, 0, 0]);
  const data = radiotap ? Buffer.concat([header, body]) : body;
  const deviceMac = index % 4 === 3 ? undefined : index % MACS.length;
  const phyName = index % 5 === 0 ? 'RFSENSOR' : 'IEEE802.11';
  const keyPrefix = phyKeyPrefix(phyName);
  const device = deviceMac === undefined ? undefined : ({ mac: macOf(deviceMac), phy: { keyPrefix }, key: `${keyPrefix}_${MACS[deviceMac]!.replaceAll(':', '')}` } as unknown as TrackedDevice);
  const dest = index % 3 === 0 ? undefined : (index + 2) % MACS.length;
  const transmitter = index % 7 === 0 ? undefined : (index + 1) % MACS.length;
  const signal = index % 9 === 0 ? undefined : { signalDbm: -30 - (index % 50), freqKhz: 2_412_000 + 5000 * (index % 13) };
  const fix = index % 2 === 1 ? 3 : index % 3 === 0 ? 2 : index % 5 === 0 ? 1 : undefined;
  const gps = fix === undefined ? undefined : { fix, lat: 51.5 + index / 1000, lon: -0.125 - index / 1000, alt: 10.5 + index };
  const tags = index % 4 === 0 ? ['DOT11_BEACON_SSID', 'ALERT_X'] : undefined;
  const hash = index % 8 === 0 ? 0xdeadbeef - index : undefined;
  const packet = {
    tsSec: 1_700_000_000 + index,
    tsUsec: (index * 7919) % 1_000_000,
    sourceUuid: SOURCES[index % 2]!,
    phyName,
    dlt: radiotap ? 127 : 105,
    data,
    annotations: {},
    signal,
    gps,
    device,
    destMac: dest === undefined ? undefined : macOf(dest),
    transmitterMac: transmitter === undefined ? undefined : macOf(transmitter),
    error: index % 11 === 0 ? true : undefined,
    tags,
    hash,
  } as unknown as Packet;
  const zero = '00:00:00:00:00:00';
  const located = gps !== undefined && gps.fix >= 2;
  const row: [unknown, string][] = [
    [packet.tsSec, 'integer'],
    [packet.tsUsec, 'integer'],
    [phyName, 'text'],
    [deviceMac === undefined ? zero : MACS[deviceMac], 'text'],
    [dest === undefined ? zero : MACS[dest], 'text'],
    [transmitter === undefined ? zero : MACS[transmitter], 'text'],
    [signal?.freqKhz ?? 0, 'real'],
    [device?.key ?? '0', 'text'],
    [located ? gps.lat : 0, 'real'],
    [located ? gps.lon : 0, 'real'],
    [gps !== undefined && gps.fix >= 3 ? gps.alt : 0, 'real'],
    [0, 'real'],
    [0, 'real'],
    [data.length, 'integer'],
    [signal?.signalDbm ?? 0, 'integer'],
    [packet.sourceUuid, 'text'],
    [packet.dlt, 'integer'],
    [data, 'blob'],
    [index % 11 === 0 ? 1 : 0, 'integer'],
    [tags ? tags.join(' ') : '', 'text'],
    [0, 'real'],
    [hash ?? crc32(radiotap ? body : data), 'integer'],
    [packetId, 'integer'],
    [data.length, 'integer'],
  ];
  return { packet, row };
}

/** Every row of the file's `packets` table, in rowid order, as [value, SQLite type] per column. */
function readRows(path: string): [unknown, string][][] {
  const db = new Database(path, { readonly: true });
  try {
    const select = `SELECT ${COLUMNS.map((column) => `${column}, typeof(${column})`).join(', ')} FROM packets ORDER BY rowid`;
    return (db.prepare(select).raw().all() as unknown[][]).map((values) => COLUMNS.map((_, at) => [values[2 * at], values[2 * at + 1] as string]));
  } finally {
    db.close();
  }
}

/** Writes `cases` in batches of BATCH_SIZES with `rowsPerStatement`; the file's path. */
function writeLog(directory: string, name: string, cases: readonly Case[], rowsPerStatement?: number): string {
  const path = join(directory, name);
  const db = openSvcdbFile(path, 'test');
  const inserter = new PacketInserter(db, rowsPerStatement);
  const write = db.transaction((rows: PacketRows) => inserter.write(rows.take()));
  const rows = new PacketRows(256, 1 << 16);
  let next = 0;
  for (const size of BATCH_SIZES) {
    for (let count = 0; count < size; count++, next++) rows.add(cases[next]!.packet, next + 1);
    write(rows);
  }
  db.close();
  return path;
}

test('batches of every size against a multiple of the rows per statement hold every packet as it is, in order', () => {
  const directory = mkdtempSync(join(tmpdir(), 'svc-packet-inserter-'));
  try {
    const total = BATCH_SIZES.reduce((sum, size) => sum + size, 0);
    const cases = Array.from({ length: total }, (_, index) => makeCase(index, index + 1));
    const path = writeLog(directory, 'chunked.svcdb', cases);
    const written = readRows(path);
    assert.is(written.length, total);
    written.forEach((row, index) => {
      row.forEach(([value, type], at) => {
        const [expectedValue, expectedType] = cases[index]!.row[at]!;
        assert.is(type, expectedType, `packet ${index}, ${COLUMNS[at]}: type`);
        if (Buffer.isBuffer(expectedValue)) assert.ok(expectedValue.equals(value as Buffer), `packet ${index}, ${COLUMNS[at]}`);
        else assert.is(value, expectedValue, `packet ${index}, ${COLUMNS[at]}`);
      });
    });
    // One statement a row, the writer before many rows a statement, gives the same table.
    assert.equal(readRows(writeLog(directory, 'single.svcdb', cases, 1)), written);
    const db = new Database(path, { readonly: true });
    assert.is(db.pragma('integrity_check', { simple: true }), 'ok');
    assert.is(db.pragma('page_size', { simple: true }), SVCDB_PAGE_SIZE);
    assert.is(db.pragma('journal_mode', { simple: true }), 'wal');
    db.close();
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
});

test.run();
