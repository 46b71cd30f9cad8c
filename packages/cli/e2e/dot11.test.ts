/**
 * 802.11 end to end: `svc start -c <capture>:name=t` as a real process replays a shared capture
 * through the first-party dot11 plugin, and a client finds its access points over REST (views,
 * device lists, one device by key) and over the device monitor websocket, as tshark saw them.
 * As in Kismet, the access point view also holds the stations a management frame's IBSS bit
 * made ad-hoc (Kismet reads it in association frames too, from an element's byte).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import WebSocket from 'ws';
import { testDataPath, waitUntil } from '@svc/core/testing';
import { adminGet, demoSourceOfNpmStart, startSvc, waitForFirstSource, type SvcProcess } from './svc-process.js';

const capture = testDataPath('dot11', 'aircrack-ng_test1.pcap');
const reference = JSON.parse(readFileSync(capture.replace(/\.pcap$/, '.tshark.json'), 'utf8'));
const networks = Object.keys(reference.bssids).map((mac) => mac.toUpperCase()).sort();
/** The three stations of this capture in Kismet's access point view as ad-hoc (its kismetdb log of the capture lists the same). */
const ADHOC_STATIONS = ['1C:CD:E5:57:56:2A', '98:FF:D0:74:83:6D', 'F4:EC:38:A6:2F:EA'];
const expectedAccessPoints = [...networks, ...ADHOC_STATIONS].sort();

let svc: SvcProcess;
let get: (path: string) => Promise<any>;

test.before(async () => {
  svc = await startSvc({ args: ['-c', `${capture}:name=t`] });
  get = adminGet(svc);
  await waitForFirstSource(svc, reference.frames_total);
});
test.after(async () => {
  await svc.stop();
});

test('all_views.json lists the access point view with tshark\'s number of BSSIDs and the ad-hoc stations', async () => {
  const views = await get('/devices/views/all_views.json');
  const accessPoints = views.find((view: any) => view['svc.devices.view.id'] === 'phydot11_accesspoints');
  assert.ok(accessPoints, JSON.stringify(views.map((view: any) => view['svc.devices.view.id'])));
  assert.is(accessPoints['svc.devices.view.size'], expectedAccessPoints.length);
  assert.is(accessPoints['svc.devices.view.description'], 'IEEE802.11 Access Points');
});

test('the access point view lists the BSSIDs with their SSIDs, channels and encryption, and the ad-hoc stations', async () => {
  const devices = await get('/devices/views/phydot11_accesspoints/devices.json');
  assert.equal(devices.map((device: any) => device['svc.device.base.macaddr']).sort(), expectedAccessPoints);
  for (const device of devices) {
    const bss = reference.bssids[device['svc.device.base.macaddr'].toLowerCase()];
    if (!bss) {
      // In the view by the ad-hoc bit alone, with no network of its own.
      assert.is(device['dot11.device']['dot11.device.typeset'], 2);
      assert.is(device['dot11.device']['dot11.device.num_advertised_ssids'] + device['dot11.device']['dot11.device.num_responded_ssids'], 0);
      continue;
    }
    assert.is(device['svc.device.base.phyname'], 'IEEE802.11');
    assert.is(device['svc.device.base.type'], 'Wi-Fi AP');
    assert.is(device['svc.device.base.name'], bss.ssids[0]);
    assert.is(device['svc.device.base.channel'], String(bss.ds_channels[0]));
    assert.match(device['svc.device.base.crypt'], bss.encryption.includes('RSN') ? /WPA2/ : /^(WPA|WEP|Open)/);
  }
});

test('a device by key carries the dot11 sub-record; the PHY view counts every transmitter', async () => {
  const [first] = await get('/devices/views/phydot11_accesspoints/devices.json');
  const device = await get(`/devices/by-key/${first['svc.device.base.key']}/device.json`);
  const ssids = [...device['dot11.device']['dot11.device.advertised_ssid_map'], ...device['dot11.device']['dot11.device.responded_ssid_map']];
  assert.ok(ssids.some((ssid: any) => ssid['dot11.advertisedssid.ssid'] === first['svc.device.base.name']));
  const all = await get('/devices/views/phy-IEEE802.11/devices.json');
  const transmitters = all.filter((d: any) => d['svc.device.base.packets.tx_total'] > 0).map((d: any) => d['svc.device.base.macaddr'].toLowerCase()).sort();
  assert.equal(transmitters, reference.transmitters);
});

test('the device monitor websocket streams the access points with the fields asked for', async () => {
  const socket = new WebSocket(`${svc.url.replace('http', 'ws')}/devices/views/phydot11_accesspoints/monitor.ws?user=svc&password=${encodeURIComponent(svc.password!)}`);
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  const received: any[] = [];
  socket.on('message', (data) => received.push(JSON.parse(String(data))));
  socket.send(JSON.stringify({ monitor: '*', request: 1, rate: 0.2, fields: ['svc.device.base.macaddr', 'svc.device.base.name'] }));
  await waitUntil('every access point is pushed', () => received.length >= expectedAccessPoints.length, { timeoutMs: 5_000, intervalMs: 50 });
  socket.close();
  assert.equal(received.map((record) => record['svc.device.base.macaddr']).sort(), expectedAccessPoints);
  assert.equal(Object.keys(received[0]).sort(), ['svc.device.base.macaddr', 'svc.device.base.name']);
});

test('the demo npm start replays shows what the README says: the NETGEAR access point and the station probing for it', async () => {
  const demoSource = demoSourceOfNpmStart();
  const demoSvc = await startSvc({ args: ['-c', demoSource] });
  try {
    const demoGet = adminGet(demoSvc);
    let accessPoints: any[] = [];
    await waitUntil('the demo access point shows', async () => (accessPoints = await demoGet('/devices/views/phydot11_accesspoints/devices.json')).length > 0, { intervalMs: 50 });
    assert.equal(accessPoints.map((device) => [device['svc.device.base.macaddr'], device['svc.device.base.name'], device['svc.device.base.channel'], device['svc.device.base.crypt']]), [['00:1F:33:45:28:A0', 'NETGEAR', '6', 'Open']]);
    // Kismet tracks the same two devices in this capture (an AP and a client, by MAC and type).
    const devices: any[] = await demoGet('/devices/views/all/devices.json');
    assert.equal(
      devices.map((device) => [device['svc.device.base.macaddr'], device['svc.device.base.type'], device['svc.device.base.manuf']]).sort(),
      [
        ['00:1F:33:45:28:A0', 'Wi-Fi AP', 'NETGEAR'],
        ['00:23:4D:5B:F8:8B', 'Wi-Fi Client', 'Hon Hai Precision Ind. Co.,Ltd.'],
      ],
    );
  } finally {
    await demoSvc.stop();
  }
});

test.run();
