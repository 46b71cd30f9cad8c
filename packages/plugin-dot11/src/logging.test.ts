/**
 * Logs of a capture read back: svc's demo scene (and, where the shared data set is, the real
 * aircrack-ng test capture) replayed through a `pcapfile` source into an svcdb and a pcapng log. The svcdb file, opened with SQLite, has kismetdb 9's
 * tables, every frame byte for byte with its time, link type and datasource, and every tracked
 * device; the pcapng log gives the same frames through svc's reader, libpcap and tshark.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { crc32 } from 'node:zlib';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { createTestService, projectDataPath, realDataPath, realDataTest, waitUntil, type TestBody } from '@svc/core/testing';
import dot11Plugin from './index.js';
import { readAll, readWithLibpcap } from './pcap/capture-readers.test-helper.js';

/** The captures logged: where each is, its frames, the shared files it needs. */
const CAPTURES = [
  { name: 'aircrack-ng_test1.pcap', path: realDataPath('dot11', 'aircrack-ng_test1.pcap'), frames: 192, needs: ['dot11/aircrack-ng_test1.pcap'] },
  { name: 'svc-demo-scene.pcap', path: projectDataPath('dot11', 'svc-demo-scene.pcap'), frames: JSON.parse(readFileSync(projectDataPath('dot11', 'svc-demo-scene.tshark.json'), 'utf8')).frames_total as number, needs: [] },
];
type Logged = (typeof CAPTURES)[number];
/** The tables and columns of Kismet's own logs (`sqlite3 x.kismet .schema`, kismetdb 9). */
const KISMETDB_COLUMNS: Record<string, string[]> = {
  KISMET: ['kismet_version', 'db_version', 'db_module'],
  devices: ['first_time', 'last_time', 'devkey', 'phyname', 'devmac', 'strongest_signal', 'min_lat', 'min_lon', 'max_lat', 'max_lon', 'avg_lat', 'avg_lon', 'bytes_data', 'type', 'device'],
  packets: ['ts_sec', 'ts_usec', 'phyname', 'sourcemac', 'destmac', 'transmac', 'frequency', 'devkey', 'lat', 'lon', 'alt', 'speed', 'heading', 'packet_len', 'signal', 'datasource', 'dlt', 'packet', 'error', 'tags', 'datarate', 'hash', 'packetid', 'packet_full_len'],
  data: ['ts_sec', 'ts_usec', 'phyname', 'devmac', 'lat', 'lon', 'alt', 'speed', 'heading', 'datasource', 'type', 'json'],
  datasources: ['uuid', 'typestring', 'definition', 'name', 'interface', 'json'],
  alerts: ['ts_sec', 'ts_usec', 'phyname', 'devmac', 'lat', 'lon', 'header', 'json'],
  messages: ['ts_sec', 'lat', 'lon', 'msgtype', 'message'],
  snapshots: ['ts_sec', 'ts_usec', 'lat', 'lon', 'snaptype', 'json'],
};

async function logCapture(capture: Logged, logTypes: string) {
  const t = await createTestService({ plugins: [dot11Plugin], config: { enable_logging: 'true', log_types: logTypes, log_title: 'test' } });
  await t.svc.start();
  const source = await t.svc.datasources.add(`${capture.path}:name=capture`);
  await waitUntil('the capture replayed', () => source.numPackets === capture.frames);
  const deviceKeys = [...t.svc.devices.devices()].map((device) => device.key).sort();
  const logDir = join(t.svc.config.configDir, 'logs');
  await t.svc.stop();
  const files = readdirSync(logDir).map((name) => join(logDir, name));
  return { t, files, deviceKeys, sourceUuid: source.uuid };
}

