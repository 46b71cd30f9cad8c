/**
 * The handshake pcap, checked by the real aircrack-ng: for every real capture in which
 * aircrack-ng finds a WPA handshake, the pcap svc serves for that access point (and for the
 * station of the handshake) holds the network's SSID frame and the EAPOL-Key frames, and
 * aircrack-ng finds the same network, ESSID and handshake in it. svc's demo scene holds a
 * genuine handshake: aircrack-ng recovers its passphrase from svc's pcap alone. An access point
 * without a handshake, an unknown key and a bad key answer with errors, not empty files.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger } from '@svc/core';
import { createTestService, projectDataPath, realDataPath, realDataTest, waitUntil } from '@svc/core/testing';
import dot11Plugin from './index.js';
import { DEMO_PASSPHRASE, DEMO_SCENE } from './synthetic/index.js';

const scratch = mkdtempSync(join(tmpdir(), 'svc-handshake-'));

interface AircrackNetwork {
  readonly bssid: string;
  readonly essid: string;
  readonly handshakes: number;
}

/** The networks aircrack-ng lists for a capture file (it lists them, then asks which to crack; stdin is closed). */
function aircrackNetworks(file: string): AircrackNetwork[] {
  let output: string;
  try {
    output = execFileSync('aircrack-ng', [file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 20_000 });
  } catch (error) {
    output = String((error as { stdout?: string }).stdout ?? '');
  }
  const networks: AircrackNetwork[] = [];
  for (const match of output.matchAll(/^\s+\d+\s+([0-9A-F:]{17})\s+(.*?)\s+WPA \((\d+) handshake/gm)) networks.push({ bssid: match[1]!, essid: match[2]!.trim(), handshakes: Number(match[3]) });
  return networks;
}

const captures = ['wifite2_contains_wps_network.cap', 'aircrack-ng_zn2i.pcap', 'aircrack-ng_n-02.cap', 'aircrack-ng_test1.pcap', 'aircrack-ng_wpa3-psk.pcap'];

for (const name of captures) {
  realDataTest(test, `${name}: aircrack-ng finds in svc's handshake pcap the handshake it finds in the capture`, [`dot11/${name}`, `dot11/${name.replace(/\.(pcap|cap)$/, '.tshark.json')}`], async () => {
    const capture = realDataPath('dot11', name);
    const expected = aircrackNetworks(capture).filter((network) => network.handshakes > 0);
    assert.ok(expected.length > 0, `aircrack-ng finds a handshake in ${name}`);
    const t = await createTestService({ plugins: [dot11Plugin], log: createLogger({ write: () => {} }) });
    try {
      const frames = JSON.parse(readFileSync(capture.replace(/\.(pcap|cap)$/, '.tshark.json'), 'utf8')).frames_total as number;
      const source = await t.svc.datasources.add(capture);
      await waitUntil('the capture replayed', () => source.numPackets === frames);
      for (const network of expected) {
        const ap = [...t.svc.devices.devices()].find((device) => device.mac === parseInt(network.bssid.replaceAll(':', ''), 16))!;
        assert.ok(ap, `svc tracks ${network.bssid}`);
        const response = await t.request(`/phy/phy80211/by-key/${ap.key}/pcap/handshake.pcap`);
        assert.is(response.status, 200, await response.clone().text());
        assert.is(response.headers.get('content-type'), 'application/vnd.tcpdump.pcap');
        const file = join(scratch, `${name}-${ap.key}.pcap`);
        writeFileSync(file, Buffer.from(await response.arrayBuffer()));
        const found = aircrackNetworks(file).find((entry) => entry.bssid === network.bssid);
        assert.ok(found, `aircrack-ng lists ${network.bssid} in svc's pcap`);
        assert.is(found!.essid, network.essid, 'with the ESSID');
        assert.ok(found!.handshakes >= 1, 'and a handshake');
        const station = ap.components.dot11!.handshakes!.find((message) => message.frame)!.client;
        const one = await t.request(`/phy/phy80211/by-key/${ap.key}/device/${station.toString(16).padStart(12, '0').replace(/(..)(?!$)/g, '$1:')}/pcap/handshake.pcap`);
        assert.is(one.status, 200);
        const stationFile = join(scratch, `${name}-${ap.key}-station.pcap`);
        writeFileSync(stationFile, Buffer.from(await one.arrayBuffer()));
        assert.ok((aircrackNetworks(stationFile).find((entry) => entry.bssid === network.bssid)?.handshakes ?? 0) >= 1, 'the station pcap holds the handshake too');
      }
    } finally {
      await t.close();
    }
  });
}

/** What tshark reads of a file: per frame its number, subtype, BSSID and RSN PMKID (empty when none). */
function tsharkPmkidFrames(file: string): { number: number; subtype: string; bssid: string; pmkid: string }[] {
  return execFileSync('tshark', ['-r', file, '-T', 'fields', '-E', 'separator=|', '-e', 'frame.number', '-e', 'wlan.fc.type_subtype', '-e', 'wlan.bssid', '-e', 'wlan.rsn.ie.pmkid'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [number, subtype, bssid, pmkid] = line.split('|');
      return { number: Number(number), subtype: subtype!, bssid: bssid!.toUpperCase(), pmkid: pmkid ?? '' };
    });
}

for (const name of ['aircrack-ng_test1.pcap', 'aircrack-ng_wpa3-psk.pcap']) {
  realDataTest(test, `${name}: svc's PMKID pcap holds the network's frame and a handshake message with the PMKID tshark reads in the capture`, [`dot11/${name}`, `dot11/${name.replace('.pcap', '.tshark.json')}`], async () => {
    const capture = realDataPath('dot11', name);
    const withPmkid = tsharkPmkidFrames(capture).filter((frame) => frame.pmkid !== '');
    assert.ok(withPmkid.length > 0, `tshark reads a PMKID in ${name}`);
    const t = await createTestService({ plugins: [dot11Plugin], log: createLogger({ write: () => {} }) });
    try {
      const frames = JSON.parse(readFileSync(capture.replace('.pcap', '.tshark.json'), 'utf8')).frames_total as number;
      const source = await t.svc.datasources.add(capture);
      await waitUntil('the capture replayed', () => source.numPackets === frames);
      for (const bssid of new Set(withPmkid.map((frame) => frame.bssid))) {
        const ap = [...t.svc.devices.devices()].find((device) => device.mac === parseInt(bssid.replaceAll(':', ''), 16))!;
        const response = await t.request(`/phy/phy80211/by-key/${ap.key}/pcap/handshake-pmkid.pcap`);
        assert.is(response.status, 200, await response.clone().text());
        assert.is(response.headers.get('content-disposition'), `attachment; filename="${bssid.replaceAll(':', '-')}-pmkid.pcap"`);
        const file = join(scratch, `${name}-${ap.key}-pmkid.pcap`);
        writeFileSync(file, Buffer.from(await response.arrayBuffer()));
        const served = tsharkPmkidFrames(file);
        assert.is(served.length, 2, 'the network frame and one message');
        assert.ok(['0x0008', '0x0005'].includes(served[0]!.subtype) && served[0]!.bssid === bssid, `a beacon or probe response of ${bssid} first: ${JSON.stringify(served[0])}`);
        assert.ok(withPmkid.some((frame) => frame.bssid === bssid && frame.pmkid === served[1]!.pmkid), `a PMKID of ${bssid} tshark reads in the capture: ${served[1]!.pmkid}`);
      }
    } finally {
      await t.close();
    }
  });
}

/** The passphrase aircrack-ng recovers from `file` for `bssid` with a word list, or undefined. */
function crackedPassphrase(file: string, bssid: string, words: readonly string[]): string | undefined {
  const list = join(scratch, 'words.txt');
  writeFileSync(list, `${words.join('\n')}\n`);
  let output: string;
  try {
    output = execFileSync('aircrack-ng', ['-q', '-w', list, '-b', bssid, file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 60_000 });
  } catch (error) {
    output = String((error as { stdout?: string }).stdout ?? '');
  }
  return /KEY FOUND! \[ (.*) \]/.exec(output)?.[1];
}

const demoFrames = () => JSON.parse(readFileSync(projectDataPath('dot11', 'svc-demo-scene.tshark.json'), 'utf8')).frames_total as number;

test("svc-demo-scene.pcap: aircrack-ng recovers the network's passphrase from svc's handshake pcap", async () => {
  const network = DEMO_SCENE.networks.find((candidate) => candidate.passphrase !== undefined)!;
  const t = await createTestService({ plugins: [dot11Plugin], log: createLogger({ write: () => {} }) });
  try {
    const source = await t.svc.datasources.add(projectDataPath('dot11', 'svc-demo-scene.pcap'));
    await waitUntil('the demo scene replayed', () => source.numPackets === demoFrames());
    const ap = [...t.svc.devices.devices()].find((device) => device.mac === parseInt(network.bssid.replaceAll(':', ''), 16))!;
    const clients = DEMO_SCENE.stations.filter((station) => station.joins === network.bssid);
    const handshakes = ap.components.dot11!.handshakes!.filter((message) => message.frame);
    assert.is(handshakes.length, 4 * clients.length, 'svc kept the four messages of each client');
    const words = ['password', 'letmein', 'svc-hq', DEMO_PASSPHRASE, 'hunter2'];
    for (const route of [`/phy/phy80211/by-key/${ap.key}/pcap/handshake.pcap`, `/phy/phy80211/by-key/${ap.key}/device/${clients[0]!.mac.toUpperCase()}/pcap/handshake.pcap`]) {
      const response = await t.request(route);
      assert.is(response.status, 200, await response.clone().text());
      const file = join(scratch, `demo-${route.length}.pcap`);
      writeFileSync(file, Buffer.from(await response.arrayBuffer()));
      assert.equal(aircrackNetworks(file), [{ bssid: network.bssid.toUpperCase(), essid: network.ssid, handshakes: 1 }], route);
      assert.is(crackedPassphrase(file, network.bssid, words), DEMO_PASSPHRASE, `aircrack-ng cracks ${route}`);
      assert.is(crackedPassphrase(file, network.bssid, words.filter((word) => word !== DEMO_PASSPHRASE)), undefined, 'and finds nothing without the passphrase in its list');
    }
  } finally {
    await t.close();
  }
});

/** The errors of the handshake routes, on a replay of `capture` whose access point `apName` (`apMac`) has no handshake. */
async function handshakeRouteErrors(capture: string, frames: number, apName: string, apMac: string) {
  const t = await createTestService({ plugins: [dot11Plugin], log: createLogger({ write: () => {} }) });
  try {
    const source = await t.svc.datasources.add(capture);
    await waitUntil('the capture replayed', () => source.numPackets === frames);
    const ap = [...t.svc.devices.devices()].find((device) => device.name === apName)!;
    const none = await t.request(`/phy/phy80211/by-key/${ap.key}/pcap/handshake.pcap`);
    assert.is(none.status, 404);
    assert.match(((await none.json()) as { error: string }).error, `no WPA handshake of ${apMac} has been seen`);
    const noPmkid = await t.request(`/phy/phy80211/by-key/${ap.key}/pcap/handshake-pmkid.pcap`);
    assert.is(noPmkid.status, 404);
    assert.match(((await noPmkid.json()) as { error: string }).error, `no handshake message of ${apMac} with a PMKID has been seen`);
    assert.is((await t.request('/phy/phy80211/by-key/nonsense/pcap/handshake-pmkid.pcap')).status, 400);
    assert.is((await t.request('/phy/phy80211/by-key/4202770D00000000_0A0B0C0D0E0F/pcap/handshake.pcap')).status, 404);
    assert.is((await t.request('/phy/phy80211/by-key/nonsense/pcap/handshake.pcap')).status, 400);
    assert.is((await t.request(`/phy/phy80211/by-key/${ap.key}/device/zz/pcap/handshake.pcap`)).status, 400);
    assert.is((await t.request(`/phy/phy80211/by-key/${ap.key}/pcap/handshake.pcap`, { auth: false })).status, 401);
  } finally {
    await t.close();
  }
}

const ERRORS = 'no handshake, unknown device, bad key or MAC: errors, not empty files';
realDataTest(test, `packetnet_80211_plus_radiotap_header.pcap: ${ERRORS}`, ['dot11/packetnet_80211_plus_radiotap_header.pcap'], () =>
  handshakeRouteErrors(realDataPath('dot11', 'packetnet_80211_plus_radiotap_header.pcap'), 225, 'NETGEAR', '00:1F:33:45:28:A0'),
);
test(`svc-demo-scene.pcap: ${ERRORS}`, () => {
  const open = DEMO_SCENE.networks.find((network) => network.security === 'open' && !network.adhoc)!;
  return handshakeRouteErrors(projectDataPath('dot11', 'svc-demo-scene.pcap'), demoFrames(), open.ssid, open.bssid.toUpperCase());
});

test.after(() => rmSync(scratch, { recursive: true, force: true }));

test.run();
