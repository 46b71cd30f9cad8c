/**
 * The 802.11 sub-record's compact state, with real devices: every device of svc's demo scene
 * and of three shared captures (WPA handshakes, WPS, probes, stations) packs and reads back
 * to the same `dot11.device` record, and damaged states (cut short, bytes changed) read back as
 * a sub-record or are refused with SVC_ERR_BAD_STATE, never another exception. Whole restarts
 * through the snapshot are checked in restore.test.ts.
 */
import { readFileSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createLogger, StateReader, StateWriter } from '@svc/core';
import { createTestService, fuzzState, projectDataPath, realDataPath, realDataTest, seededRandom, waitUntil } from '@svc/core/testing';
import dot11Plugin from '../index.js';
import { Dot11Device } from './dot11-device.js';
import { dot11ComponentState } from './dot11-state.js';

const quiet = createLogger({ write: () => {} });
const CAPTURES = ['aircrack-ng_test1.pcap', 'wifite2_contains_wps_network.cap', 'aircrack-ng_zn2i.pcap'];
/** Parts of the sub-record each set of captures exercised, by set. */
const seen = { real: new Set<string>(), demo: new Set<string>() };
const EVERY_PART = ['WPS', 'handshake frames', 'probe responses', 'probes', 'stations'];

/** The 802.11 sub-records of every device the capture (with its tshark reference beside it) makes. */
async function subRecords(capture: string): Promise<Dot11Device[]> {
  const t = await createTestService({ plugins: [dot11Plugin], log: quiet });
  try {
    await t.svc.start();
    const source = await t.svc.datasources.add(capture);
    const frames = JSON.parse(readFileSync(capture.replace(/\.(pcap|cap)$/, '.tshark.json'), 'utf8')).frames_total as number;
    await waitUntil(`${capture} replayed`, () => source.numPackets === frames);
    return [...t.svc.devices.devices()].flatMap((device) => (device.components.dot11 ? [device.components.dot11] : []));
  } finally {
    await t.close();
  }
}

function stateOf(dot11: Dot11Device): Buffer {
  const writer = new StateWriter();
  dot11ComponentState.write(dot11, writer);
  return writer.take();
}

/** Every sub-record of `capture` packs and reads back whole; damaged states are refused cleanly. Notes the parts exercised in `parts`. */
async function roundTrips(capture: string, parts: Set<string>, seed: number) {
  const records = await subRecords(capture);
  assert.ok(records.length > 0);
  const random = seededRandom(seed);
  let refused = 0;
  for (const dot11 of records) {
    const state = stateOf(dot11);
    const reader = new StateReader(state);
    const back = dot11ComponentState.read(reader, undefined as never) as Dot11Device;
    reader.end();
    assert.equal(back.toRecord(), dot11.toRecord());
    if (dot11.handshakes?.some((message) => message.frame)) parts.add('handshake frames');
    if (dot11.advertised?.some((ssid) => ssid.wps)) parts.add('WPS');
    if (dot11.probed) parts.add('probes');
    if (dot11.associated) parts.add('stations');
    if (dot11.responded) parts.add('probe responses');
    refused += fuzzState(state, (damaged) => dot11ComponentState.read(damaged, undefined as never), 40, random);
  }
  assert.ok(refused > records.length * 20, `${refused} of ${records.length * 40} damaged states refused`);
}

const ROUND_TRIP = 'every sub-record packs and reads back whole; damaged states are refused cleanly';
for (const name of CAPTURES) {
  realDataTest(test, `${name}: ${ROUND_TRIP}`, [`dot11/${name}`, `dot11/${name.replace(/\.(pcap|cap)$/, '.tshark.json')}`], () => roundTrips(realDataPath('dot11', name), seen.real, name.length));
}
test(`svc-demo-scene.pcap: ${ROUND_TRIP}`, () => roundTrips(projectDataPath('dot11', 'svc-demo-scene.pcap'), seen.demo, 7));

realDataTest(test, 'the three real captures together exercise every part of the sub-record', CAPTURES.map((name) => `dot11/${name}`), () => {
  assert.equal([...seen.real].sort(), EVERY_PART);
});
test('the demo scene alone exercises every part of the sub-record', () => {
  assert.equal([...seen.demo].sort(), EVERY_PART);
});

test.run();
