import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createLogger } from '@svc/core';
import { testDataPath } from '@svc/core/testing';
import { surveyCapture } from './survey.js';

const quiet = createLogger({ write: () => {} });
const demoCapture = testDataPath('dot11', 'packetnet_80211_plus_radiotap_header.pcap');
const main = fileURLToPath(new URL('./main.ts', import.meta.url));

/** tshark's reference for a capture in test-data/dot11. */
function reference(name: string): { frames_total: number; bssids: Record<string, { ssids: string[]; ds_channels: number[] }> } {
  return JSON.parse(readFileSync(testDataPath('dot11', name.replace(/\.(pcap|cap)$/, '.tshark.json')), 'utf8'));
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
  test(`${name}: every frame is read and the access points equal tshark's BSSIDs, SSIDs and channels (and Kismet's ad-hoc stations)`, async () => {
    const expected = reference(name);
    const survey = await surveyCapture(testDataPath('dot11', name), { log: quiet });
    assert.is(survey.frames, expected.frames_total);
    assert.equal(
      survey.accessPoints.map((ap) => [ap.bssid.toLowerCase(), ap.ssid, ap.channel]),
      [...Object.entries(expected.bssids).map(([bssid, bss]) => [bssid, bss.ssids[0], String(bss.ds_channels[0])]), ...(ADHOC_STATIONS[name] ?? [])].sort((a, b) => a[0]!.localeCompare(b[0]!)),
    );
  });
}

test('a truncated capture gives what was read before the cut; a missing one rejects with the reason', async () => {
  const work = mkdtempSync(join(tmpdir(), 'svc-survey-test-'));
  try {
    const whole = readFileSync(demoCapture);
    const cut = join(work, 'cut.pcap');
    writeFileSync(cut, whole.subarray(0, Math.floor(whole.length / 2)));
    const survey = await surveyCapture(cut, { log: quiet });
    assert.ok(survey.frames > 0 && survey.frames < 225, String(survey.frames));
    assert.equal(survey.accessPoints.map((ap) => ap.ssid), ['NETGEAR']);
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

test('svc-survey prints the table, and explains a bad file or bad usage through its exit status', () => {
  const run = (...args: string[]) =>
    spawnSync(process.execPath, ['--conditions=svc-source', '--import', 'tsx', main, ...args], { encoding: 'utf8', timeout: 60_000, env: { ...process.env, NODE_OPTIONS: '' } });
  const surveyed = run(demoCapture);
  assert.is(surveyed.status, 0, surveyed.stderr);
  assert.is(
    surveyed.stdout,
    '225 frames (0 malformed), 1 access points\n' +
      'BSSID              SSID     CHANNEL  CRYPT  SIGNAL   PACKETS  MANUFACTURER\n' +
      '00:1F:33:45:28:A0  NETGEAR  6        Open   -80 dBm  68       NETGEAR\n',
  );
  const missing = run('/nonexistent/capture.pcap');
  assert.is(missing.status, 1);
  assert.is(missing.stderr, 'svc-survey: SVC_ERR_BAD_DEFINITION: no such file: /nonexistent/capture.pcap (check the capture file path)\n');
  const usage = run();
  assert.is(usage.status, 2);
  assert.match(usage.stderr, 'usage: svc-survey <capture.pcap|capture.pcapng>');
});

test.run();