const svcdbReadsBack = (capture: Logged): TestBody => async () => {
  const { t, files, deviceKeys, sourceUuid } = await logCapture(capture, 'svcdb');
  try {
    const path = files.find((file) => file.endsWith('.svcdb'));
    assert.ok(path && /\/test-\d{8}-\d{2}-\d{2}-\d{2}-1\.svcdb$/.test(path), `log file name: ${files.join(', ')}`);
    const db = new Database(path, { readonly: true });
    for (const [table, columns] of Object.entries(KISMETDB_COLUMNS)) {
      const found = (db.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[]).map((column) => column.name);
      assert.equal(found, columns, `columns of ${table}`);
    }
    assert.equal(db.prepare('SELECT db_version, db_module FROM KISMET').get(), { db_version: 9, db_module: 'kismetlog' });
    const { frames } = await readAll(capture.path);
    const packets = db.prepare('SELECT ts_sec, ts_usec, phyname, dlt, packet, packet_len, datasource, packetid FROM packets ORDER BY rowid').all() as Record<string, unknown>[];
    assert.is(packets.length, frames.length);
    frames.forEach((frame, index) => {
      const row = packets[index]!;
      if (row.ts_sec !== frame.tsSec || row.ts_usec !== frame.tsUsec || row.dlt !== frame.linkType || !(row.packet as Buffer).equals(frame.data) || row.packet_len !== frame.data.length) {
        assert.unreachable(`packet ${index + 1} differs from the capture: ${JSON.stringify({ ...row, packet: undefined })}`);
      }
      assert.is(row.datasource, sourceUuid);
      assert.is(row.packetid, index + 1);
    });
    assert.is((db.prepare("SELECT count(*) AS n FROM packets WHERE phyname = 'IEEE802.11'").get() as { n: number }).n, frames.length);
    const devices = db.prepare('SELECT devkey, phyname, devmac, type, device FROM devices ORDER BY devkey').all() as Record<string, unknown>[];
    assert.equal(devices.map((row) => row.devkey), deviceKeys);
    for (const row of devices) {
      const record = JSON.parse(String(row.device)) as Record<string, unknown>;
      assert.is(record['svc.device.base.key'], row.devkey);
      assert.is(record['svc.device.base.macaddr'], row.devmac);
      assert.is(record['svc.device.base.type'], row.type);
    }
    const source = db.prepare('SELECT uuid, typestring, name, json FROM datasources').get() as Record<string, string>;
    assert.equal([source.uuid, source.typestring, source.name], [sourceUuid, 'pcapfile', 'capture']);
    const sourceJson = JSON.parse(String(source.json)) as Record<string, unknown>;
    assert.is(sourceJson['svc.datasource.uuid'], sourceUuid);
    for (const name of ['hardware', 'num_packets', 'hopping', 'hop_rate', 'hop_channels', 'channel']) {
      assert.equal(sourceJson[`kismet.datasource.${name}`], sourceJson[`svc.datasource.${name}`], `kismetdb_statistics reads kismet.datasource.${name}`);
    }
    const hashes = db.prepare('SELECT hash FROM packets ORDER BY rowid').pluck().all() as number[];
    frames.forEach((frame, index) => assert.is(hashes[index], crc32(frame.data.subarray(frame.data.readUInt16LE(2))), `hash of packet ${index + 1}: the 802.11 frame's CRC32`));
    const messages = db.prepare('SELECT message FROM messages').all() as { message: string }[];
    assert.ok(messages.some((row) => row.message.includes('datasource capture opened')), 'messages are logged');
    db.close();
  } finally {
    await t.close();
  }
};

const pcapngReadsBack = (capture: Logged): TestBody => async () => {
  const { t, files } = await logCapture(capture, 'pcapng');
  try {
    const path = files.find((file) => file.endsWith('.pcapng'))!;
    const { frames: original } = await readAll(capture.path);
    const { frames, file } = await readAll(path);
    assert.is(file.format, 'pcapng');
    assert.is(frames.length, original.length);
    frames.forEach((frame, index) => {
      const expected = original[index]!;
      if (frame.tsSec !== expected.tsSec || frame.tsUsec !== expected.tsUsec || frame.linkType !== expected.linkType || !frame.data.equals(expected.data) || frame.originalLength !== expected.originalLength) {
        assert.unreachable(`frame ${index + 1} differs from the capture`);
      }
    });
    const libpcap = await readWithLibpcap(path);
    assert.is(libpcap.length, original.length);
    libpcap.forEach((frame, index) => assert.ok(frame.data.equals(original[index]!.data), `libpcap frame ${index + 1}`));
    const tshark = execFileSync('tshark', ['-r', path, '-T', 'fields', '-e', 'frame.interface_name'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).split('\n').filter(Boolean);
    assert.is(tshark.length, original.length, 'tshark reads every frame');
    assert.ok(tshark.every((name) => name === 'capture'), 'the interface is named after the datasource');
  } finally {
    await t.close();
  }
};

for (const capture of CAPTURES) {
  for (const [title, body] of [
    ['svcdb: kismetdb 9 tables and columns, every frame byte for byte, every device', svcdbReadsBack(capture)],
    ['pcapng: the same frames through svc reader and through libpcap, one interface named after the source', pcapngReadsBack(capture)],
  ] as const) {
    realDataTest(test, `${capture.name}: ${title}`, capture.needs, body);
  }
}

test.run();
