/**
 * The whole plugin over every capture (the shared data set's real ones, svc's own demo scene
 * under each radio header and its bulk capture), compared with tshark's reference
 * (`*.tshark.json`): each file is replayed by a `pcapfile` source into a test service, and the
 * devices are read back through the REST API. The access points with networks (members of the
 * `phydot11_accesspoints` view with SSID records) must be exactly the BSSIDs of tshark's beacons
 * and probe responses, with the same SSIDs, channels and encryption; the view's other members are
 * ad-hoc stations (Kismet puts a management frame's IBSS members in it too); every device that
 * transmitted is one of tshark's transmitter addresses (not every one of those is a device: as in
 * Kismet, control frames and broken frames make none; kismet-devices.fixture.test.ts checks the
 * exact device list); frame counts must agree on the source, and its error packets must be the
 * frames tshark finds malformed or, checking FCS as Kismet does, with a bad FCS.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createLogger } from '@svc/core';
import { createTestService, waitUntil, type TestService } from '@svc/core/testing';
import dot11Plugin, { ACCESS_POINT_VIEW } from './index.js';
import { Crypt } from './device/crypt.js';
import { eachCapture, ownCaptures, realCaptures } from './fixture-captures.test-helper.js';

type DeviceRecord = Record<string, any>;

// A fresh service per capture: the same MAC in two captures must not mix their counts.
let t: TestService;
test.before.each(async () => {
  t = await createTestService({ plugins: [dot11Plugin], log: createLogger({ write: () => {} }) });
});
test.after.each(() => t.close());

async function devices(view: string): Promise<DeviceRecord[]> {
  const response = await t.request(`/devices/views/${view}/devices.json`);
  assert.is(response.status, 200);
  return (await response.json()) as DeviceRecord[];
}

/** tshark's encryption classes for one SSID record's crypt bitfield. */
function encryptionOf(set: number): string[] {
  const classes: string[] = [];
  if (set & (Crypt.VERSION_WPA2 | Crypt.VERSION_WPA3)) classes.push('RSN');
  if (set & Crypt.VERSION_WPA) classes.push('WPA');
  if (set & Crypt.WEP) classes.push('WEP');
  if ((set & ~Crypt.WPS) === 0) classes.push('OPEN');
  return classes;
}

const sorted = <T>(values: Iterable<T>) => [...new Set(values)].sort();

/** Frames tshark finds malformed or, checking FCS, with a bad FCS: svc's error packets. */
function tsharkErrorFrames(path: string): number {
  const run = spawnSync('tshark', ['-n', '-o', 'wlan.check_checksum:TRUE', '-r', path, '-Y', '_ws.malformed || wlan.fcs.status == 0', '-T', 'fields', '-e', 'frame.number'], { encoding: 'utf8', maxBuffer: 1 << 26 });
  assert.is(run.status, 0, run.stderr);
  return run.stdout.split('\n').filter(Boolean).length;
}

eachCapture(test, [...realCaptures(), ...ownCaptures({ bulk: true })], "access points and counts from the tracker equal tshark's; its transmitters are tshark's", async ({ name, path, reference: referencePath }) => {
    const reference = JSON.parse(readFileSync(referencePath, 'utf8'));
    const source = await t.svc.datasources.add(`${path}:name=${name}`);
    await waitUntil(`every frame of ${name} is read`, () => source.numPackets >= reference.frames_total, { timeoutMs: 20_000 });
    assert.is(source.numPackets, reference.frames_total, 'frames');
    const errorFrames = tsharkErrorFrames(path);
    assert.is(source.numErrorPackets, errorFrames, 'malformed frames and frames with a bad FCS are error packets on the source');

    const mine = (await devices(`seenby-${source.uuid}`)).filter((device) => device['svc.device.base.phyname'] === 'IEEE802.11');
    const transmitters = mine.filter((device) => device['svc.device.base.packets.tx_total'] > 0).map((device) => device['svc.device.base.macaddr'].toLowerCase());
    assert.ok(transmitters.length > 0, 'some device transmitted');
    assert.equal(
      transmitters.filter((mac) => !reference.transmitters.includes(mac)),
      [],
      'transmitters tshark does not know',
    );
    const errors = mine.reduce((sum, device) => sum + device['svc.device.base.packets.error'], 0);
    assert.ok(errors <= errorFrames, 'error packets on devices never exceed the error frames');

    const seen = new Set(mine.map((device) => device['svc.device.base.key']));
    const view = (await devices(ACCESS_POINT_VIEW)).filter((device) => seen.has(device['svc.device.base.key']));
    const hasNetworks = (device: DeviceRecord) => device['dot11.device']['dot11.device.num_advertised_ssids'] + device['dot11.device']['dot11.device.num_responded_ssids'] > 0;
    const accessPoints = view.filter(hasNetworks);
    for (const device of view.filter((member) => !hasNetworks(member))) {
      assert.is(device['dot11.device']['dot11.device.typeset'], 2, `${device['svc.device.base.macaddr']} is in the view as an ad-hoc station`);
    }
    const summary = Object.fromEntries(
      accessPoints.map((device) => {
        const records = [...device['dot11.device']['dot11.device.advertised_ssid_map'], ...device['dot11.device']['dot11.device.responded_ssid_map']];
        return [
          device['svc.device.base.macaddr'].toLowerCase(),
          {
            ssids: sorted(records.map((ssid) => (ssid['dot11.advertisedssid.cloaked'] && ssid['dot11.advertisedssid.ssidlen'] === 0 ? '<MISSING>' : ssid['dot11.advertisedssid.ssid']))),
            channels: sorted(records.map((ssid) => ssid['dot11.advertisedssid.channel'])),
            encryption: sorted(records.flatMap((ssid) => encryptionOf(ssid['dot11.advertisedssid.crypt_set']))),
          },
        ];
      }),
    );
    const expected = Object.fromEntries(
      Object.entries(reference.bssids as Record<string, DeviceRecord>).map(([bssid, bss]) => [
        bssid,
        {
          ssids: sorted(bss.ssids as string[]),
          channels: sorted((bss.ds_channels.length ? bss.ds_channels : bss.radio_channels).map(String)),
          encryption: sorted(bss.encryption as string[]),
        },
      ]),
    );
    assert.equal(summary, expected, 'access points');
    for (const device of accessPoints) {
      const mac = device['svc.device.base.macaddr'];
      // Named by the SSID of its newest network record, or by its MAC when that one is hidden.
      assert.ok([mac, ...summary[mac.toLowerCase()]!.ssids].includes(device['svc.device.base.name']), `${mac} is named by one of its SSIDs or its MAC`);
      assert.match(device['svc.device.base.type'], /^Wi-Fi (AP|WDS AP|Ad-Hoc)$/);
    }
});

test.run();
