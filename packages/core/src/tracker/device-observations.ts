/**
 * What one packet tells about the device that sent it, beyond counts: its radio measurements
 * (signal, noise, frequency, channel), which sources heard it, and where it was. Plain functions
 * on the device record, kept apart from the tracker's bookkeeping of which devices exist.
 */
import type { Packet } from '../packets/packet.js';
import { SignalData } from './signal.js';
import { SignalRrd } from './signal-rrd.js';
import { addSample, startEstimate } from './location-estimate.js';
import type { FrequencyCount, SeenBy, TrackedDevice } from './tracked-device.js';

/** The packet's radio measurements (at `time`, whole seconds), on the device that sent it; `trackRrds` keeps the signal history. */
export function recordSignal(device: TrackedDevice, time: number, signal: NonNullable<Packet['signal']>, trackRrds: boolean): void {
  if (signal.signalDbm !== undefined || signal.noiseDbm !== undefined) {
    const data = (device.signal ??= new SignalData());
    data.add(signal.signalDbm ?? 0, signal.noiseDbm ?? 0);
    if (trackRrds && signal.signalDbm) (data.signalRrd ??= new SignalRrd()).add(time, signal.signalDbm);
  }
  if (signal.freqKhz) {
    // Most packets come on the frequency of the one before: count those without a lookup.
    let count = device.frequencyCount;
    if (count === undefined || count.khz !== signal.freqKhz) {
      count = device.frequencyCounts && findFrequency(device.frequencyCounts, signal.freqKhz);
      if (count === undefined) {
        count = { khz: signal.freqKhz, packets: 0 };
        // A new list of the exact size: a push would give it room for 16 more.
        device.frequencyCounts = device.frequencyCounts ? [...device.frequencyCounts, count] : [count];
      }
      device.frequencyCount = count;
    }
    count.packets++;
    device.frequency = signal.freqKhz;
  }
  if (signal.channel) device.channel = signal.channel;
}

/** The packet's source, on the device's seen-by list; true when the source is new to the device. */
export function recordSeenBy(device: TrackedDevice, sourceUuid: string, time: number): boolean {
  // Most devices are heard by one source: the last one is checked before the list.
  let added = false;
  let seen = device.lastSeenBy;
  if (seen === undefined || seen.uuid !== sourceUuid) {
    seen = device.seenby && findSource(device.seenby, sourceUuid);
    if (seen === undefined) {
      seen = { uuid: sourceUuid, firstTime: time, lastTime: time, numPackets: 0 };
      device.seenby = device.seenby ? [...device.seenby, seen] : [seen];
      added = true;
    }
    device.lastSeenBy = seen;
  }
  seen.numPackets++;
  if (time > seen.lastTime) seen.lastTime = time;
  return added;
}

/**
 * The packet's position (a 2D or 3D fix), on the device's location: the last fix, the bounding
 * box, the average and, when the packet carried a signal (`signalDbm`, 0 or undefined for none)
 * and the position is the sensor's, the signal-weighted estimate (location-estimate.ts).
 * Everything is updated in place: a moving transmitter reports a position with every packet,
 * and a new object each time was a tenth of the aircraft ingest.
 */
export function locate(device: TrackedDevice, gps: NonNullable<Packet['gps']>, signalDbm: number | undefined): void {
  const location = device.location;
  const alt = gps.alt ?? 0;
  const altitude = gps.fix >= 3 && alt !== 0;
  const weighs = signalDbm !== undefined && signalDbm !== 0 && Number.isFinite(signalDbm) && gps.transmitterPosition !== true;
  if (!location) {
    const point = { lat: gps.lat, lon: gps.lon, alt, fix: gps.fix, time: gps.time };
    const bound = altitude ? alt : 0;
    device.location = {
      last: point,
      min: { ...point, alt: bound },
      max: { ...point, alt: bound },
      sum: { lat: point.lat, lon: point.lon, alt: gps.fix >= 3 ? alt : 0, count: 1, altCount: gps.fix >= 3 ? 1 : 0 },
      fix: gps.fix,
      estimate: weighs ? startEstimate(point, signalDbm) : undefined,
    };
    return;
  }
  const last = location.last;
  last.lat = gps.lat;
  last.lon = gps.lon;
  last.alt = alt;
  last.fix = gps.fix;
  last.time = gps.time;
  if (gps.fix > location.fix) location.fix = gps.fix;
  const { min, max, sum } = location;
  if (gps.lat < min.lat) min.lat = gps.lat;
  if (gps.lon < min.lon) min.lon = gps.lon;
  if (gps.lat > max.lat) max.lat = gps.lat;
  if (gps.lon > max.lon) max.lon = gps.lon;
  // As Kismet: altitude bounds and the average altitude from 3D fixes only, 0 meaning none yet.
  if (altitude) {
    if (alt < min.alt || min.alt === 0) min.alt = alt;
    if (alt > max.alt || max.alt === 0) max.alt = alt;
  }
  sum.lat += gps.lat;
  sum.lon += gps.lon;
  sum.count++;
  if (gps.fix >= 3) {
    sum.alt += alt;
    sum.altCount++;
  }
  if (!weighs) return;
  if (location.estimate) addSample(location.estimate, gps.lat, gps.lon, alt, gps.fix, gps.time, signalDbm);
  else location.estimate = startEstimate(last, signalDbm);
}

function findFrequency(counts: readonly FrequencyCount[], khz: number): FrequencyCount | undefined {
  for (let index = 0; index < counts.length; index++) if (counts[index]!.khz === khz) return counts[index];
  return undefined;
}

function findSource(seenby: readonly SeenBy[], uuid: string): SeenBy | undefined {
  for (let index = 0; index < seenby.length; index++) if (seenby[index]!.uuid === uuid) return seenby[index];
  return undefined;
}
