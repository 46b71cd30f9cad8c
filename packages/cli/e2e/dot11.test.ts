/**
 * 802.11 end to end: `svc start -c <capture>:name=t` as a real process replays a capture through
 * the first-party dot11 plugin, and a client finds its access points over REST (views, device
 * lists, one device by key) and over the device monitor websocket, as tshark saw them. It runs
 * on svc's demo scene (checked also against the scene's own networks: name, type, channel and
 * encryption of each) and, where the shared data is there, on a real capture. As in Kismet,
 * the access point view also holds the stations a management frame's IBSS bit made ad-hoc
 * (Kismet reads it in association frames too, from an element's byte). Last, the demo
 * `npm start` replays shows its capture's access points as tshark lists them.
 */
import { suite, test } from 'uvu';
import * as assert from 'uvu/assert';
import WebSocket from 'ws';
import { hasRealData, realDataTest, waitUntil } from '@svc/core/testing';
import { DEMO_SCENE, type SceneSecurity } from '@svc/plugin-dot11/synthetic';
import { DEMO_SCENE_CAPTURE, networkName, NPM_START_CAPTURE, realCapture, type Dot11Capture, type TsharkReference } from './dot11-captures.js';
import { adminGet, demoSourceOfNpmStart, startSvc, waitForFirstSource, type SvcProcess } from './svc-process.js';

type Bss = TsharkReference['bssids'][string];

/** The encryption Kismet's crypt string names for each security of svc's scenes. */
const SCENE_CRYPT: Record<SceneSecurity, string> = {
  open: 'Open',
  wep: 'WEP',
  'wpa-tkip': 'WPA-PSK',
  'wpa2-psk': 'WPA2-PSK',
  'wpa3-sae': 'WPA3-SAE',
  'wpa2-wpa3': 'WPA2-PSK WPA3-SAE',
};

/** One capture's suite: the capture, the ad-hoc stations the view holds besides tshark's BSSIDs, and what each access point must show. */
interface Dot11Case {
  readonly capture: Dot11Capture;
  readonly adhocStations: readonly string[];
  checkAccessPoint(device: Record<string, any>, bss: Bss): void;
}

const CASES: Dot11Case[] = [
  {
    capture: DEMO_SCENE_CAPTURE,
    adhocStations: [],
    checkAccessPoint(device, bss) {
      const network = DEMO_SCENE.networks.find((entry) => entry.bssid.toUpperCase() === device['svc.device.base.macaddr'])!;
      assert.ok(network, 'a network of the scene');
      assert.is(device['svc.device.base.name'], network.ssid, 'named after its SSID, even when its beacons hide it');
      assert.is(device['svc.device.base.name'], networkName(bss), "tshark's SSID");
      assert.is(device['svc.device.base.type'], network.adhoc ? 'Wi-Fi Ad-Hoc' : 'Wi-Fi AP');
      assert.is(device['svc.device.base.channel'], String(network.channel));
      assert.is(device['svc.device.base.channel'], String(bss.ds_channels[0]), "tshark's DS channel");
      assert.is(device['svc.device.base.crypt'], SCENE_CRYPT[network.security]);
    },
  },
  {
    capture: realCapture('aircrack-ng_test1.pcap'),
    /** The three stations of this capture in Kismet's access point view as ad-hoc (its kismetdb log of the capture lists the same). */
    adhocStations: ['1C:CD:E5:57:56:2A', '98:FF:D0:74:83:6D', 'F4:EC:38:A6:2F:EA'],
    checkAccessPoint(device, bss) {
      assert.is(device['svc.device.base.type'], 'Wi-Fi AP');
      assert.is(device['svc.device.base.name'], bss.ssids[0]);
      assert.is(device['svc.device.base.channel'], String(bss.ds_channels[0]));
      assert.match(device['svc.device.base.crypt'], bss.encryption.includes('RSN') ? /WPA2/ : /^(WPA|WEP|Open)/);
    },
  },
];

