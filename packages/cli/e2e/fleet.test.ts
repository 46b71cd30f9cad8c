/**
 * The fleet end to end: a real `nats-server -js` on a loopback port, three real `svc start`
 * sensors (`fleet_publish`) replaying different captures of svc's own test data (its demo scene
 * under radiotap and under PPI, the same radios heard through two kinds of receiver, and its
 * 10 000-frame bulk capture), and one `svc start --fleet` view. A sensor is killed mid-replay and
 * started again, then the NATS server is killed and started again. In the end every device of
 * every sensor, and every transmitter tshark saw in each capture, is one device in the fleet
 * view with exactly the sensors that track it in its seen-by list, each with that sensor's
 * packet count, and the device's packet count their sum: nothing lost, nothing counted twice.
 * Then the view's web app, in real Chromium, lists the three sensors in the system page and, in
 * a device both demo-scene sensors hear, both sensors by site and node with the best one marked;
 * on its map (east drives a GPS track, so its devices are placed) a device's tooltip names the
 * sensor hearing it best.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectDataPath, waitUntil } from '@svc/core/testing';
import { startNatsServer, type TestNatsServer } from '@svc/plugin-fleet/testing';
import { BULK_CAPTURE, DEMO_SCENE_CAPTURE, DEMO_SCENE_PPI_CAPTURE, type Dot11Capture } from './dot11-captures.js';
import { basicAuth, startSvc, type SvcProcess } from './svc-process.js';
import { launchChromium } from './browser.js';
import { close, logIn, open } from './web-app/harness.js';
import { centreOf, screenPixel } from './web-app/map-screen.js';

type Json = Record<string, any>;

/** One sensor: its node name, capture, replay pace, GPS if it has one, and its process once started. */
interface Sensor {
  readonly node: string;
  readonly capture: Dot11Capture;
  readonly pps: number;
  readonly gps?: string;
  readonly configDir: string;
  process?: SvcProcess;
  password?: string;
  uuid?: string;
}

let nats: TestNatsServer;
let view: SvcProcess;
const sensors: Sensor[] = [
  { node: 'north', capture: DEMO_SCENE_CAPTURE, pps: 400, configDir: mkdtempSync(join(tmpdir(), 'svc-fleet-north-')) },
  // East drives the kept track ten times as fast as it was driven, so its devices are placed apart on the map.
  { node: 'east', capture: DEMO_SCENE_PPI_CAPTURE, pps: 400, gps: `virtual:track=${projectDataPath('serial', 'svc-track-drive.raw.nmea')},speed=10`, configDir: mkdtempSync(join(tmpdir(), 'svc-fleet-east-')) },
  { node: 'west', capture: BULK_CAPTURE, pps: 2000, configDir: mkdtempSync(join(tmpdir(), 'svc-fleet-west-')) },
];

/** GETs JSON from a process as its admin, or POSTs `body` as JSON when there is one. */
async function get(svc: SvcProcess, password: string, path: string, body?: Json): Promise<any> {
  const headers = { authorization: basicAuth('svc', password), 'content-type': 'application/json' };
  const response = await fetch(`${svc.url}${path}`, body ? { method: 'POST', headers, body: JSON.stringify(body) } : { headers });
  if (response.status !== 200) throw new Error(`${path}: status ${response.status}`);
  return response.json();
}

/** Starts (or starts again, keeping its config dir and so its server UUID) a sensor replaying its capture. */
async function startSensor(sensor: Sensor): Promise<void> {
  const config = join(sensor.configDir, 'sensor.conf');
  writeFileSync(config, [`fleet_publish=${nats.url}`, 'fleet_site=e2e', `fleet_node=${sensor.node}`, 'fleet_status_interval=1', ''].join('\n'));
  const gps = sensor.gps ? ['--gps', sensor.gps] : [];
  sensor.process = await startSvc({ configDir: sensor.configDir, args: ['--config', config, '-n', '-c', `${sensor.capture.path}:name=${sensor.node},pps=${sensor.pps}`, ...gps] });
  sensor.password ??= sensor.process.password;
  sensor.uuid ??= (await get(sensor.process, sensor.password!, '/fleet/status.json'))['svc.fleet.uuid'];
}

/** Packets the sensor's source has taken. */
const sourcePackets = async (sensor: Sensor) => ((await get(sensor.process!, sensor.password!, '/datasource/all_sources.json')) as Json[])[0]?.['svc.datasource.num_packets'] ?? 0;

