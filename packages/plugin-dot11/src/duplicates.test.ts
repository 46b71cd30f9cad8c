/**
 * The duplicate filter (`packet_dedup_size`) with two radios hearing the same frames: two
 * pcapfile sources replay one capture at once (two real captures of the shared data set, and
 * svc's demo scene). Every device is counted as one radio counts it (packet counters, types,
 * handshakes, alerts), each is seen by both sources with every frame, and every frame of the
 * second copy is a counted duplicate. With one radio, a frame repeated byte for byte
 * (aircrack-ng_test1 has 13, the demo scene's acknowledgements many) is not a duplicate, nor is a
 * replay started after the first had ended; `packet_dedup_size=0` turns the filter off and two
 * radios count every frame twice.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { createLogger } from '@svc/core';
import { createTestService, projectDataPath, realDataPath, realDataTest, waitUntil, type TestBody, type TestService } from '@svc/core/testing';
import { DOT11_ALERT_DEFINITIONS } from './alerts/alert-catalog.js';
import type { Dot11Device } from './device/dot11-device.js';
import dot11Plugin from './index.js';

/** A capture the tests replay: where it is, its frames, whether it raises alerts, the shared files it needs. */
interface Replayed {
  readonly name: string;
  readonly path: string;
  readonly frames: number;
  readonly raisesAlerts: boolean;
  readonly needs: readonly string[];
}

const real = (name: string, frames: number, raisesAlerts: boolean): Replayed => ({ name, path: realDataPath('dot11', name), frames, raisesAlerts, needs: [`dot11/${name}`] });
const DEMO: Replayed = {
  name: 'svc-demo-scene.pcap',
  path: projectDataPath('dot11', 'svc-demo-scene.pcap'),
  frames: JSON.parse(readFileSync(projectDataPath('dot11', 'svc-demo-scene.tshark.json'), 'utf8')).frames_total,
  raisesAlerts: true,
  needs: [],
};
const CAPTURES = [real('aircrack-ng_test1.pcap', 192, true), real('packetnet_80211_plus_radiotap_header.pcap', 225, false), DEMO];

/** Registers `body` for `capture`: a real-data test for a shared one. */
const testOn = (capture: Replayed, title: string, body: TestBody) => realDataTest(test, `${capture.name}: ${title}`, capture.needs, body);
/** Every throttled 802.11 alert let through on every event, so an alert raised twice would show. */
const UNTHROTTLED = DOT11_ALERT_DEFINITIONS.filter((definition) => !definition.throttle.startsWith('0/')).map((definition) => `${definition.name},100000/min,100000/sec`);

interface Counted {
  total: number;
  tx: number;
  rx: number;
  data: number;
  error: number;
  type: string;
  handshakes: number;
  /** Frames each source saw the device in, by source name. */
  seenby: Record<string, number>;
}

function devices(t: TestService): Record<string, Counted> {
  const names = new Map(t.svc.datasources.list().map((source) => [source.uuid, source.name]));
  const out: Record<string, Counted> = {};
  for (const device of t.svc.devices.devices()) {
    const dot11 = device.components.dot11 as Dot11Device | undefined;
    out[device.key] = {
      total: device.packetsTotal,
      tx: device.packetsTx,
      rx: device.packetsRx,
      data: device.packetsData,
      error: device.packetsError,
      type: device.type,
      handshakes: dot11?.handshakes?.length ?? 0,
      seenby: Object.fromEntries((device.seenby ?? []).map((seen) => [names.get(seen.uuid)!, seen.numPackets])),
    };
  }
  return out;
}

/** Replays `capture` through one source per name, all added at once; the service stays open. */
async function replay(capture: Replayed, sourceNames: string[], config: Record<string, string> = {}): Promise<TestService> {
  const t = await createTestService({ plugins: [dot11Plugin], log: createLogger({ write: () => {} }), config: { alertbacklog: '10000', alert: UNTHROTTLED, ...config } });
  const prepared = await Promise.all(sourceNames.map((name, index) => t.svc.datasources.prepare(`${capture.path}:name=${name},uuid=00000000-0000-4000-8000-00000000000${index + 1}`)));
  const sources = await Promise.all(prepared.map((source) => t.svc.datasources.addPrepared(source)));
  await waitUntil('every source replayed the capture', () => sources.every((source) => source.numPackets === capture.frames));
  return t;
}

for (const capture of CAPTURES) {
  const { frames } = capture;
  testOn(capture, 'two radios count each frame once, each device seen by both, the second copy counted as duplicates', async () => {
    const one = await replay(capture, ['radio-a']);
    const single = devices(one);
    const singleAlerts = one.svc.alerts.all().map((alert) => alert.header).sort();
    if (capture.raisesAlerts) assert.ok(singleAlerts.length > 0, 'the capture raises alerts');
    assert.is(one.svc.datasources.packetStats.duplicates, 0, 'one radio: no duplicates, even of frames repeated byte for byte');
    await one.close();
    assert.ok(Object.keys(single).length >= 2);

    const two = await replay(capture, ['radio-a', 'radio-b']);
    try {
      const double = devices(two);
      assert.equal(Object.keys(double).sort(), Object.keys(single).sort(), 'the same devices');
      for (const [key, counted] of Object.entries(single)) {
        const { seenby, ...counters } = double[key]!;
        const { seenby: seenOnce, ...countersOnce } = counted;
        assert.equal(counters, countersOnce, `${key}: counted as one radio counts it`);
        assert.equal(seenby, { 'radio-a': seenOnce['radio-a']!, 'radio-b': seenOnce['radio-a']! }, `${key}: seen by both radios in every frame`);
      }
      assert.is(two.svc.datasources.packetStats.duplicates, frames, 'every frame of the second copy is a duplicate');
      assert.equal(two.svc.alerts.all().map((alert) => alert.header).sort(), singleAlerts, 'the same alerts, none twice');
      const stats = (await (await two.request('/packetchain/packet_dupe.json')).json()) as Record<string, unknown>;
      const minute = stats['svc.common.rrd.minute_vec'] as number[];
      assert.is(minute.reduce((sum, value) => sum + value, 0), frames, 'the dupe record counts them');
    } finally {
      await two.close();
    }
  });
}

for (const capture of [CAPTURES[0]!, DEMO]) {
  testOn(capture, 'a capture replayed again by a source added after the first had ended is not a duplicate', async () => {
    const once = await replay(capture, ['radio-a']);
    const single = devices(once);
    try {
      const again = await once.svc.datasources.add(`${capture.path}:name=again,uuid=00000000-0000-4000-8000-000000000009`);
      await waitUntil('the second replay', () => again.numPackets === capture.frames);
      assert.is(once.svc.datasources.packetStats.duplicates, 0);
      const twice = devices(once);
      for (const [key, counted] of Object.entries(single)) assert.is(twice[key]!.total, counted.total * 2, key);
    } finally {
      await once.close();
    }
  });

  testOn(capture, 'packet_dedup_size=0 turns the filter off: two radios count every frame twice', async () => {
    const one = await replay(capture, ['radio-a']);
    const single = devices(one);
    await one.close();
    const two = await replay(capture, ['radio-a', 'radio-b'], { packet_dedup_size: '0' });
    try {
      const double = devices(two);
      assert.is(two.svc.datasources.packetStats.duplicates, 0);
      for (const [key, counted] of Object.entries(single)) assert.is(double[key]!.total, counted.total * 2, key);
    } finally {
      await two.close();
    }
  });
}

test.run();
