/**
 * End-to-end: the ingest filter of a real `svc start` replaying a capture (tshark's reference
 * and tshark's addresses of each frame beside it), through the `/filters` routes. It runs on
 * svc's bulk capture (1 000 devices, a third of the clients on randomized MACs) and, where the
 * shared data is there, on the aircrack-ng test capture (192 frames).
 *
 * Server B starts with no rules: its first replay is the reference (every device and its
 * counts). A rule added at runtime removes its device at once, drops exactly the frames that
 * device counted in the first replay when the file is replayed again, and, once removed, lets
 * the device back with the same count. Server A starts with config rules (an access point and
 * `randomized`) and a pcapng log: the blocked devices are absent, every frame that names a
 * blocked MAC (by tshark's addresses of each frame) is dropped whole and counted on the rule of
 * its first blocked address, every other transmitter keeps the reference's transmit count less
 * its dropped frames, and the log holds every frame but the dropped ones, none naming a blocked
 * device.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { realDataTest, waitUntil } from '@svc/core/testing';
import { BULK_CAPTURE, realCapture, type Dot11Capture } from './dot11-captures.js';
import { basicAuth, startSvc, type SvcProcess } from './svc-process.js';

/** A capture, the access point a config rule blocks and the client a runtime rule blocks. */
interface FilterCase {
  readonly capture: Dot11Capture;
  readonly blockedAccessPoint: string;
  readonly runtimeClient: string;
}

const CASES: FilterCase[] = [
  // The bulk capture's first access point, and a client (on a vendor MAC) sending it data.
  { capture: BULK_CAPTURE, blockedAccessPoint: '24:A4:3C:00:00:00', runtimeClient: 'F0:18:98:00:00:82' },
  // The busiest access point of the capture (tshark lists it as a BSSID).
  { capture: realCapture('aircrack-ng_test1.pcap'), blockedAccessPoint: '28:10:7B:94:BB:29', runtimeClient: 'EC:D0:9F:05:44:B0' },
];

/** How long a replay may take on a busy machine. */
const REPLAY_WAIT_MS = 60_000;

type Device = Record<string, any>;

/** tshark's view of each frame of the capture: its type and the addresses svc checks, in order. */
function tsharkFrames(capture: string): { type: number; transmitter: string; addresses: string[] }[] {
  const fields = ['wlan.fc.type', 'wlan.ta', 'wlan.ra', 'wlan.bssid', 'wlan.sa', 'wlan.da'];
  return execFileSync('tshark', ['-r', capture, '-T', 'fields', ...fields.flatMap((field) => ['-e', field])], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => {
      const [type, ...addresses] = line.split('\t');
      return { type: Number(type), transmitter: (addresses[0] ?? '').toUpperCase(), addresses: addresses.filter(Boolean).map((mac) => mac.toUpperCase()) };
    });
}
const isRandomized = (mac: string) => (Number.parseInt(mac.slice(0, 2), 16) & 0x02) !== 0;

