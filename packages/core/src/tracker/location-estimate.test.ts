/**
 * The location estimate on a synthetic drive (synthetic-drive.test-helper.ts): transmitters
 * beside the streets of a random route, heard through a log-distance path loss with shadowing,
 * 20 samples each, sent as packets with the sensor's GPS fix through the real packet chain and
 * tracker. The served `estimate_loc` must place them with a median error under 25 m, where the
 * plain average of the sensor's positions (Kismet's `avg_loc`) is far worse; the peak and the
 * counts must be the samples', and packets that carry no signal, or the transmitter's own
 * position, must leave the estimate alone.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createLogger } from '../logger.js';
import type { PacketGps } from '../packets/packet.js';
import { createTestService, TestSource, testPhyPlugin, type TestService } from '../testing/index.js';
import { parseMac } from '../util/mac.js';
import { deviceFromRecord } from './device-restore.js';
import { deviceRecord } from './device-fields.js';
import { addSample } from './location-estimate.js';
import { pointOf } from './location-record.js';
import { metresBetween, median, syntheticDrive, DEFAULT_DRIVE } from './synthetic-drive.test-helper.js';

let t: TestService;
test.before(async () => {
  t = await createTestService({ plugins: [testPhyPlugin], log: createLogger({ write: () => {} }) });
});
test.after(async () => t.close());

const SOURCE = '35353535-0000-0000-0000-000000000001';
const macOf = (index: number) => `02:00:00:35:${(index >> 8).toString(16).padStart(2, '0')}:${(index & 255).toString(16).padStart(2, '0')}`;

/** Sends one packet of device `mac` heard at `signalDbm` (none when undefined) with `gps`. */
function hear(mac: string, gps: PacketGps, signalDbm: number | undefined): void {
  new TestSource(t.svc, SOURCE).send({ mac, time: gps.time, gps, ...(signalDbm !== undefined && { signal: signalDbm }) });
}

async function locationOf(mac: string): Promise<Record<string, any>> {
  const response = await t.request(`/devices/by-mac/${mac}/devices.json`);
  const [record] = (await response.json()) as Record<string, any>[];
  return record!['svc.device.base.location'];
}

test('synthetic drive: the estimate places transmitters with a median error under 25 m; the plain average is far worse', async () => {
  const drive = syntheticDrive();
  assert.ok(drive.transmitters.length >= 200, `${drive.transmitters.length} transmitters heard at ${DEFAULT_DRIVE.samples} fixes or more`);
  drive.transmitters.forEach((transmitter, index) => {
    for (const sample of transmitter.samples) hear(macOf(index), { lat: sample.lat, lon: sample.lon, fix: 2, time: sample.time }, sample.signalDbm);
  });
  const estimateErrors: number[] = [];
  const averageErrors: number[] = [];
  let withinRadius = 0;
  for (const [index, transmitter] of drive.transmitters.entries()) {
    const location = await locationOf(macOf(index));
    assert.is(location['svc.common.location.estimate_samples'], DEFAULT_DRIVE.samples);
    const strongest = transmitter.samples.reduce((best, sample) => (sample.signalDbm > best.signalDbm ? sample : best));
    assert.is(location['svc.common.location.peak_signal'], strongest.signalDbm);
    const peak = pointOf(location['svc.common.location.peak_loc'])!;
    assert.equal([peak.lat, peak.lon, peak.time], [strongest.lat, strongest.lon, strongest.time], 'the first sample at the strongest signal');
    const estimate = pointOf(location['svc.common.location.estimate_loc'])!;
    const error = metresBetween(estimate, transmitter);
    estimateErrors.push(error);
    averageErrors.push(metresBetween(pointOf(location['svc.common.location.avg_loc'])!, transmitter));
    if (error <= location['svc.common.location.estimate_radius']) withinRadius++;
  }
  const estimateMedian = median(estimateErrors);
  const averageMedian = median(averageErrors);
  assert.ok(estimateMedian < 25, `median error of the estimate ${estimateMedian.toFixed(1)} m`);
  assert.ok(averageMedian > 1.5 * estimateMedian, `median error of the plain average ${averageMedian.toFixed(1)} m, of the estimate ${estimateMedian.toFixed(1)} m`);
  assert.ok(withinRadius >= 0.6 * drive.transmitters.length, `${withinRadius} of ${drive.transmitters.length} within the radius`);
});

