/**
 * The virtual GPS replaying a track file in a service: the drive kept in `test-data/serial` with
 * `speed=` is running, says what it replays, reports where the drive is (on it, stamped now) to
 * `/gps/location.json`, says which damaged lines it left out, and places a packet recorded during
 * the drive where the ground truth was then, while packets captured now take the current
 * position. Options that do not go together, and a missing file, leave that GPS in error with
 * the reason and the others running.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { createLogger } from '../logger.js';
import { createTestDatasource, createTestService, projectDataPath, testPhyPlugin, waitUntil } from '../testing/index.js';

const DRIVE = projectDataPath('serial', 'svc-track-drive.raw.nmea');
const truth = JSON.parse(readFileSync(projectDataPath('serial', 'svc-track-drive.nmea-summary.json'), 'utf8')) as {
  epochs: { time: string; lat?: number; lon?: number }[];
};
const fixes = truth.epochs.filter((epoch) => epoch.lat !== undefined);
const box = {
  minLat: Math.min(...fixes.map((epoch) => epoch.lat!)),
  maxLat: Math.max(...fixes.map((epoch) => epoch.lat!)),
  minLon: Math.min(...fixes.map((epoch) => epoch.lon!)),
  maxLon: Math.max(...fixes.map((epoch) => epoch.lon!)),
};
const onTheDrive = ([lon, lat]: number[]) => lat! >= box.minLat && lat! <= box.maxLat && lon! >= box.minLon && lon! <= box.maxLon;

test('gps=virtual:track= replays the drive: running, described, current position on it, packets placed by their time', async () => {
  const harness = createTestDatasource();
  const t = await createTestService({
    plugins: [testPhyPlugin, harness.plugin],
    config: {
      gps: [
        `virtual:track=${DRIVE},speed=10,name=drive`,
        'virtual:track=/nonexistent/drive.nmea,name=missing',
        `virtual:track=${DRIVE},lat=1,name=both`,
        'virtual:lat=1,lon=2,loop=false,name=stray',
        `virtual:track=${DRIVE},speed=0,name=still`,
        `virtual:track=${DRIVE},loop=sometimes,name=unsure`,
      ],
    },
    log: createLogger({ write: () => {} }),
  });
  try {
    await t.svc.start();
    const all = (await (await t.request('/gps/all_gps.json')).json()) as any[];
    const byName = Object.fromEntries(all.map((gps) => [gps['svc.gps.name'], gps]));
    assert.is(byName.drive['svc.gps.state'], 'running');
    const [first, last] = [fixes[0]!.time, fixes.at(-1)!.time].map((time) => time.replace('.000Z', 'Z'));
    const seconds = (Date.parse(last!) - Date.parse(first!)) / 1000;
    assert.is(byName.drive['svc.gps.description'], `track ${DRIVE} (NMEA, ${fixes.length} points over ${seconds} s, ${first} to ${last}; 10x, looping)`);
    for (const [name, reason] of [
      ['missing', 'SVC_ERR_GPS_OPEN: track file /nonexistent/drive.nmea does not exist'],
      ['both', `SVC_ERR_BAD_GPS_DEFINITION: gps 'virtual:track=${DRIVE},lat=1,name=both': lat= is for a fixed position; a track replay takes its positions from track=`],
      ['stray', "SVC_ERR_BAD_GPS_DEFINITION: gps 'virtual:lat=1,lon=2,loop=false,name=stray': loop= is an option of a track replay; give track= too"],
      ['still', `SVC_ERR_BAD_GPS_DEFINITION: gps 'virtual:track=${DRIVE},speed=0,name=still': speed=0 is not a positive number (how many seconds of the track pass in one second)`],
      ['unsure', `SVC_ERR_BAD_GPS_DEFINITION: gps 'virtual:track=${DRIVE},loop=sometimes,name=unsure': loop=sometimes is not true or false`],
    ]) {
      assert.is(byName[name!]['svc.gps.state'], 'error', name);
      assert.is(byName[name!]['svc.gps.error'], reason, name);
    }
    const messages = t.svc.messages.since(0).map((message) => String(message['svc.messagebus.message_string']));
    assert.ok(messages.some((text) => text.startsWith(`gps drive: track file ${DRIVE}: 5 of 622 lines are not valid NMEA and were left out (first: line 1: `)), messages.join('\n'));

    const location = (await (await t.request('/gps/location.json')).json()) as any;
    assert.ok(onTheDrive(location['svc.common.location.geopoint']), JSON.stringify(location));
    assert.ok(Math.abs(location['svc.common.location.time_sec'] - Date.now() / 1000) < 5, 'stamped with the time of the report');

    for (const epoch of fixes.slice(10, 20)) {
      const time = Date.parse(epoch.time) / 1000;
      const placed = t.svc.gps.packetGpsAt(time);
      assert.ok(Math.abs(placed!.lat - epoch.lat!) < 1e-9 && Math.abs(placed!.lon - epoch.lon!) < 1e-9 && placed!.time === time, `${epoch.time}: ${JSON.stringify(placed)}`);
    }

    const source = await t.svc.datasources.add('testsource-1');
    harness.capture(source.uuid)!.emit(3);
    await waitUntil('the three devices are tracked', () => t.svc.devices.size >= 3);
    for (const device of t.svc.devices.devices()) {
      const record = (await (await t.request(`/devices/by-key/${device.key}/device.json`)).json()) as any;
      const last = record['svc.device.base.location']['svc.common.location.last'];
      assert.ok(onTheDrive(last['svc.common.location.geopoint']), 'a packet captured now is placed at the current position');
      assert.ok(Math.abs(last['svc.common.location.time_sec'] - Date.now() / 1000) < 5);
    }
  } finally {
    await t.close();
  }
});

test.run();
