/**
 * svc beside dump1090-mutability on every real recording of the shared data set: dump1090's own
 * AVR and Beast output of each recording is replayed by an `adsb` source into a test service,
 * and the aircraft read back through the REST API are dump1090's (`X.dump1090.json`): every one
 * it found, no other, each with its callsign, squawk and altitude exactly and its last position
 * within 10 m, and no signal-weighted estimate of its position; an aircraft is keyed as Kismet keys it.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { createLogger, phyKeyPrefix } from '@svc/core';
import { createTestService, realDataFiles, realDataPath, realDataTest, waitUntil, type TestService } from '@svc/core/testing';
import adsbPlugin, { ADSB_PHY_NAME } from './index.js';
import { distanceMetres } from './modes/great-circle.js';

interface ReferenceAircraft {
  icao: string;
  messages: number;
  callsign?: string;
  squawk?: string;
  altitude_ft?: number;
  lat?: number;
  lon?: number;
}

const references = realDataFiles('adsb', /\.dump1090\.json$/);
/**
 * dump1090's AVR output of each recording, and its Beast output of modes1; its Beast outputs of
 * the short rsadsb recordings leave out frames its own list counts (2 of 4, 4 of 5, 2 of 4).
 */
const outputs = (reference: string) => [reference.replace('dump1090.json', 'frames.txt'), ...(reference.startsWith('modes1.') ? [reference.replace('dump1090.json', 'beast.bin')] : [])];

let t: TestService;
test.before.each(async () => {
  t = await createTestService({ plugins: [adsbPlugin], log: createLogger({ write: () => {} }) });
});
test.after.each(() => t.close());

for (const reference of references) {
  for (const output of outputs(reference)) {
    realDataTest(test, `${output}: dump1090's aircraft, with callsign, squawk, altitude and position`, [`adsb/${reference}`, `adsb/${output}`], async () => {
      const expected = (JSON.parse(readFileSync(realDataPath('adsb', reference), 'utf8')) as { aircraft: ReferenceAircraft[] }).aircraft;
      const frames = expected.reduce((sum, aircraft) => sum + aircraft.messages, 0);
      const source = await t.svc.datasources.add(`${realDataPath('adsb', output)}:name=${output}`);
      await waitUntil('every frame', () => source.numPackets >= frames);
      const devices = (await (await t.request(`/devices/views/seenby-${source.uuid}/devices.json`)).json()) as Record<string, any>[];
      const aircraft = new Map(devices.filter((device) => device['svc.device.base.phyname'] === ADSB_PHY_NAME).map((device) => [device['adsb.device']['adsb.device.icao'], device]));
      const problems: string[] = [];
      for (const plane of expected) {
        const icao = plane.icao.toUpperCase();
        const device = aircraft.get(icao);
        aircraft.delete(icao);
        if (!device) {
          problems.push(`${icao} missing`);
          continue;
        }
        const record = device['adsb.device'];
        assert.ok((device['svc.device.base.key'] as string).startsWith(phyKeyPrefix(ADSB_PHY_NAME)));
        if ((plane.callsign ?? '') !== record['adsb.device.callsign']) problems.push(`${icao} callsign '${record['adsb.device.callsign']}', dump1090 '${plane.callsign ?? ''}'`);
        if ((plane.squawk ?? '') !== record['adsb.device.squawk']) problems.push(`${icao} squawk '${record['adsb.device.squawk']}', dump1090 '${plane.squawk ?? ''}'`);
        if ((plane.altitude_ft ?? 0) !== record['adsb.device.altitude']) problems.push(`${icao} altitude ${record['adsb.device.altitude']}, dump1090 ${plane.altitude_ft ?? 0}`);
        if (plane.lat !== undefined && plane.lon !== undefined) {
          const off = distanceMetres({ lat: plane.lat, lon: plane.lon }, { lat: record['adsb.device.lat'], lon: record['adsb.device.lon'] });
          if (!(off <= 10)) problems.push(`${icao} position ${record['adsb.device.lat']},${record['adsb.device.lon']} is ${Math.round(off)} m from dump1090's`);
          // The position is the aircraft's own broadcast: it locates it, but how loud it was heard there places nothing.
          const estimated = device['svc.device.base.location']['svc.common.location.estimate_samples'];
          if (estimated !== 0) problems.push(`${icao} has a signal-weighted estimate of ${estimated} samples`);
        }
      }
      for (const icao of aircraft.keys()) problems.push(`${icao} is not in dump1090's list`);
      assert.equal(problems, []);
    });
  }
}

test.run();
