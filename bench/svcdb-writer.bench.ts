/**
 * The svcdb writer alone (issue 38: logging every frame at >= 85 % of the no-log rate is bound
 * by the writer thread): 400,000 synthetic 802.11 packets, packed as the log packs them (8,192
 * a batch), written batch by batch, one transaction each, into a new log file opened as the
 * writer thread opens it, in this thread with nothing else running, so the figure is the
 * writer's own rows per second (wall clock) and its CPU time per row (which other processes
 * on a shared machine disturb less). One row per `INSERT` on SQLite's 4 KB pages (how the
 * writer wrote before issue 38, with today's per-row code), the log's settings, and their
 * neighbours, in interleaved rounds. The writer's modules are imported from source (tsx
 * compiles them as tsup does); prints figures only.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Packet } from '@svc/core';
import { seededRandom } from '@svc/core/testing';
import { PacketRows, type PacketRowBatch } from '../packages/core/src/logging/svcdb/packet-rows.js';
import { PACKET_ROWS_PER_STATEMENT, PacketInserter } from '../packages/core/src/logging/svcdb/packet-inserter.js';
import { SVCDB_PAGE_SIZE, openSvcdbFile } from '../packages/core/src/logging/svcdb/svcdb-file.js';

const PACKETS = 400_000;
const BATCH_PACKETS = 8192;
const DEVICES = 10_000;
const ROUNDS = 5;
const DLT_IEEE802_11_RADIO = 127;
const RADIOTAP_LENGTH = 18;
const scratch = mkdtempSync(join(tmpdir(), 'svc-bench-svcdb-writer-'));

/** Batches of packets as the ingest chain hands them to the log: a device each, radiotap frames of 40 to 400 bytes. */
function batches(): PacketRowBatch[] {
  const random = seededRandom(38);
  const macs = Array.from({ length: DEVICES }, () => Math.floor(random() * 0x1000000) * 0x1000000 + Math.floor(random() * 0x1000000));
  const devices = macs.map((mac) => ({ mac, key: `4202770D00000000_${mac.toString(16).toUpperCase().padStart(12, '0')}0000` }));
  const rows = new PacketRows(BATCH_PACKETS, 4 << 20);
  const out: PacketRowBatch[] = [];
  for (let index = 0; index < PACKETS; index++) {
    const frame = Buffer.alloc(40 + Math.floor(random() * 360));
    for (let at = 0; at < frame.length; at++) frame[at] = Math.floor(random() * 256);
    frame.writeUInt16LE(RADIOTAP_LENGTH, 2);
    const device = devices[Math.floor(random() * DEVICES)]!;
    const packet = {
      tsSec: 1_764_000_000 + Math.floor(index / 1000),
      tsUsec: (index % 1000) * 1000,
      sourceUuid: '5fe308bd-0000-0000-0000-00c0ca000001',
      phyName: 'IEEE802.11',
      dlt: DLT_IEEE802_11_RADIO,
      data: frame,
      annotations: {},
      signal: { signalDbm: -40 - Math.floor(random() * 50), freqKhz: 2_412_000 },
      device,
      destMac: macs[Math.floor(random() * DEVICES)],
      transmitterMac: device.mac,
      tags: index % 10 === 0 ? ['DOT11_BEACON_SSID'] : undefined,
    } as unknown as Packet;
    rows.add(packet, index + 1);
    if (rows.count === BATCH_PACKETS) out.push(rows.take());
  }
  if (rows.count > 0) out.push(rows.take());
  return out;
}

/** A way of writing: rows per statement and bytes per page. */
interface Setting {
  readonly rows: number;
  readonly page: number;
}

/** Wall seconds and CPU seconds writing every batch with `setting`. */
function round(all: readonly PacketRowBatch[], setting: Setting): { wall: number; cpu: number } {
  const directory = mkdtempSync(join(scratch, 'round-'));
  const db = openSvcdbFile(join(directory, 'bench.svcdb'), 'bench', setting.page);
  const inserter = new PacketInserter(db, setting.rows);
  const write = db.transaction((batch: PacketRowBatch) => inserter.write(batch));
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  for (const batch of all) write(batch);
  const cpu = process.cpuUsage(cpuBefore);
  const wall = (performance.now() - started) / 1000;
  db.close();
  rmSync(directory, { recursive: true, force: true });
  return { wall, cpu: (cpu.user + cpu.system) / 1e6 };
}

const all = batches();
const logs: Setting = { rows: PACKET_ROWS_PER_STATEMENT, page: SVCDB_PAGE_SIZE };
const settings: Setting[] = [{ rows: 1, page: 4096 }, { rows: 1, page: SVCDB_PAGE_SIZE }, { rows: PACKET_ROWS_PER_STATEMENT, page: 4096 }, { rows: 16, page: SVCDB_PAGE_SIZE }, logs, { rows: 64, page: SVCDB_PAGE_SIZE }];
const describe = (setting: Setting) => `${setting.rows} row${setting.rows === 1 ? '' : 's'} per statement, ${setting.page / 1024} KB pages${setting === logs ? " (the log's)" : ''}`;
const walls = settings.map((): number[] => []);
const cpus = settings.map((): number[] => []);
for (let index = 0; index < ROUNDS; index++) {
  settings.forEach((setting, at) => {
    const { wall, cpu } = round(all, setting);
    walls[at]!.push(PACKETS / wall);
    cpus[at]!.push((cpu / PACKETS) * 1e6);
    console.log(`round ${index + 1}, ${describe(setting)}: ${Math.round(PACKETS / wall).toLocaleString('en')} rows/s, ${((cpu / PACKETS) * 1e6).toFixed(2)} µs CPU a row`);
  });
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const before = median(cpus[0]!);
settings.forEach((setting, at) => {
  const cpu = median(cpus[at]!);
  console.log(`svcdb writer, ${describe(setting)}: median ${Math.round(median(walls[at]!)).toLocaleString('en')} rows/s, ${cpu.toFixed(2)} µs CPU a row = ${(before / cpu).toFixed(2)}x the first`);
});
rmSync(scratch, { recursive: true, force: true });
