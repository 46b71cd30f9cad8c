/**
 * The survey on svc's own demo scene (under each radio header it is kept with, and its tshark
 * references in test-data/dot11) and, where the shared data is there, on real captures: the
 * access points equal tshark's BSSIDs, SSIDs and channels; a truncated capture gives what was
 * read before the cut; the command prints the table and explains bad files and bad usage.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createLogger } from '@svc/core';
import { projectDataPath, realDataPath, realDataTest } from '@svc/core/testing';
import { DEMO_CAPTURES, DEMO_SCENE, referenceName } from '@svc/plugin-dot11/synthetic';
import { surveyCapture } from './survey.js';

const quiet = createLogger({ write: () => {} });
const demoCapture = projectDataPath('dot11', 'svc-demo-scene.pcap');
const main = fileURLToPath(new URL('./main.ts', import.meta.url));

/** tshark's reference of a capture. */
interface Reference {
  frames_total: number;
  bssids: Record<string, { ssids: string[]; ds_channels: number[] }>;
}
const readReference = (capture: string): Reference => JSON.parse(readFileSync(referenceName(capture), 'utf8')) as Reference;

/** The name a network tshark saw gets: its SSID, the one its probe responses named if its beacons hide it (tshark's `<MISSING>`). */
const networkName = (ssids: string[]) => ssids.find((ssid) => ssid !== '<MISSING>') ?? '';

/**
 * Checks a survey of `capture` against tshark's reference beside it: every frame is read, and the
 * access points are tshark's BSSIDs with their SSIDs and channels, and the `adhocStations`.
 */
async function checkSurvey(capture: string, adhocStations: string[][] = []): Promise<void> {
  const expected = readReference(capture);
  const survey = await surveyCapture(capture, { log: quiet });
  assert.is(survey.frames, expected.frames_total);
  assert.equal(
    survey.accessPoints.map((ap) => [ap.bssid.toLowerCase(), ap.ssid, ap.channel]),
    [...Object.entries(expected.bssids).map(([bssid, bss]) => [bssid, networkName(bss.ssids), String(bss.ds_channels[0])]), ...adhocStations].sort((a, b) => a[0]!.localeCompare(b[0]!)),
  );
}

for (const name of Object.keys(DEMO_CAPTURES)) {
  test(`${name}: every frame is read and the access points equal tshark's BSSIDs, SSIDs and channels`, () => checkSurvey(projectDataPath('dot11', name)));
}

/**
 * Stations the access point view holds besides tshark's BSSIDs: as in Kismet, a management frame's
 * IBSS bit makes its sender and BSSID ad-hoc (Kismet reads it in association frames too, from an
 * element's byte), and ad-hoc stations are in the view. No SSID; the channel they were heard on.
 */
const ADHOC_STATIONS: Record<string, string[][]> = {
  'aircrack-ng_test1.pcap': [
    ['1c:cd:e5:57:56:2a', '', '6'],
    ['98:ff:d0:74:83:6d', '', '6'],
    ['f4:ec:38:a6:2f:ea', '', '6'],
  ],
};

for (const name of ['packetnet_80211_plus_radiotap_header.pcap', 'aircrack-ng_test1.pcap', 'wifite2_contains_wps_network.cap']) {
  realDataTest(test, `${name}: every frame is read and the access points equal tshark's BSSIDs, SSIDs and channels (and Kismet's ad-hoc stations)`, [`dot11/${name}`, `dot11/${referenceName(name)}`], () =>
    checkSurvey(realDataPath('dot11', name), ADHOC_STATIONS[name]),
  );
}

/** The whole records of a (possibly cut) little-endian pcap file, counted from their headers. */
function wholeRecords(pcap: Buffer): number {
  let records = 0;
  for (let offset = 24; offset + 16 <= pcap.length; records++) {
    const next = offset + 16 + pcap.readUInt32LE(offset + 8);
    if (next > pcap.length) break;
    offset = next;
  }
  return records;
}

