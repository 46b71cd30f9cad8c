/**
 * `npm start` as the README's Quickstart runs it, for real: the build's output is kept back, so
 * the first lines a newcomer reads are one line about the build and then svc's banner; the
 * demo scene's access points are served, each located where the demo's drive (its GPS track)
 * was when the scene's frames of its last second were sent; Ctrl-C (SIGINT to the terminal's
 * process group) stops svc gracefully, once, and leaves no process behind.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { waitUntil } from '@svc/core/testing';
import { DEMO_SCENE, sceneFrames } from '@svc/plugin-dot11/synthetic';
import type { NmeaGroundTruth } from '@svc/plugin-serial/synthetic';
import { basicAuth, demoTrackOfNpmStart } from './svc-process.js';
import { samePosition, truthPositionAt } from './track-truth.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));

test("npm start prints one line for the build, then the banner; the demo scene's networks are served; Ctrl-C stops it gracefully", async () => {
  const configDir = mkdtempSync(join(tmpdir(), 'svc-npm-start-'));
  // Its own process group, as a terminal gives it, so Ctrl-C can be sent to all of it.
  const child = spawn('npm', ['start', '--', '--port', '0', '--config-dir', configDir], { cwd: root, env: { ...process.env, NODE_OPTIONS: '' }, detached: true });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  // 'close' comes once every process holding the output pipes (npm, the script, svc) is gone.
  const closed = new Promise<void>((resolve) => child.on('close', () => resolve()));
  try {
    await waitUntil('the banner', () => /is listening on http/.test(stdout) && /Password: \S+/.test(stdout), { timeoutMs: 120_000, detail: () => `${stdout}\n${stderr}` });
    const before = stdout.slice(0, stdout.indexOf('svc 0.1.0 is listening on')).split('\n').filter((line) => line.trim() !== '');
    // npm's own two lines ("> start", "> node scripts/start-demo.mjs ...") and the build line.
    assert.ok(before.length <= 3, `printed before the banner:\n${before.join('\n')}`);
    assert.match(before.join('\n'), /building svc \(npm run build\) \.\.\. done in [\d.]+ s/);
    assert.not.match(stdout + stderr, /tsup|ESM Build|CLI Building entry/, 'no build output');
    const url = /is listening on (http:\/\/\S+)/.exec(stdout)![1]!;
    const authorization = basicAuth('svc', /Password: (\S+)/.exec(stdout)![1]!);
    const networks = DEMO_SCENE.networks.map((network) => network.ssid).sort();
    let names: string[] = [];
    let devices: Record<string, any>[] = [];
    await waitUntil("the demo scene's networks", async () => {
      devices = (await (await fetch(`${url}/devices/views/phydot11_accesspoints/devices.json`, { headers: { authorization } })).json()) as Record<string, any>[];
      names = devices.map((device) => device['svc.device.base.name']!).sort();
      // The hidden network is named once its client's probe response names it: wait for every name.
      return JSON.stringify(names) === JSON.stringify(networks);
    }, { timeoutMs: 60_000, detail: () => `served ${JSON.stringify(names)}, the scene's networks ${JSON.stringify(networks)}` });
    const [gps] = (await (await fetch(`${url}/gps/all_gps.json`, { headers: { authorization } })).json()) as Record<string, string>[];
    assert.is(gps!['svc.gps.state'], 'running', gps!['svc.gps.error']);
    assertLocatedOnTheDrive(devices);
  } finally {
    process.kill(-child.pid!, 'SIGINT');
  }
  await closed;
  assert.is(stderr.match(/SIGINT received, shutting down/g)?.length, 1, stderr);
});

/** Each network is where the demo's drive was at one of the scene's frames in the second of its last packet (to a millimetre); they spread along the street. */
function assertLocatedOnTheDrive(devices: readonly Record<string, any>[]): void {
  const truth = JSON.parse(readFileSync(demoTrackOfNpmStart().replace(/\.raw\.nmea$/, '.nmea-summary.json'), 'utf8')) as NmeaGroundTruth;
  const frameTimes = sceneFrames(DEMO_SCENE).map((frame) => frame.timeUs / 1e6);
  assert.ok(truthPositionAt(truth, frameTimes[0]!) && truthPositionAt(truth, frameTimes.at(-1)!), "the demo's track covers its capture");
  const places = new Set<string>();
  for (const device of devices) {
    const last = device['svc.device.base.location']?.['svc.common.location.last'];
    assert.ok(last, `${device['svc.device.base.name']} is located`);
    const [lon, lat] = last['svc.common.location.geopoint'];
    const second = last['svc.common.location.time_sec'];
    const onTheDrive = frameTimes.some((time) => Math.floor(time) === second && samePosition(truthPositionAt(truth, time)!, { lat, lon }, 1e-8));
    assert.ok(onTheDrive, `${device['svc.device.base.name']} at ${lat}, ${lon} (${second}): where the drive was at none of the scene's frames of that second`);
    places.add(`${lat},${lon}`);
  }
  assert.ok(places.size >= 3, `the networks spread along the drive (${places.size} places)`);
}

test.run();