function client(svc: SvcProcess, capture: string, frames: number) {
  const authorization = basicAuth('svc', svc.password!);
  const call = async (path: string, body?: unknown) => {
    const response = await fetch(`${svc.url}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (response.status !== 200) throw new Error(`${path}: ${response.status} ${text}`);
    return JSON.parse(text);
  };
  const devices = async (): Promise<Map<string, Device>> => {
    const list = (await call('/devices/views/phy-IEEE802.11/devices.json', { fields: ['svc.device.base.macaddr', 'svc.device.base.packets.total', 'svc.device.base.packets.tx_total'] })) as Device[];
    return new Map(list.map((device) => [device['svc.device.base.macaddr'], device]));
  };
  const replay = async (name: string) => {
    // A file source's UUID comes from its path: each replay of the same file names its own.
    const source = await call('/datasource/add_source.cmd', { definition: `${capture}:name=${name},uuid=${randomUUID()}` });
    await waitUntil(`replay ${name} is done`, async () => {
      const sources = (await call('/datasource/all_sources.json')) as Device[];
      return sources.find((entry) => entry['svc.datasource.uuid'] === source['svc.datasource.uuid'])?.['svc.datasource.num_packets'] === frames;
    }, { timeoutMs: REPLAY_WAIT_MS, detail: svc.stderr });
  };
  return { call, devices, replay };
}

const rule = (filter: Record<string, any>, match: string) => filter['svc.ingestfilter.rules'].find((entry: any) => entry['svc.ingestfilter.rule.match'] === match);

/** Frames of a pcapng file, read here block by block (section header, interface, enhanced packet blocks), independent of svc's reader. */
function pcapngFrames(path: string): Buffer[] {
  const file = readFileSync(path);
  assert.is(file.readUInt32LE(0), 0x0a0d0d0a, 'a pcapng section header block first');
  assert.is(file.readUInt32LE(8), 0x1a2b3c4d, 'little-endian');
  const frames: Buffer[] = [];
  for (let offset = 0; offset < file.length; ) {
    const type = file.readUInt32LE(offset);
    const length = file.readUInt32LE(offset + 4);
    if (type === 6) frames.push(file.subarray(offset + 28, offset + 28 + file.readUInt32LE(offset + 20)));
    offset += length;
  }
  return frames;
}

/** The transmitter address of a radiotap-framed management or data frame; undefined for control frames and frames cut before it ends. */
function transmitterOf(frame: Buffer): string | undefined {
  const radiotap = frame.readUInt16LE(2);
  const type = (frame[radiotap]! >> 2) & 0x3;
  if ((type !== 0 && type !== 2) || frame.length < radiotap + 16) return undefined;
  return [...frame.subarray(radiotap + 10, radiotap + 16)].map((byte) => byte.toString(16).padStart(2, '0').toUpperCase()).join(':');
}

function filterSuite({ capture, blockedAccessPoint: BLOCKED_AP, runtimeClient: RUNTIME_CLIENT }: FilterCase) {
  const test = suite(capture.label);
  const it = (name: string, fn: () => Promise<void>) => realDataTest(test, name, capture.needs, fn);
  let referenceDevices: Map<string, Device>;

  it('B: a rule added at runtime removes its device at once, drops exactly its frames on the next replay, and once removed lets it back', async () => {
    const framesTotal = capture.reference.frames_total;
    const svc = await startSvc({ args: ['-n'] });
    try {
      const b = client(svc, capture.path, framesTotal);
      await b.replay('first');
      referenceDevices = await b.devices();
      for (const transmitter of capture.reference.transmitters) assert.ok(referenceDevices.has(transmitter.toUpperCase()), `tshark's transmitter ${transmitter} is tracked`);
      const expected = referenceDevices.get(RUNTIME_CLIENT)!['svc.device.base.packets.total'];
      assert.ok(expected > 1);

      const added = await b.call('/filters/ingest/add_rule.cmd', { match: RUNTIME_CLIENT.toLowerCase(), action: 'block', phy: 'IEEE802.11' });
      assert.equal([added['svc.ingestfilter.rule.kind'], added['svc.ingestfilter.rule.dropped_devices'], added['svc.ingestfilter.rule.dropped_packets']], ['mac', 1, 0]);
      assert.not.ok((await b.devices()).has(RUNTIME_CLIENT), 'removed at once');
      await b.replay('second');
      const afterSecond = await b.devices();
      assert.not.ok(afterSecond.has(RUNTIME_CLIENT));
      const filter = await b.call('/filters/ingest/filter.json');
      assert.is(rule(filter, RUNTIME_CLIENT)['svc.ingestfilter.rule.dropped_packets'], expected, 'each frame the client counted in the first replay is dropped once');
      assert.is(filter['svc.ingestfilter.dropped_packets'], expected);
      for (const [mac, device] of afterSecond) {
        if (mac === RUNTIME_CLIENT) continue;
        assert.ok(device['svc.device.base.packets.tx_total'] >= referenceDevices.get(mac)!['svc.device.base.packets.tx_total'], `${mac} keeps counting`);
      }

      await b.call('/filters/ingest/remove_rule.cmd', { match: RUNTIME_CLIENT, phy: 'IEEE802.11' });
      await b.replay('third');
      const back = (await b.devices()).get(RUNTIME_CLIENT);
      assert.ok(back, 'tracked again');
      assert.is(back['svc.device.base.packets.total'], expected, 'counted from the third replay only');
    } finally {
      assert.is(await svc.stop(), 0);
    }
  });

  it('A: config rules keep an access point and randomized MACs out of the tracker and the pcapng log; counts match the reference', async () => {
    const framesTotal = capture.reference.frames_total;
    const configDir = mkdtempSync(join(tmpdir(), 'svc-filter-e2e-'));
    writeFileSync(
      join(configDir, 'svc.conf'),
      [`ingest_filter=IEEE802.11,${BLOCKED_AP},block`, 'ingest_filter=any,randomized,block', 'log_types=pcapng', 'log_title=filtered', ''].join('\n'),
    );
    const svc = await startSvc({ configDir, args: ['--config', join(configDir, 'svc.conf'), '-c', `${capture.path}:name=filtered`] });
    let dropped = 0;
    try {
      const a = client(svc, capture.path, framesTotal);
      await waitUntil('the replay is done', async () => (await a.call('/datasource/all_sources.json'))[0]?.['svc.datasource.num_packets'] === framesTotal, { timeoutMs: REPLAY_WAIT_MS, detail: svc.stderr });
      const devices = await a.devices();
      const randomized = [...referenceDevices.keys()].filter(isRandomized);
      assert.ok(randomized.length > 0, 'the capture has a randomized MAC');
      for (const mac of [BLOCKED_AP, ...randomized]) assert.not.ok(devices.has(mac), `${mac} is not tracked`);
      // tshark's addresses of every frame say which frames the rules drop, and which rule: the first
      // blocked address in the order svc checks them (transmitter, receiver, BSSID, source, destination).
      const blocks = (mac: string) => (Number.parseInt(mac.slice(0, 2), 16) & 0x01) === 0 && (mac === BLOCKED_AP || isRandomized(mac));
      const blocked = tsharkFrames(capture.path).flatMap((frame) => {
        const first = frame.addresses.find(blocks);
        return first === undefined ? [] : [{ ...frame, rule: first === BLOCKED_AP ? BLOCKED_AP : 'randomized', mac: first }];
      });
      for (const transmitter of capture.reference.transmitters.map((mac) => mac.toUpperCase())) {
        if (blocks(transmitter)) continue;
        // svc counts no frame for the transmitter of a control frame.
        const lost = blocked.filter((frame) => frame.transmitter === transmitter && frame.type !== 1).length;
        const expected = referenceDevices.get(transmitter)!['svc.device.base.packets.tx_total'] - lost;
        assert.is(devices.get(transmitter)?.['svc.device.base.packets.tx_total'] ?? 0, expected, `${transmitter} sent its frames that name no blocked MAC`);
      }
      const filter = await a.call('/filters/ingest/filter.json');
      const byRule = (name: string) => blocked.filter((frame) => frame.rule === name);
      const ap = rule(filter, BLOCKED_AP);
      assert.equal([ap['svc.ingestfilter.rule.origin'], ap['svc.ingestfilter.rule.phy'], ap['svc.ingestfilter.rule.dropped_devices']], ['config', 'IEEE802.11', 1]);
      assert.is(ap['svc.ingestfilter.rule.dropped_packets'], byRule(BLOCKED_AP).length, 'the frames naming the access point first');
      const random = rule(filter, 'randomized');
      assert.is(random['svc.ingestfilter.rule.dropped_devices'], new Set(byRule('randomized').map((frame) => frame.mac)).size);
      assert.is(random['svc.ingestfilter.rule.dropped_packets'], byRule('randomized').length);
      dropped = filter['svc.ingestfilter.dropped_packets'];
      assert.is(dropped, blocked.length, 'every frame naming a blocked MAC is dropped whole');
      // Config rules are the config's: the API refuses to change them.
      const refused = await fetch(`${svc.url}/filters/ingest/remove_rule.cmd`, { method: 'POST', headers: { authorization: basicAuth('svc', svc.password!), 'content-type': 'application/json' }, body: JSON.stringify({ match: 'randomized' }) });
      assert.is(refused.status, 409);
    } finally {
      assert.is(await svc.stop(), 0);
    }
    const logs = readdirSync(join(configDir, 'logs')).filter((name) => name.endsWith('.pcapng'));
    assert.is(logs.length, 1, logs.join(', '));
    const frames = pcapngFrames(join(configDir, 'logs', logs[0]!));
    assert.is(frames.length, framesTotal - dropped, 'every frame but the dropped ones is logged');
    const senders = new Set(frames.map(transmitterOf).filter((mac) => mac !== undefined));
    assert.not.ok(senders.has(BLOCKED_AP), 'no frame of the blocked access point is logged');
    for (const mac of senders) assert.not.ok(isRandomized(mac!), `no frame of ${mac} is logged`);
    assert.ok(senders.size >= 5, 'the other transmitters are');
  });

  return test;
}

for (const entry of CASES) filterSuite(entry).run();
