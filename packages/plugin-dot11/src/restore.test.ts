/**
 * 802.11 devices across a restart: every capture (the shared data set's real ones and svc's demo
 * scene under each radio header) is replayed into a server that logs to
 * svcdb; the next server (tracker_restore) holds every device with its whole record as it was
 * served before (SSID records, clients, probes, handshakes), the handshake pcap still holds
 * its frames, and packets heard after the restart update the restored devices. Both ways back
 * are checked: the state snapshot beside the log, and the log's JSON records alone.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger } from '@svc/core';
import { createTestService, waitUntil, type TestService } from '@svc/core/testing';
import { eachCapture, ownCaptures, realCaptures } from './fixture-captures.test-helper.js';
import dot11Plugin from './index.js';

const quiet = createLogger({ write: () => {} });

/** RRD fields that say when the record was served, not what it holds. */
const CLOCK_FIELDS = new Set(['svc.common.rrd.serial_time', 'svc.common.rrd.last_time']);

/** Every device record as served, without what moves with the clock. */
async function records(t: TestService): Promise<Record<string, unknown>> {
  const list = (await (await t.request('/devices/views/all/devices.json')).json()) as Record<string, unknown>[];
  return Object.fromEntries(list.map((record) => [record['svc.device.base.key'], JSON.parse(JSON.stringify(record, (key, value) => (CLOCK_FIELDS.has(key) ? undefined : value)))]));
}

eachCapture(test, [...realCaptures(), ...ownCaptures()], 'every device comes back whole after a restart', async (capture) => {
    const frames = JSON.parse(readFileSync(capture.reference, 'utf8')).frames_total as number;
    const configDir = mkdtempSync(join(tmpdir(), 'svc-dot11-restore-'));
    const config = { enable_logging: 'true' };
    const first = await createTestService({ plugins: [dot11Plugin], log: quiet, configDir, config });
    let before: Record<string, unknown>;
    let handshake: ArrayBuffer | undefined;
    let apWithHandshake: string | undefined;
    try {
      await first.svc.start();
      const source = await first.svc.datasources.add(capture.path);
      await waitUntil('the capture replayed', () => source.numPackets === frames);
      before = await records(first);
      apWithHandshake = [...first.svc.devices.devices()].find((device) => device.components.dot11?.handshakes?.some((message) => message.frame))?.key;
      if (apWithHandshake) handshake = await (await first.request(`/phy/phy80211/by-key/${apWithHandshake}/pcap/handshake.pcap`)).arrayBuffer();
      await first.svc.stop();
    } finally {
      await first.close();
    }
    const logs = join(configDir, 'logs');
    const [log] = readdirSync(logs).filter((file) => file.endsWith('.svcdb'));
    const restored = Object.keys(before).length;
    const checkRestored = async (t: TestService, fromSnapshot: number) => {
      const messages = ((await (await t.request('/messagebus/all_messages.json')).json()) as Record<string, unknown>[]).map((message) => String(message['svc.messagebus.message_string']));
      assert.ok(messages.some((text) => text.includes(`restored ${restored} devices from ${join(logs, log!)} (${fromSnapshot} from its state snapshot)`)), messages.join('\n'));
      assert.equal(await records(t), before);
      if (apWithHandshake) {
        const again = await t.request(`/phy/phy80211/by-key/${apWithHandshake}/pcap/handshake.pcap`);
        assert.is(again.status, 200);
        assert.ok(Buffer.from(await again.arrayBuffer()).equals(Buffer.from(handshake!)), 'the same handshake pcap');
      }
    };
    // From the state snapshot beside the log, then (snapshot removed) from the log's JSON records.
    const fromSnapshot = await createTestService({ plugins: [dot11Plugin], log: quiet, configDir, config: { enable_logging: 'false', tracker_restore: 'true' } });
    try {
      await fromSnapshot.svc.start();
      await checkRestored(fromSnapshot, restored);
    } finally {
      await fromSnapshot.close();
    }
    for (const file of readdirSync(logs)) if (file.includes('.svcdb-state')) rmSync(join(logs, file));
    const second = await createTestService({ plugins: [dot11Plugin], log: quiet, configDir, config });
    try {
      await second.svc.start();
      await checkRestored(second, 0);
      const source = await second.svc.datasources.add(capture.path);
      await waitUntil('the capture replayed again', () => source.numPackets === frames);
      const after = await records(second);
      assert.equal(Object.keys(after).sort(), Object.keys(before).sort(), 'the same devices, none twice');
      for (const [key, record] of Object.entries(after) as [string, Record<string, number>][]) {
        assert.is(record['svc.device.base.packets.total'], 2 * (before[key] as Record<string, number>)['svc.device.base.packets.total']!, `${key} counts on from its restored packets`);
      }
    } finally {
      await second.close();
      rmSync(configDir, { recursive: true, force: true });
    }
});

test.run();
