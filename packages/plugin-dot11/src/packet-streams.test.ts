/**
 * Kismet's live pcapng routes on a real listening server, read by real HTTP clients while a
 * capture replays (svc's demo scene, and a real capture where the shared data set is): the all-packets stream gives back every frame of the capture byte for byte
 * (read by svc's reader, by libpcap and by tshark), a datasource's stream only that source's
 * frames, a device's stream the frames tshark says the device sent or was sent, a BSSID's stream
 * (at both URLs Kismet's route answers) the frames tshark gives that BSSID; an unknown source or
 * device is a 404, a bad key or MAC a 400, and no login a 401.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger } from '@svc/core';
import { createTestService, projectDataPath, realDataPath, realDataTest, TEST_ADMIN, waitUntil } from '@svc/core/testing';
import dot11Plugin from './index.js';
import { DEMO_SCENE } from './synthetic/index.js';
import { readAll, readWithLibpcap } from './pcap/capture-readers.test-helper.js';

const auth = `Basic ${Buffer.from(`${TEST_ADMIN.user}:${TEST_ADMIN.password}`).toString('base64')}`;
const scratch = mkdtempSync(join(tmpdir(), 'svc-streams-'));

/** Frame numbers tshark shows for a display filter on a file. */
function tsharkFrames(file: string, filter?: string): number[] {
  const args = ['-r', file, '-T', 'fields', '-e', 'frame.number', ...(filter ? ['-Y', filter] : [])];
  return execFileSync('tshark', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
    .split('\n')
    .filter(Boolean)
    .map(Number);
}

/** Streams of a replay of `capture` (`frames` frames) with access point `ap`, read back by svc, libpcap and tshark. */
async function streamsReadBack(capture: string, frames: number, ap: string) {
  const t = await createTestService({ plugins: [dot11Plugin], log: createLogger({ write: () => {} }) });
  try {
    const base = (await t.svc.start()).url;
    // The device must exist before its stream opens: a first replay creates it.
    const first = await t.svc.datasources.add(`${capture}:name=first`);
    await waitUntil('the first replay', () => first.numPackets === frames);
    const apKey = [...t.svc.devices.devices()].find((device) => device.mac === parseInt(ap.replaceAll(':', ''), 16))!.key;
    const open = (path: string) => fetch(`${base}${path}`, { headers: { authorization: auth } });
    const responses = await Promise.all([
      open('/pcap/all_packets.pcapng'),
      open(`/datasource/pcap/by-uuid/${first.uuid}/packets.pcapng`),
      open(`/devices/pcap/by-key/${apKey}/packets.pcapng`),
      open(`/phy/phy80211/pcap/by-bssid/${ap.toLowerCase()}/packets.pcapng`),
      open(`/phy/phy80211/pcap/by-bssid/${ap}/packets.pcapng.pcapng`),
    ]);
    for (const response of responses) {
      assert.is(response.status, 200);
      assert.is(response.headers.get('content-type'), 'application/vnd.tcpdump.pcap');
    }
    const bodies = responses.map((response) => response.arrayBuffer());
    const second = await t.svc.datasources.add(`${capture}:name=second,uuid=5A3E0000-0000-4000-8000-000000000001`);
    await waitUntil('the second replay', () => second.numPackets === frames);
    const listed = (await (await open('/streams/all_streams.json')).json()) as Record<string, number>[];
    assert.is(listed.length, 5);
    await new Promise((resolve) => setTimeout(resolve, 400));
    for (const stream of listed) {
      const closed = await fetch(`${base}/streams/by-id/${stream['svc.stream.stream_id']}/close_stream.cmd`, { method: 'POST', headers: { authorization: auth } });
      assert.is(closed.status, 200);
    }
    const [all, firstOnly, device, bssid, kismetUrl] = (await Promise.all(bodies)).map((body, index) => {
      const path = join(scratch, `stream-${index}.pcapng`);
      writeFileSync(path, Buffer.from(body));
      return path;
    });

    const original = (await readAll(capture)).frames;
    const streamed = (await readAll(all!)).frames;
    assert.is(streamed.length, original.length, 'the all-packets stream has the second replay, frame for frame');
    streamed.forEach((frame, index) => assert.ok(frame.data.equals(original[index]!.data) && frame.tsSec === original[index]!.tsSec && frame.tsUsec === original[index]!.tsUsec, `frame ${index + 1}`));
    assert.is((await readWithLibpcap(all!)).length, original.length, 'libpcap reads it');
    assert.is(tsharkFrames(all!).length, original.length, 'tshark reads it');
    assert.is((await readAll(firstOnly!)).frames.length, 0, 'the first source sent nothing while its stream was open');
    const expected = tsharkFrames(capture, `wlan.ta == ${ap} || wlan.da == ${ap} || (!wlan.da && wlan.ra == ${ap})`);
    assert.ok(expected.length > 10);
    assert.is(tsharkFrames(device!).length, expected.length, `the device stream holds the frames tshark attributes to ${ap}`);
    const ofNetwork = tsharkFrames(capture, `wlan.bssid == ${ap}`).map((number) => original[number - 1]!);
    assert.ok(ofNetwork.length > 10);
    for (const file of [bssid!, kismetUrl!]) {
      const frames = (await readAll(file)).frames;
      assert.is(frames.length, ofNetwork.length, `the BSSID stream holds the frames tshark gives ${ap}`);
      frames.forEach((frame, index) => assert.ok(frame.data.equals(ofNetwork[index]!.data), `BSSID stream frame ${index + 1}`));
    }
  } finally {
    await t.close();
  }
}

const STREAMS = 'all packets, one source, one device: live streams read back by svc, libpcap and tshark';
realDataTest(test, `aircrack-ng_test1.pcap: ${STREAMS}`, ['dot11/aircrack-ng_test1.pcap'], () => streamsReadBack(realDataPath('dot11', 'aircrack-ng_test1.pcap'), 192, '28:10:7B:94:BB:29'));
test(`svc-demo-scene.pcap: ${STREAMS}`, () => {
  const frames = JSON.parse(readFileSync(projectDataPath('dot11', 'svc-demo-scene.tshark.json'), 'utf8')).frames_total as number;
  const withHandshake = DEMO_SCENE.networks.find((network) => network.passphrase !== undefined)!;
  return streamsReadBack(projectDataPath('dot11', 'svc-demo-scene.pcap'), frames, withHandshake.bssid.toUpperCase());
});

test('stream routes refuse: unknown source or device 404, bad key 400, no login 401, closing a stream needs admin', async () => {
  const t = await createTestService({ plugins: [dot11Plugin], log: createLogger({ write: () => {} }) });
  try {
    assert.is((await t.request('/datasource/pcap/by-uuid/5A3E0000-0000-4000-8000-0000000000FF/packets.pcapng')).status, 404);
    assert.is((await t.request('/devices/pcap/by-key/4202770D00000000_AABBCCDDEEFF/packets.pcapng')).status, 404);
    assert.is((await t.request('/devices/pcap/by-key/nonsense/packets.pcapng')).status, 400);
    assert.is((await t.request('/phy/phy80211/pcap/by-bssid/nonsense/packets.pcapng')).status, 400);
    assert.is((await t.request('/phy/phy80211/pcap/by-bssid/00:11:22:33:44:55/packets.pcapng', { auth: false })).status, 401);
    assert.is((await t.request('/pcap/all_packets.pcapng', { auth: false })).status, 401);
    assert.is((await t.request('/streams/by-id/99/close_stream.cmd', { method: 'POST' })).status, 404);
    const token = await (await t.command('/auth/apikey/generate.cmd', { name: 'reader', role: 'readonly' })).text();
    const asReader = (path: string, method = 'GET') => t.request(path, { method, headers: { cookie: `SVC=${token}` }, auth: false }).then((response) => response.status);
    assert.is(await asReader('/streams/all_streams.json'), 200);
    assert.is(await asReader('/streams/by-id/99/close_stream.cmd', 'POST'), 403);
  } finally {
    await t.close();
  }
});

test.after(() => rmSync(scratch, { recursive: true, force: true }));

test.run();
