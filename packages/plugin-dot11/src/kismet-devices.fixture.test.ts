/**
 * svc side by side with Kismet 2025-09-R1 on every real capture of the shared data set: each is
 * replayed by a `pcapfile` source into a test service, and the Wi-Fi devices read back through
 * the REST API are compared with the devices Kismet tracked reading the same file
 * (`X.kismet-devices.json`), in both directions: no device missing, none extra, each with
 * Kismet's type, name and channel. Where svc differs on purpose, or where Kismet's list does not
 * follow from its own code, the difference is listed below, device by device, with the reason
 * (docs/kismet-differences.md explains each); the test fails on any other difference, and on a listed
 * one that no longer happens.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { createLogger } from '@svc/core';
import { createTestService, realDataFiles, realDataPath, realDataTest, waitUntil, type TestService } from '@svc/core/testing';
import dot11Plugin, { DOT11_PHY_NAME } from './index.js';

/** One device in Kismet's list. */
interface KismetDevice {
  macaddr: string;
  type: string;
  name: string;
  channel: string;
}

/** What can differ between Kismet's device and svc's. */
type Field = 'missing' | 'extra' | 'type' | 'name' | 'channel';

/** One difference: the device, the field, Kismet's value and svc's ('' for a device one side lacks). */
interface Difference {
  mac: string;
  field: Field;
  kismet: string;
  svc: string;
}

const captures = realDataFiles('dot11', /\.(pcap|cap)$/);
const kismetList = (name: string) => `dot11/${name.replace(/\.(pcap|cap)$/, '.kismet-devices.json')}`;

/**
 * Kismet replayed this capture at full speed and its packet queue passed `packet_backlog_limit`
 * (8192): it dropped every frame after the 8633rd (replaying frames 1-8633 gives its whole list).
 */
const DROPPED_TAIL = 'Kismet dropped frames 8634-10000 (packet backlog limit)';
/**
 * Kismet's list shows a frame handled before an earlier one (its full-speed replay does not keep
 * file order); svc reads in order and follows phy_80211.cc.
 */
const OUT_OF_ORDER = 'Kismet handled frames out of file order';
/**
 * Kismet drops a frame identical to one of the last 1024 (its packet chain's duplicate filter),
 * even from the same source; svc's filter compares frames of different sources only.
 */
const DUPLICATE = 'Kismet ignored a repeat of an identical earlier frame';

/** The known differences per capture, each with its reason. */
const EXCEPTIONS: Record<string, (Difference & { why: string })[]> = {
  'aircrack-ng_test1.pcap': [
    { mac: '98:FF:D0:74:83:6D', field: 'type', kismet: 'Wi-Fi Client', svc: 'Wi-Fi Ad-Hoc', why: OUT_OF_ORDER },
    { mac: 'F4:EC:38:A6:2F:EA', field: 'type', kismet: 'Wi-Fi Ad-Hoc', svc: 'Wi-Fi AP', why: DUPLICATE },
  ],
  'synthetic_radiotap_10k_seed1.pcap': [
    { mac: '00:1B:63:FB:08:51', field: 'channel', kismet: '', svc: '149', why: DROPPED_TAIL },
    { mac: '00:1D:7E:41:43:C4', field: 'type', kismet: 'Wi-Fi Device', svc: 'Wi-Fi Client', why: DROPPED_TAIL },
    { mac: '06:11:AD:AA:09:04', field: 'extra', kismet: '', svc: 'Wi-Fi Client', why: DROPPED_TAIL },
    { mac: '14:CC:20:98:4A:1A', field: 'channel', kismet: '11', svc: '161', why: OUT_OF_ORDER },
    { mac: '1A:57:73:E0:96:D8', field: 'type', kismet: 'Wi-Fi Device', svc: 'Wi-Fi Client', why: DROPPED_TAIL },
    { mac: '1A:57:73:E0:96:D8', field: 'channel', kismet: '', svc: '4', why: DROPPED_TAIL },
    { mac: '2E:CC:CB:33:35:BA', field: 'channel', kismet: '157', svc: '5', why: OUT_OF_ORDER },
    { mac: '4A:FC:3B:B8:84:9E', field: 'channel', kismet: '', svc: '56', why: DROPPED_TAIL },
    { mac: '50:C7:BF:58:14:A0', field: 'type', kismet: 'Wi-Fi Device', svc: 'Wi-Fi Client', why: DROPPED_TAIL },
    { mac: '50:C7:BF:87:16:30', field: 'channel', kismet: '', svc: '1', why: DROPPED_TAIL },
    { mac: '52:42:95:18:22:6F', field: 'extra', kismet: '', svc: 'Wi-Fi Client', why: DROPPED_TAIL },
    { mac: '62:9B:C2:99:0B:88', field: 'type', kismet: 'Wi-Fi Device', svc: 'Wi-Fi Client', why: DROPPED_TAIL },
    { mac: '66:88:E9:43:F2:5A', field: 'type', kismet: 'Wi-Fi Device', svc: 'Wi-Fi Client', why: DROPPED_TAIL },
    { mac: '66:88:E9:43:F2:5A', field: 'channel', kismet: '', svc: '4', why: DROPPED_TAIL },
    { mac: '72:54:04:C5:C0:17', field: 'channel', kismet: '60', svc: '13', why: OUT_OF_ORDER },
    { mac: '7E:7F:92:D8:77:4C', field: 'type', kismet: 'Wi-Fi Device', svc: 'Wi-Fi Client', why: DROPPED_TAIL },
    { mac: '7E:7F:92:D8:77:4C', field: 'channel', kismet: '', svc: '4', why: DROPPED_TAIL },
    { mac: '80:2A:A8:F5:8D:1A', field: 'channel', kismet: '', svc: '6', why: DROPPED_TAIL },
    { mac: '86:CF:99:F0:CF:F9', field: 'channel', kismet: '8', svc: '149', why: OUT_OF_ORDER },
    { mac: '8A:21:7F:06:42:D3', field: 'type', kismet: 'Wi-Fi Device', svc: 'Wi-Fi Client', why: DROPPED_TAIL },
    { mac: 'A0:04:60:54:0B:86', field: 'channel', kismet: '', svc: '64', why: DROPPED_TAIL },
    { mac: 'A0:04:60:AF:27:DC', field: 'channel', kismet: '', svc: '100', why: DROPPED_TAIL },
    { mac: 'B4:FB:E4:76:D4:A8', field: 'channel', kismet: '', svc: '11', why: DROPPED_TAIL },
    { mac: 'DE:1A:B3:E5:4A:DB', field: 'channel', kismet: '11', svc: '1', why: OUT_OF_ORDER },
    { mac: 'E2:4C:76:16:92:B0', field: 'channel', kismet: '', svc: '11', why: DROPPED_TAIL },
    { mac: 'E8:94:F6:1F:A8:D6', field: 'type', kismet: 'Wi-Fi Device', svc: 'Wi-Fi Client', why: DROPPED_TAIL },
    { mac: 'E8:94:F6:1F:A8:D6', field: 'channel', kismet: '', svc: '13', why: DROPPED_TAIL },
    { mac: 'E8:94:F6:A9:EA:0E', field: 'name', kismet: 'iot-fast-365', svc: 'E8:94:F6:A9:EA:0E', why: OUT_OF_ORDER },
    { mac: 'E8:94:F6:E1:51:EC', field: 'channel', kismet: '6', svc: '1', why: OUT_OF_ORDER },
  ],
};