test('a truncated capture gives what was read before the cut; a missing one rejects with the reason', async () => {
  const work = mkdtempSync(join(tmpdir(), 'svc-survey-test-'));
  try {
    const whole = readFileSync(demoCapture);
    const cut = join(work, 'cut.pcap');
    const half = whole.subarray(0, Math.floor(whole.length / 2));
    writeFileSync(cut, half);
    const survey = await surveyCapture(cut, { log: quiet });
    assert.is(survey.frames, wholeRecords(half));
    assert.ok(survey.frames < readReference(demoCapture).frames_total);
    // Every network of the scene beacons from its first second on.
    assert.equal(
      survey.accessPoints.map((ap) => ap.bssid),
      DEMO_SCENE.networks.map((network) => network.bssid.toUpperCase()).sort(),
    );
    for (const ap of survey.accessPoints) {
      const network = DEMO_SCENE.networks.find((entry) => entry.bssid.toUpperCase() === ap.bssid)!;
      // A hidden network is named by its BSSID until a probe response names it, which may come after the cut.
      if (network.hidden && ap.ssid === ap.bssid) continue;
      assert.is(ap.ssid, network.ssid, ap.bssid);
    }
    try {
      await surveyCapture(join(work, 'absent.pcap'), { log: quiet });
      assert.unreachable('surveyed a missing file');
    } catch (error) {
      assert.is((error as Error).message, `no such file: ${join(work, 'absent.pcap')} (check the capture file path)`);
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});

/** Runs the svc-survey command from source. */
const run = (...args: string[]) =>
  spawnSync(process.execPath, ['--conditions=svc-source', '--import', 'tsx', main, ...args], { encoding: 'utf8', timeout: 60_000, env: { ...process.env, NODE_OPTIONS: '' } });

test('svc-survey prints the table, and explains a bad file or bad usage through its exit status', () => {
  const surveyed = run(demoCapture);
  assert.is(surveyed.status, 0, surveyed.stderr);
  assert.is(
    surveyed.stdout,
    '1271 frames (1 malformed), 7 access points\n' +
      'BSSID              SSID          CHANNEL  CRYPT              SIGNAL   PACKETS  MANUFACTURER\n' +
      '00:0C:41:5C:00:05  svc-legacy    11       WEP                -80 dBm  161      Cisco-Linksys, LLC\n' +
      '14:CC:20:5C:00:02  svc-lobby     1        Open               -62 dBm  175      TP-LINK TECHNOLOGIES CO.,LTD.\n' +
      '24:A4:3C:5C:00:01  svc-hq        6        WPA2-PSK           -48 dBm  233      Ubiquiti Inc\n' +
      '2C:3A:E8:5C:00:07  svc-meshlink  6        Open               -78 dBm  146      Espressif Inc.\n' +
      '3C:A6:2F:5C:00:03  svc-lab-5g    36       WPA3-SAE           -70 dBm  147      AVM Audiovisuelles Marketing und Computersysteme GmbH\n' +
      '3C:D9:2B:5C:00:06  svc-printer   1        WPA-PSK            -72 dBm  146      Hewlett Packard\n' +
      'A0:04:60:5C:00:04  svc-attic     11       WPA2-PSK WPA3-SAE  -71 dBm  165      NETGEAR\n',
  );
  const missing = run('/nonexistent/capture.pcap');
  assert.is(missing.status, 1);
  assert.is(missing.stderr, 'svc-survey: SVC_ERR_BAD_DEFINITION: no such file: /nonexistent/capture.pcap (check the capture file path)\n');
  const usage = run();
  assert.is(usage.status, 2);
  assert.match(usage.stderr, 'usage: svc-survey <capture.pcap|capture.pcapng>');
});

realDataTest(test, "svc-survey's table of a real capture names the access point's manufacturer from its OUI", ['dot11/packetnet_80211_plus_radiotap_header.pcap'], () => {
  const surveyed = run(realDataPath('dot11', 'packetnet_80211_plus_radiotap_header.pcap'));
  assert.is(surveyed.status, 0, surveyed.stderr);
  assert.is(
    surveyed.stdout,
    // Four frames fail their frame check sequence, as tshark finds: malformed, and not the AP's.
    '225 frames (4 malformed), 1 access points\n' +
      'BSSID              SSID     CHANNEL  CRYPT  SIGNAL   PACKETS  MANUFACTURER\n' +
      '00:1F:33:45:28:A0  NETGEAR  6        Open   -80 dBm  67       NETGEAR\n',
  );
});

test.run();