test('a location record read back (tracker_restore from JSON) serves the same location, and takes new samples on', async () => {
  const device = t.svc.devices.byMac(parseMac(macOf(0))!)[0]!;
  const served = deviceRecord(device, 0);
  const restored = deviceFromRecord(JSON.parse(JSON.stringify(served)), device.phy)!;
  const location = deviceRecord(restored, 0)['svc.device.base.location'] as Record<string, any>;
  const before = served['svc.device.base.location'] as Record<string, any>;
  assert.ok(Math.abs(location['svc.common.location.estimate_radius'] - before['svc.common.location.estimate_radius']) < 1e-9);
  assert.equal({ ...location, 'svc.common.location.estimate_radius': 0 }, { ...before, 'svc.common.location.estimate_radius': 0 });
  const estimate = restored.location!.estimate!;
  addSample(estimate, estimate.peak.lat, estimate.peak.lon, 0, 2, estimate.time + 1, before['svc.common.location.peak_signal']);
  const moved = pointOf((deviceRecord(restored, 0)['svc.device.base.location'] as Record<string, any>)['svc.common.location.estimate_loc'])!;
  const halfway = metresBetween(pointOf(before['svc.common.location.estimate_loc'])!, estimate.peak) / 2;
  assert.ok(Math.abs(metresBetween(moved, estimate.peak) - halfway) < 0.01, 'a sample as loud as the peak weighs as much as the whole restored estimate');
  assert.is(estimate.samples, DEFAULT_DRIVE.samples + 1);
});

test('only located packets with a signal, at the sensor’s position, feed the estimate', async () => {
  const mac = '02:00:00:35:ff:01';
  const time = 1_760_100_000;
  hear(mac, { lat: 52.2, lon: 6.9, fix: 2, time }, undefined);
  assert.is((await locationOf(mac))['svc.common.location.estimate_samples'], 0, 'no signal: no sample');
  assert.not.ok('svc.common.location.estimate_loc' in (await locationOf(mac)));
  hear(mac, { lat: 52.3, lon: 7.0, alt: 11_000, fix: 3, time: time + 1, transmitterPosition: true }, -60);
  let location = await locationOf(mac);
  assert.is(location['svc.common.location.estimate_samples'], 0, "the transmitter's own position: no sample");
  assert.equal(location['svc.common.location.last']['svc.common.location.geopoint'], [7.0, 52.3], 'but it is the last location');
  assert.is(location['svc.common.location.loc_fix'], 3);
  hear(mac, { lat: 52.2001, lon: 6.9001, alt: 40, fix: 3, time: time + 2 }, -50);
  hear(mac, { lat: 52.2003, lon: 6.9003, fix: 2, time: time + 3.25 }, -70);
  location = await locationOf(mac);
  assert.is(location['svc.common.location.estimate_samples'], 2);
  const estimate = pointOf(location['svc.common.location.estimate_loc'])!;
  // Weights 10^-5 and 10^-7: the centroid is 1/101 of the way to the weaker sample.
  assert.ok(Math.abs(estimate.lat - (52.2001 + 0.0002 / 101)) < 1e-9, `latitude ${estimate.lat}`);
  assert.ok(Math.abs(estimate.lon - (6.9001 + 0.0002 / 101)) < 1e-9, `longitude ${estimate.lon}`);
  assert.is(estimate.alt, 40, 'the altitude of the 3D samples');
  assert.is(estimate.time, time + 3.25);
  const spread = metresBetween({ lat: 52.2001, lon: 6.9001 }, { lat: 52.2003, lon: 6.9003 });
  assert.ok(Math.abs(location['svc.common.location.estimate_radius'] - (spread * Math.sqrt(100)) / 101) < 0.01, 'RMS distance of the two samples');
  assert.is(location['svc.common.location.peak_signal'], -50);
  assert.equal(location['svc.common.location.last']['svc.common.location.time_usec'], 250_000);
  // As Kismet: altitude bounds and average from 3D fixes only.
  assert.is(location['svc.common.location.min_loc']['svc.common.location.alt'], 40);
  assert.is(location['svc.common.location.max_loc']['svc.common.location.alt'], 11_000);
  assert.is(location['svc.common.location.avg_loc']['svc.common.location.alt'], (11_000 + 40) / 2);
});

test.run();