function dot11Suite({ capture, adhocStations, checkAccessPoint }: Dot11Case) {
  const test = suite(capture.label);
  const it = (name: string, fn: () => Promise<void>) => realDataTest(test, name, capture.needs, fn);
  let svc: SvcProcess | undefined;
  let get: (path: string) => Promise<any>;
  let expectedAccessPoints: string[];

  test.before(async () => {
    if (!hasRealData(capture.needs)) return;
    const networks = Object.keys(capture.reference.bssids).map((mac) => mac.toUpperCase());
    expectedAccessPoints = [...networks, ...adhocStations].sort();
    svc = await startSvc({ args: ['-c', `${capture.path}:name=t`] });
    get = adminGet(svc);
    await waitForFirstSource(svc, capture.reference.frames_total);
  });
  test.after(async () => {
    await svc?.stop();
  });

  it("all_views.json lists the access point view with tshark's number of BSSIDs and the ad-hoc stations", async () => {
    const views = await get('/devices/views/all_views.json');
    const accessPoints = views.find((view: any) => view['svc.devices.view.id'] === 'phydot11_accesspoints');
    assert.ok(accessPoints, JSON.stringify(views.map((view: any) => view['svc.devices.view.id'])));
    assert.is(accessPoints['svc.devices.view.size'], expectedAccessPoints.length);
    assert.is(accessPoints['svc.devices.view.description'], 'IEEE802.11 Access Points');
  });

  it('the access point view lists the BSSIDs with their SSIDs, channels and encryption, and the ad-hoc stations', async () => {
    const devices = await get('/devices/views/phydot11_accesspoints/devices.json');
    assert.equal(devices.map((device: any) => device['svc.device.base.macaddr']).sort(), expectedAccessPoints);
    for (const device of devices) {
      const bss = capture.reference.bssids[device['svc.device.base.macaddr'].toLowerCase()];
      if (!bss) {
        // In the view by the ad-hoc bit alone, with no network of its own.
        assert.is(device['dot11.device']['dot11.device.typeset'], 2);
        assert.is(device['dot11.device']['dot11.device.num_advertised_ssids'] + device['dot11.device']['dot11.device.num_responded_ssids'], 0);
        continue;
      }
      assert.is(device['svc.device.base.phyname'], 'IEEE802.11');
      checkAccessPoint(device, bss);
    }
  });

  it('a device by key carries the dot11 sub-record; the PHY view counts every transmitter', async () => {
    const [first] = await get('/devices/views/phydot11_accesspoints/devices.json');
    const device = await get(`/devices/by-key/${first['svc.device.base.key']}/device.json`);
    const ssids = [...device['dot11.device']['dot11.device.advertised_ssid_map'], ...device['dot11.device']['dot11.device.responded_ssid_map']];
    assert.ok(ssids.some((ssid: any) => ssid['dot11.advertisedssid.ssid'] === first['svc.device.base.name']));
    const all = await get('/devices/views/phy-IEEE802.11/devices.json');
    const transmitters = all.filter((d: any) => d['svc.device.base.packets.tx_total'] > 0).map((d: any) => d['svc.device.base.macaddr'].toLowerCase()).sort();
    assert.equal(transmitters, capture.reference.transmitters);
  });

  it('the device monitor websocket streams the access points with the fields asked for', async () => {
    const socket = new WebSocket(`${svc!.url.replace('http', 'ws')}/devices/views/phydot11_accesspoints/monitor.ws?user=svc&password=${encodeURIComponent(svc!.password!)}`);
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    const received: any[] = [];
    socket.on('message', (data) => received.push(JSON.parse(String(data))));
    socket.send(JSON.stringify({ monitor: '*', request: 1, rate: 0.2, fields: ['svc.device.base.macaddr', 'svc.device.base.name'] }));
    await waitUntil('every access point is pushed', () => received.length >= expectedAccessPoints.length, { timeoutMs: 30_000, intervalMs: 50 });
    socket.close();
    assert.equal(received.map((record) => record['svc.device.base.macaddr']).sort(), expectedAccessPoints);
    assert.equal(Object.keys(received[0]).sort(), ['svc.device.base.macaddr', 'svc.device.base.name']);
  });

  return test;
}

for (const entry of CASES) dot11Suite(entry).run();

test("the demo npm start replays shows its capture's access points as tshark lists them, and tracks every transmitter", async () => {
  const demoSource = demoSourceOfNpmStart();
  const reference = NPM_START_CAPTURE.reference;
  const expected = Object.entries(reference.bssids).map(([mac, bss]) => [mac.toUpperCase(), networkName(bss), String(bss.ds_channels[0]), bss.encryption.includes('OPEN')]);
  const demoSvc = await startSvc({ args: ['-c', demoSource] });
  try {
    const demoGet = adminGet(demoSvc);
    await waitForFirstSource(demoSvc, reference.frames_total);
    const accessPoints: any[] = await demoGet('/devices/views/phydot11_accesspoints/devices.json');
    assert.equal(
      accessPoints.map((device) => [device['svc.device.base.macaddr'], device['svc.device.base.name'], device['svc.device.base.channel'], device['svc.device.base.crypt'] === 'Open']).sort(),
      expected.sort(),
    );
    const devices: any[] = await demoGet('/devices/views/all/devices.json');
    assert.equal(devices.filter((device) => device['svc.device.base.packets.tx_total'] > 0).map((device) => device['svc.device.base.macaddr'].toLowerCase()).sort(), reference.transmitters);
  } finally {
    await demoSvc.stop();
  }
});

test.run();