test.before(async () => {
  nats = await startNatsServer();
  // The view's map draws no tiles: the test has no tile server, and the grid is enough to point at devices.
  const viewDir = mkdtempSync(join(tmpdir(), 'svc-fleet-view-'));
  writeFileSync(join(viewDir, 'svc.conf'), 'map_tile_url=none\n');
  view = await startSvc({ configDir: viewDir, args: ['--config', join(viewDir, 'svc.conf'), '-n', '--fleet', nats.url] });
  for (const sensor of sensors) await startSensor(sensor);
});

test.after(async () => {
  for (const sensor of sensors) await sensor.process?.stop();
  await view?.stop();
  await nats?.stop();
});

test('three sensors, one fleet view: a sensor and then NATS killed and restarted, nothing lost or counted twice', async () => {
  const west = sensors[2]!;
  await waitUntil('the west sensor is mid-replay', async () => (await sourcePackets(west)) > 2000, { timeoutMs: 60_000 });
  west.process!.child.kill('SIGKILL');
  await new Promise((resolve) => west.process!.child.once('exit', resolve));
  await startSensor(west);

  await waitUntil('the west sensor is mid-replay again', async () => (await sourcePackets(west)) > 3000, { timeoutMs: 60_000 });
  await nats.kill();
  await new Promise((resolve) => setTimeout(resolve, 1000));
  await nats.restart();

  for (const sensor of sensors) {
    await waitUntil(`${sensor.node} has replayed its capture`, async () => (await sourcePackets(sensor)) === sensor.capture.reference.frames_total, { timeoutMs: 120_000 });
  }
  // What each sensor tracks in the end, by device key: the reference the view must match.
  const tracked = new Map<string, Map<string, number>>();
  for (const sensor of sensors) {
    await waitUntil(`${sensor.node} has published every device`, async () => {
      const status = await get(sensor.process!, sensor.password!, '/fleet/status.json');
      return status['svc.fleet.state'] === 'connected' && status['svc.fleet.devices_pending'] === 0 && status['svc.fleet.queued'] === 0 && status['svc.fleet.in_flight'] === 0;
    }, { timeoutMs: 60_000 });
    for (const device of (await get(sensor.process!, sensor.password!, '/devices/views/all/devices.json')) as Json[]) {
      const key = device['svc.device.base.key'] as string;
      if (!tracked.has(key)) tracked.set(key, new Map());
      tracked.get(key)!.set(sensor.uuid!, device['svc.device.base.packets.total']);
    }
  }

  const viewPassword = view.password!;
  let devices = new Map<string, Json>();
  const mismatches = () => {
    const wrong: string[] = [];
    for (const [key, bySensor] of tracked) {
      const device = devices.get(key);
      if (!device) {
        wrong.push(`${key} missing`);
        continue;
      }
      const seenby = new Map(((device['svc.device.base.seenby'] ?? []) as Json[]).map((seen) => [seen['svc.common.seenby.uuid'], seen['svc.common.seenby.num_packets']]));
      const expected = [...bySensor].sort();
      if (JSON.stringify([...seenby].sort()) !== JSON.stringify(expected)) wrong.push(`${key} seen by ${JSON.stringify([...seenby])}, not ${JSON.stringify(expected)}`);
      const sum = [...bySensor.values()].reduce((total, packets) => total + packets, 0);
      if (device['svc.device.base.packets.total'] !== sum) wrong.push(`${key} has ${device['svc.device.base.packets.total']} packets, not ${sum}`);
    }
    if (devices.size !== tracked.size) wrong.push(`the view holds ${devices.size} devices, the sensors ${tracked.size}`);
    return wrong;
  };
  await waitUntil('the fleet view matches its sensors', async () => {
    devices = new Map(((await get(view, viewPassword, '/devices/views/all/devices.json')) as Json[]).map((device) => [device['svc.device.base.key'], device]));
    return mismatches().length === 0;
  }, { timeoutMs: 60_000, detail: () => mismatches().slice(0, 10).join('\n') });

  // Every transmitter tshark saw in each capture is a device of the view, seen by that capture's sensor.
  for (const sensor of sensors) {
    const byMac = new Map<string, Json[]>();
    for (const device of devices.values()) byMac.set(device['svc.device.base.macaddr'], [...(byMac.get(device['svc.device.base.macaddr']) ?? []), device]);
    for (const transmitter of sensor.capture.reference.transmitters) {
      const candidates = byMac.get(transmitter.toUpperCase()) ?? [];
      assert.ok(candidates.some((device) => (device['svc.device.base.seenby'] as Json[]).some((seen) => seen['svc.common.seenby.uuid'] === sensor.uuid)), `${transmitter} of ${sensor.capture.label} is in the view, seen by ${sensor.node}`);
    }
  }
  const shared = [...tracked.values()].filter((bySensor) => bySensor.size === 2).length;
  assert.ok(shared >= 15, `the demo scene's radios are heard by both its sensors (${shared} devices seen by two)`);

  const nodes = (await get(view, viewPassword, '/fleet/sensors.json')) as Json[];
  assert.equal(nodes.map((node) => node['svc.fleet.sensor.node']), ['east', 'north', 'west']);
  for (const node of nodes) assert.is(node['svc.fleet.sensor.sources'].length, 1, `${node['svc.fleet.sensor.node']} lists its source`);
});

