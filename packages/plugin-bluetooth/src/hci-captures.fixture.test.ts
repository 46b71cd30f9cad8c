/**
 * svc beside tshark 4.0.17 on every real Bluetooth capture of the shared data set (btsnoop
 * logs, pcap and pcapng with HCI link types 187 and 201, an Ubertooth LE pcapng): each is
 * replayed by the source `-c FILE` picks into a test service, and the devices read back through
 * the REST API are compared with the devices tshark's dissection lists (`X.tshark.json`, made by
 * the data set's make-bt-reference.py): every device tshark lists is there, in the PHY of its
 * transport, with the same address, name, class of device, company ids and RSSI (lowest, highest, last),
 * and no other. Where
 * svc differs on purpose, the difference is listed below with the reason; the test fails on any
 * other difference, and on a listed one that no longer happens.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { createLogger } from '@svc/core';
import { createTestService, realDataFiles, realDataPath, realDataTest, waitUntil, type TestService } from '@svc/core/testing';
import dot11Plugin from '@svc/plugin-dot11';
import bluetoothPlugin, { BLUETOOTH_PHY_NAME, BTLE_PHY_NAME } from './index.js';

/** One device of a tshark reference. */
interface ReferenceDevice {
  address: string;
  transport: 'br_edr' | 'le';
  names: { name: string; source: string }[];
  class_of_device: string[];
  company_ids: { id: number }[];
  rssi_min: number | null;
  rssi_max: number | null;
  rssi_last: number | null;
}

interface Reference {
  frames_total: number;
  devices: ReferenceDevice[];
}

const captures = realDataFiles('bluetooth', /\.(log|pcap|pcapng)$/);
const referenceOf = (name: string) => `bluetooth/${name.replace(/\.(log|pcap|pcapng)$/, '.tshark.json')}`;

/** Why svc reads more than tshark from an event that carries a malformed report. */
const LOST_REPORT =
  "tshark stops at a malformed AD structure and drops the rest of the event; svc reads the next report on its own (the data set's README gives these lost scan responses from a manual decode)";
/** Why svc lists devices tshark's reference leaves out. */
const SCANNER = 'SCAN_REQ and CONNECT_IND come from a scanner or an initiator, which svc tracks as a device (it is on the air); the reference lists advertisers only';

/** Why svc's signal differs from tshark's on an Ubertooth capture. */
const SIGNAL_NOT_VALID = "25 of the advertiser's 42 packets have a pseudo-header whose flags say the signal is not valid; tshark's PDML shows their 0 dBm, svc records no signal from them";
/** The lines the lost reports of bertrandmartel's capture give. */
const FLOWER_POWER = {
  "a0:14:3d:0c:cd:2b named 'Flower power CD2B', tshark: []": LOST_REPORT,
  "a0:14:3d:0c:fa:fd named 'Flower power FAFD', tshark: []": LOST_REPORT,
  'a0:14:3d:0c:cd:2b RSSI min/max/last [-71,-69,-71], tshark: [null,null,null]': LOST_REPORT,
  'a0:14:3d:0c:fa:fd RSSI min/max/last [-70,-69,-69], tshark: [null,null,null]': LOST_REPORT,
};

/** Where svc differs from tshark's list, per capture: the problem line the test would report, with the reason. */
const EXPECTED: Record<string, Record<string, string>> = {
  'bertrandmartel_btsnoop_hci.log': FLOWER_POWER,
  'bertrandmartel_btsnoop_hci.dlt187.pcap': FLOWER_POWER,
  'crackle_le_secure_connections.pcapng': {
    "BTLE 14:F5:DE:F0:B2:0C is not in tshark's list": SCANNER,
    "BTLE 5C:F3:70:73:3E:F4 is not in tshark's list": SCANNER,
    '7d:43:82:42:23:16 RSSI min/max/last [-5,-5,-5], tshark: [-5,0,0]': SIGNAL_NOT_VALID,
  },
};

let t: TestService;
test.before.each(async () => {
  t = await createTestService({ plugins: [dot11Plugin, bluetoothPlugin], log: createLogger({ write: () => {} }) });
});
test.after.each(() => t.close());

realDataTest(test, 'every capture has its tshark reference', captures.map(referenceOf), () => {
  assert.ok(captures.length >= 11, `${captures.length} captures`);
});

for (const name of captures) {
  realDataTest(test, `${name}: every device tshark lists, with its address, name, class, company ids and RSSI`, [`bluetooth/${name}`, referenceOf(name)], async () => {
    const reference = JSON.parse(readFileSync(realDataPath(referenceOf(name)), 'utf8')) as Reference;
    const source = await t.svc.datasources.add(`${realDataPath('bluetooth', name)}:name=${name}`);
    await waitUntil(`every frame of ${name} is read`, () => source.numPackets >= reference.frames_total, { timeoutMs: 30_000 });
    const response = await t.request(`/devices/views/seenby-${source.uuid}/devices.json`);
    assert.is(response.status, 200);
    const mine = new Map(((await response.json()) as Record<string, any>[]).map((device) => [`${device['svc.device.base.phyname']} ${device['svc.device.base.macaddr']}`, device]));
    const problems: string[] = [];
    for (const expected of reference.devices) {
      const phy = expected.transport === 'le' ? BTLE_PHY_NAME : BLUETOOTH_PHY_NAME;
      const device = mine.get(`${phy} ${expected.address.toUpperCase()}`);
      if (device === undefined) {
        problems.push(`${expected.address} (${phy}) missing`);
        continue;
      }
      mine.delete(`${phy} ${expected.address.toUpperCase()}`);
      const names = expected.names.map((entry) => entry.name);
      const ours = device['svc.device.base.name'] as string;
      if (names.length === 0 ? ours !== '' : !names.includes(ours)) problems.push(`${expected.address} named '${ours}', tshark: ${JSON.stringify(names)}`);
      const sub = phy === BTLE_PHY_NAME ? device['btle.device'] : device['bluetooth.device'];
      const companies = (phy === BTLE_PHY_NAME ? sub['btle.device.company_ids'] : sub['bluetooth.device.company_ids']) as number[];
      const theirs = [...new Set(expected.company_ids.map((entry) => entry.id))].sort();
      if (JSON.stringify([...companies].sort()) !== JSON.stringify(theirs)) problems.push(`${expected.address} company ids ${JSON.stringify(companies)}, tshark: ${JSON.stringify(theirs)}`);
      const signal = device['svc.device.base.signal'] as Record<string, number> | undefined;
      const rssi = signal === undefined ? [null, null, null] : [signal['svc.common.signal.min_signal'], signal['svc.common.signal.max_signal'], signal['svc.common.signal.last_signal']];
      if (JSON.stringify(rssi) !== JSON.stringify([expected.rssi_min, expected.rssi_max, expected.rssi_last])) problems.push(`${expected.address} RSSI min/max/last ${JSON.stringify(rssi)}, tshark: ${JSON.stringify([expected.rssi_min, expected.rssi_max, expected.rssi_last])}`);
      if (expected.class_of_device.length > 0) {
        const cod = `0x${(sub['bluetooth.device.class_of_device'] as number).toString(16).padStart(6, '0')}`;
        if (cod !== expected.class_of_device.at(-1)) problems.push(`${expected.address} class ${cod}, tshark: ${expected.class_of_device.at(-1)}`);
      }
    }
    for (const key of mine.keys()) problems.push(`${key} is not in tshark's list`);
    assert.equal(problems.sort(), Object.keys(EXPECTED[name] ?? {}).sort());
  });
}

test.run();
