/**
 * The handshake pcap of real captures, checked by the real aircrack-ng: for every test capture
 * in which aircrack-ng finds a WPA handshake, the pcap svc serves for that access point (and
 * for the station of the handshake) holds the network's SSID frame and the EAPOL-Key frames,
 * and aircrack-ng finds the same network, ESSID and handshake in it. An access point without a
 * handshake, an unknown key and a bad key answer with errors, not empty files.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger } from '@svc/core';
import { createTestService, testDataPath, waitUntil } from '@svc/core/testing';
import dot11Plugin from './index.js';

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
  test(`${name}: aircrack-ng finds in svc's handshake pcap the handshake it finds in the capture`, async () => {
    const capture = testDataPath('dot11', name);
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

test('no handshake, unknown device, bad key or MAC: errors, not empty files', async () => {
  const t = await createTestService({ plugins: [dot11Plugin], log: createLogger({ write: () => {} }) });
  try {
    const source = await t.svc.datasources.add(testDataPath('dot11', 'packetnet_80211_plus_radiotap_header.pcap'));
    await waitUntil('the demo replayed', () => source.numPackets === 225);
    const ap = [...t.svc.devices.devices()].find((device) => device.name === 'NETGEAR')!;
    const none = await t.request(`/phy/phy80211/by-key/${ap.key}/pcap/handshake.pcap`);
    assert.is(none.status, 404);
    assert.match(((await none.json()) as { error: string }).error, /no WPA handshake of 00:1F:33:45:28:A0 has been seen/);
    assert.is((await t.request('/phy/phy80211/by-key/4202770D00000000_0A0B0C0D0E0F/pcap/handshake.pcap')).status, 404);
    assert.is((await t.request('/phy/phy80211/by-key/nonsense/pcap/handshake.pcap')).status, 400);
    assert.is((await t.request(`/phy/phy80211/by-key/${ap.key}/device/zz/pcap/handshake.pcap`)).status, 400);
    assert.is((await t.request(`/phy/phy80211/by-key/${ap.key}/pcap/handshake.pcap`, { auth: false })).status, 401);
  } finally {
    await t.close();
  }
});

test.after(() => rmSync(scratch, { recursive: true, force: true }));

test.run();