test('the view’s web app: the sensors in the system page, a shared device’s sensors with the best one marked', async () => {
  const browser = await launchChromium();
  const context = { svc: view, browser, app: view.url.replace(/\/$/, '') };
  try {
    const system = await open(context, '#/system');
    await logIn(context, system);
    await system.locator('[data-testid=fleet-view-state]:has-text("following")').waitFor();
    const sensorsBlock = system.locator('[data-testid=fleet-sensors]');
    for (const node of ['east', 'north', 'west']) await sensorsBlock.locator(`text=${node}`).first().waitFor();
    assert.is(await system.locator('[data-testid=fleet-sensor-sources] li').count(), 3, 'each sensor lists its one source');
    await close(system);

    const devices = (await get(view, view.password!, '/devices/views/all/devices.json')) as Json[];
    const demoScene = [sensors[0]!.uuid, sensors[1]!.uuid].sort().join();
    const shared = devices.find((device) => (device['svc.device.base.seenby'] as Json[]).map((seen) => seen['svc.common.seenby.uuid']).sort().join() === demoScene && device['svc.device.base.best_seenby'])!;
    assert.ok(shared, 'a device north and east both hear, one of them best');
    const best = sensors.find((sensor) => sensor.uuid === shared['svc.device.base.best_seenby'])!;
    const page = await open(context, `#/devices?view=all&device=${shared['svc.device.base.key']}`);
    await logIn(context, page);
    await page.locator('[data-testid=fleet-seenby-best]').waitFor();
    // Sensors show by UUID until the panel has the fleet's sensor list, then by site and node.
    let names: string[] = [];
    const named = async () => (names = await page.locator('[data-testid=fleet-seenby-sensor]').allTextContents()).map((name) => name.replace(/best$/, '').trim()).sort().join() === 'e2e/east,e2e/north';
    await waitUntil('the panel names the sensors by site and node', named, { timeoutMs: 30_000, detail: () => names.join() });
    assert.equal(names.filter((name) => name.endsWith('best')), [`e2e/${best.node} best`]);
    await close(page);

    // On the map, pointing at a device drawn alone (east's GPS placed it) names the sensor hearing it best.
    const answer = await get(view, view.password!, '/devices/views/all/map.json', { zoom: 18, box: [-180, -85, 180, 85] });
    const bestOf = new Map(devices.map((device) => [device['svc.device.base.key'], device['svc.device.base.best_seenby']]));
    const points = answer['svc.map.points'] as [string, number, number, number, string][];
    const alone = points.find(([key]) => bestOf.get(key));
    assert.ok(alone, `a device with a best sensor drawn alone at zoom 18 (${points.length} drawn alone, ${answer['svc.map.located']} located)`);
    const [key, lat, lon] = alone;
    const hint = `best sensor e2e/${sensors.find((sensor) => sensor.uuid === bestOf.get(key))!.node}`;
    const map = await open(context, `#/map?view=all&at=${lat},${lon},18`);
    await logIn(context, map);
    await map.waitForSelector('[data-testid=map][data-drawn]');
    const box = (await map.locator('[data-testid=map]').boundingBox())!;
    const [x, y] = screenPixel(lat, lon, centreOf(map), box.width, box.height);
    // The pointer moves a pixel back and forth until the drawn device is under it and its hint has come.
    let tooltip = '';
    let nudge = 0;
    await waitUntil(`the tooltip of ${key} ends with '${hint}'`, async () => {
      await map.mouse.move(box.x + x + (nudge++ % 2), box.y + y);
      tooltip = (await map.locator('.map-tooltip').textContent()) ?? '';
      return tooltip.endsWith(` · ${hint}`);
    }, { timeoutMs: 30_000, detail: () => tooltip });
    assert.ok(tooltip.startsWith(`${alone[4]} · `), `the tooltip names the device first: ${tooltip}`);
    await close(map);
  } finally {
    await browser.close();
  }
});

test.run();
