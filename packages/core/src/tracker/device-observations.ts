/**
 * What one packet tells about the device that sent it, beyond counts: its radio measurements
 * (signal, noise, frequency, channel), which sources heard it, and where it was. Plain functions
 * on the device record, kept apart from the tracker's bookkeeping of which devices exist.
 */
import type { Packet } from '../packets/packet.js';
import { SignalData } from './signal.js';
import { SignalRrd } from './signal-rrd.js';
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
 * The packet's position (a 2D or 3D fix), on the device's last, smallest, largest and average
 * location. The last point is updated in place: a moving transmitter reports a position with
 * every packet, and a new object each time was a tenth of the aircraft ingest.
 */
export function locate(device: TrackedDevice, gps: NonNullable<Packet['gps']>): void {
  const location = device.location;
  const alt = gps.alt ?? 0;
  if (!location) {
    const point = { lat: gps.lat, lon: gps.lon, alt, fix: gps.fix, time: gps.time };
    device.location = { last: point, min: { ...point }, max: { ...point }, sum: { lat: point.lat, lon: point.lon, alt, count: 1 } };
    return;
  }
  const last = location.last;
  last.lat = gps.lat;
  last.lon = gps.lon;
  last.alt = alt;
  last.fix = gps.fix;
  last.time = gps.time;
  if (gps.lat < location.min.lat) location.min.lat = gps.lat;
  if (gps.lon < location.min.lon) location.min.lon = gps.lon;
  if (gps.lat > location.max.lat) location.max.lat = gps.lat;
  if (gps.lon > location.max.lon) location.max.lon = gps.lon;
  location.sum.lat += gps.lat;
  location.sum.lon += gps.lon;
  location.sum.alt += alt;
  location.sum.count++;
}

function findFrequency(counts: readonly FrequencyCount[], khz: number): FrequencyCount | undefined {
  for (let index = 0; index < counts.length; index++) if (counts[index]!.khz === khz) return counts[index];
  return undefined;
}

function findSource(seenby: readonly SeenBy[], uuid: string): SeenBy | undefined {
  for (let index = 0; index < seenby.length; index++) if (seenby[index]!.uuid === uuid) return seenby[index];
  return undefined;
}
