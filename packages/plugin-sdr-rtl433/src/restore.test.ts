/**
 * rtl_433 sensors across a restart and through a log replay, with the real `rtl_433` decoding
 * recordings: the sensors (readings, their histories, switches, the last message) come back
 * exactly as they were served at start, from the state snapshot beside the svcdb log and from
 * the log's `devices` table alone, and again from its `data` rows when the log is replayed by a
 * `kismetdb` source. Once with every shared real recording (when the real data is there), once
 * with svc's own synthetic recording, which has a sensor of every class.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { createLogger } from '@svc/core';
import { createTestService, projectDataPath, realDataFiles, realDataPath, realDataTest, waitUntil, type TestService } from '@svc/core/testing';
import rtl433Plugin, { RTL433_PHY_NAME } from './index.js';
import { SYNTHETIC_RECORDING, SYNTHETIC_REFERENCE } from './synthetic/synthetic-data.js';
import { messagesBySensor, readRtl433Lines } from './testing/rtl433-reference.js';

const quiet = createLogger({ write: () => {} });

/** The sensors' records, keyed by device key, without the fields that move with the clock. */
async function sensors(t: TestService, timeFields = true): Promise<Record<string, unknown>> {
  const response = await t.request(`/devices/views/phy-${RTL433_PHY_NAME}/devices.json`);
  const records = (await response.json()) as Record<string, unknown>[];
  // The source stamps messages with the server's clock, so which second is the current one (last_time,
  // last_value) moves while the test runs; the histories themselves must not.
  const drop = new Set(['svc.common.rrd.serial_time', 'svc.common.rrd.last_time', 'svc.common.rrd.last_value', 'svc.device.base.mod_time', ...(timeFields ? [] : ['svc.device.base.seenby', 'svc.device.packets_rrd'])]);
  return Object.fromEntries(records.map((record) => [record['svc.device.base.key'], JSON.parse(JSON.stringify(record, (key, value) => (drop.has(key) ? undefined : value)))]));
}

/** The sensor classes (sub-records of `rtl433.device` besides the common part) some sensor in `records` has. */
function classesOf(records: Record<string, unknown>): Set<string> {
  return new Set(Object.values(records).flatMap((record) => Object.keys((record as Record<string, Record<string, unknown>>)['rtl433.device'] ?? {})));
}

/**
 * Replays `recordings` (paths) with logging on, checks what was tracked with `check`, then
 * restarts from the snapshot and from the log alone and replays the log: the sensors must come
 * back as they were.
 */
async function restoreRoundTrip(recordings: readonly string[], check: (before: Record<string, unknown>) => void): Promise<void> {
  const configDir = mkdtempSync(join(tmpdir(), 'svc-rtl433-restore-'));
  const first = await createTestService({ plugins: [rtl433Plugin], log: quiet, configDir, config: { enable_logging: 'true' } });
  let before: Record<string, unknown>;
  try {
    await first.svc.start();
    const ended: string[] = [];
    first.svc.events.subscribe('DATASOURCE_ENDED', (_topic, record) => void ended.push(String((record as Record<string, unknown>)['svc.datasource.name'])));
    for (const path of recordings) await first.svc.datasources.add(`${path}:type=rtl433,name=${basename(path)}`);
    await waitUntil('every recording decoded', () => ended.length === recordings.length, { timeoutMs: 60_000 });
    before = await sensors(first);
    await first.svc.stop();
  } finally {
    await first.close();
  }
  check(before);

  // Restarted from the state snapshot beside the log, then (snapshot removed) from the log alone.
  const logs = join(configDir, 'logs');
  const log = join(logs, readdirSync(logs).filter((file) => file.endsWith('.svcdb'))[0]!);
  const count = Object.keys(before).length;
  for (const [way, fromSnapshot] of [['state snapshot', count], ['log alone', 0]] as const) {
    if (fromSnapshot === 0) for (const file of readdirSync(logs)) if (file.includes('.svcdb-state')) rmSync(join(logs, file));
    const restarted = await createTestService({ plugins: [rtl433Plugin], log: quiet, configDir, config: { enable_logging: 'false', tracker_restore: 'true' } });
    try {
      await restarted.svc.start();
      assert.equal(await sensors(restarted), before, way);
      const messages = ((await (await restarted.request('/messagebus/all_messages.json')).json()) as Record<string, unknown>[]).map((message) => String(message['svc.messagebus.message_string']));
      assert.ok(messages.some((text) => text.includes(`restored ${count} devices from ${log} (${fromSnapshot} from its state snapshot)`)), messages.join('\n'));
    } finally {
      await restarted.close();
    }
  }

  const replayed = await createTestService({ plugins: [rtl433Plugin], log: quiet });
  try {
    const source = await replayed.svc.datasources.add(`${log}:type=kismetdb`);
    const messages = Object.values(before).reduce<number>((sum, record) => sum + ((record as Record<string, number>)['svc.device.base.packets.total'] ?? 0), 0);
    await waitUntil('the log replayed', () => source.numPackets >= messages);
    // Replayed, the same messages make the same sensors; only the source and times of arrival differ.
    assert.equal(await sensors(replayed, false), await sensorsWithoutTimes(before));
  } finally {
    await replayed.close();
    rmSync(configDir, { recursive: true, force: true });
  }
}

async function sensorsWithoutTimes(records: Record<string, unknown>): Promise<Record<string, unknown>> {
  const drop = new Set(['svc.device.base.seenby', 'svc.device.packets_rrd']);
  return JSON.parse(JSON.stringify(records, (key, value) => (drop.has(key) ? undefined : value)));
}

const realRecordings = realDataFiles('rtl433', /\.cu8$/).map((name) => `rtl433/${name}`);
realDataTest(test, 'every recording: sensors survive a restart and a replay of the log', realRecordings, () =>
  restoreRoundTrip(
    realRecordings.map((path) => realDataPath(path)),
    (before) => {
      assert.ok(Object.keys(before).length >= 20, `${Object.keys(before).length} sensors`);
      const classes = classesOf(before);
      for (const part of ['rtl433.device.thermometer', 'rtl433.device.weatherstation']) assert.ok(classes.has(part), `some sensor has ${part}`);
    },
  ),
);

test("svc's synthetic recording: sensors of every class (thermometer, weather station, lightning, tyre pressure, switches) survive a restart and a replay of the log", () =>
  restoreRoundTrip([projectDataPath('rtl433', SYNTHETIC_RECORDING)], (before) => {
    assert.is(Object.keys(before).length, messagesBySensor(readRtl433Lines(projectDataPath('rtl433', SYNTHETIC_REFERENCE))).size, 'one device per sensor rtl_433 decoded');
    const classes = classesOf(before);
    for (const part of ['rtl433.device.thermometer', 'rtl433.device.weatherstation', 'rtl433.device.lightningsensor', 'rtl433.device.tpms', 'rtl433.device.switch']) {
      assert.ok(classes.has(part), `some sensor has ${part}`);
    }
  }));

test.run();