/** svc's devices compared with Kismet's, difference by difference, sorted. */
function compare(kismet: readonly KismetDevice[], svc: readonly Record<string, any>[]): Difference[] {
  const differences: Difference[] = [];
  const mine = new Map(svc.map((device) => [device['svc.device.base.macaddr'] as string, device]));
  const theirs = new Map(kismet.map((device) => [device.macaddr, device]));
  for (const [mac, reference] of theirs) {
    const device = mine.get(mac);
    if (!device) {
      differences.push({ mac, field: 'missing', kismet: reference.type, svc: '' });
      continue;
    }
    for (const [field, ours] of [
      ['type', device['svc.device.base.type']],
      ['name', device['svc.device.base.name']],
      ['channel', device['svc.device.base.channel']],
    ] as const) {
      if (ours !== reference[field]) differences.push({ mac, field, kismet: reference[field], svc: ours });
    }
  }
  for (const [mac, device] of mine) if (!theirs.has(mac)) differences.push({ mac, field: 'extra', kismet: '', svc: device['svc.device.base.type'] });
  return sortDifferences(differences);
}

function sortDifferences<T extends Difference>(differences: T[]): T[] {
  return differences.sort((a, b) => a.mac.localeCompare(b.mac) || a.field.localeCompare(b.field));
}

let t: TestService;
test.before.each(async () => {
  t = await createTestService({ plugins: [dot11Plugin], log: createLogger({ write: () => {} }) });
});
test.after.each(() => t.close());

realDataTest(test, 'every capture has its Kismet list, and every listed exception names a capture', captures.map(kismetList), () => {
  assert.ok(captures.length >= 11);
  for (const name of captures) assert.ok(readFileSync(realDataPath(kismetList(name))), name);
  for (const name of Object.keys(EXCEPTIONS)) assert.ok(captures.includes(name), name);
});

for (const name of captures) {
  realDataTest(test, `${name}: the Wi-Fi devices, types, names and channels are Kismet's, but for the listed exceptions`, [`dot11/${name}`, kismetList(name)], async () => {
    const path = realDataPath('dot11', name);
    const reference = JSON.parse(readFileSync(realDataPath(kismetList(name)), 'utf8')) as { packets_processed: number; devices: KismetDevice[] };
    const source = await t.svc.datasources.add(`${path}:name=${name}`);
    await waitUntil(`every frame of ${name} is read`, () => source.numPackets >= reference.packets_processed, { timeoutMs: 20_000 });
    const response = await t.request(`/devices/views/seenby-${source.uuid}/devices.json`);
    assert.is(response.status, 200);
    const mine = ((await response.json()) as Record<string, any>[]).filter((device) => device['svc.device.base.phyname'] === DOT11_PHY_NAME);
    const expected = sortDifferences((EXCEPTIONS[name] ?? []).map(({ why: _why, ...difference }) => difference));
    assert.equal(compare(reference.devices, mine), expected);
  });
}

test.run();
