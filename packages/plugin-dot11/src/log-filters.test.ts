/**
 * The svcdb log's filters on a real capture: svc's demo scene replayed into an svcdb log with
 * device and packet rules set by config lines and by Kismet's filter routes. The log, opened with
 * SQLite, holds exactly the frames tshark finds outside the rules (the same frames by time: a
 * source pass rule tried before the destination and network blocks, as Kismet tries them) and
 * every tracked device but the blocked ones; tracking itself is not filtered.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { createTestService, projectDataPath, waitUntil } from '@svc/core/testing';
import dot11Plugin from './index.js';

const capture = projectDataPath('dot11', 'svc-demo-scene.pcap');
const frames = JSON.parse(readFileSync(projectDataPath('dot11', 'svc-demo-scene.tshark.json'), 'utf8')).frames_total as number;
const LOBBY = '14:CC:20:5C:00:02';
const LEGACY = '00:0C:41:5C:00:05';

/** Capture times (µs) of the frames tshark's display filter selects, sorted. */
function tsharkTimes(filter: string): number[] {
  const out = execFileSync('tshark', ['-r', capture, '-Y', filter, '-T', 'fields', '-e', 'frame.time_epoch'], { encoding: 'utf8' });
  return out
    .split('\n')
    .filter(Boolean)
    .map((epoch) => Math.round(Number(epoch) * 1e6))
    .sort((a, b) => a - b);
}

test('the log holds the frames and devices the rules let through, no more, no less; the tracker keeps them all', async () => {
  const t = await createTestService({
    plugins: [dot11Plugin],
    config: {
      enable_logging: 'true',
      log_types: 'svcdb',
      log_title: 'filtered',
      log_device_filter: `IEEE802.11,${LEGACY},block`,
      log_packet_filter: [`IEEE802.11,source,${LOBBY},pass`, 'IEEE802.11,destination,FF:FF:FF:FF:FF:FF,block'],
    },
  });
  try {
    await t.svc.start();
    assert.is((await t.command(`/filters/packet/svcdb_packets/IEEE802.11/network/set_filter.cmd`, { filter: { [LOBBY]: true } })).status, 200);
    assert.is((await t.command('/filters/class/svcdb_devices/IEEE802.11/set_filter.cmd', { filter: { 'A0:04:60:00:00:00/24': true } })).status, 200);
    const source = await t.svc.datasources.add(`${capture}:name=capture`);
    await waitUntil('the capture replayed', () => source.numPackets === frames);
    const tracked = [...t.svc.devices.devices()].map((device) => device.key);
    const blockedDevices = [...t.svc.devices.devices()].filter((device) => device.phy.name === 'IEEE802.11' && (device.key.endsWith(LEGACY.replaceAll(':', '')) || device.key.includes('_A00460'))).map((device) => device.key);
    assert.is(blockedDevices.length, 2, 'both blocked devices were tracked');
    const logDir = join(t.svc.config.configDir, 'logs');
    await t.svc.stop();

    const db = new Database(join(logDir, readdirSync(logDir).find((name) => name.endsWith('.svcdb'))!), { readonly: true });
    try {
      const rows = db.prepare('SELECT ts_sec, ts_usec FROM packets').all() as { ts_sec: number; ts_usec: number }[];
      const logged = rows.map((row) => row.ts_sec * 1e6 + row.ts_usec).sort((a, b) => a - b);
      // Kismet's source of a frame is its source address, of a control frame its transmitter.
      const expected = tsharkTimes(`wlan.sa == ${LOBBY} || (!wlan.sa && wlan.ta == ${LOBBY}) || !(wlan.da == ff:ff:ff:ff:ff:ff || wlan.bssid == ${LOBBY})`);
      assert.ok(expected.length > 100 && expected.length < frames - 800, `the rules select part of the capture (${expected.length} of ${frames})`);
      assert.equal(logged, expected);
      const devices = (db.prepare('SELECT devkey FROM devices').all() as { devkey: string }[]).map((row) => row.devkey).sort();
      assert.equal(devices, tracked.filter((key) => !blockedDevices.includes(key)).sort());
    } finally {
      db.close();
    }
  } finally {
    await t.close();
  }
});

test.run();
