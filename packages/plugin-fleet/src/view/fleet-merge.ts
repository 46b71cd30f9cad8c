/**
 * The fleet view's merge: every sensor's latest record of a device becomes one tracked device
 * with one seen-by entry per sensor (named by the sensor's server UUID, with the sensor's own
 * first and last time, packet count and signal). The device's fields are those of the sensor
 * that heard it last (its name, channel, PHY sub-record, location); its first and last time
 * span every sensor's, its packet count is the sum of theirs, and its signal is that of the
 * sensor hearing it best (`svc.device.base.best_seenby`). A sensor's record replaces what that
 * sensor said before, so a record delivered twice, replayed after a restart, or sent again by a
 * restarted sensor is never counted twice.
 */
import { bestSeenBy, deviceFromServedRecord, SignalData, type SeenBy, type Service, type TrackedDevice } from '@svc/core';
import type { SensorIdentity } from '../sensor/fleet-sensor.js';

type Fields = Record<string, unknown>;

const isObject = (value: unknown): value is Fields => value !== null && typeof value === 'object' && !Array.isArray(value);
const number = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/** Merges sensors' device records into the tracker. */
export class FleetMerge {
  /** Records taken in. */
  records = 0;
  /** Records of a PHY this server does not have (a sensor with a plugin the view lacks), skipped. */
  skipped = 0;

  constructor(private readonly svc: Pick<Service, 'devices' | 'phys' | 'messages'>) {}

  /** Takes one sensor's latest record of a device; the caller commits the tracker. */
  apply(sensor: SensorIdentity, record: Fields): void {
    const key = record['svc.device.base.key'];
    if (typeof key !== 'string') {
      this.skipped++;
      return;
    }
    const tracked = this.svc.devices.byKey(key);
    const seen = seenByOf(sensor, record);
    const seenby = [...(tracked?.seenby ?? [])];
    const at = seenby.findIndex((entry) => entry.uuid === sensor.uuid);
    if (at >= 0) seenby[at] = seen;
    else seenby.push(seen);
    const heardLast = seenby.every((entry) => entry === seen || entry.lastTime <= seen.lastTime);
    let merged: TrackedDevice | undefined = tracked;
    if (!tracked || heardLast) merged = deviceFromServedRecord(this.svc, record);
    if (!merged) {
      this.skipped++;
      return;
    }
    this.records++;
    merged.seenby = seenby;
    spanSensors(merged);
    if (!tracked) this.svc.devices.admit(merged);
    else this.svc.devices.refresh(tracked, merged);
  }
}

/** The seen-by entry of one sensor's record. */
function seenByOf(sensor: SensorIdentity, record: Fields): SeenBy {
  const seen: SeenBy = {
    uuid: sensor.uuid,
    firstTime: number(record['svc.device.base.first_time']),
    lastTime: number(record['svc.device.base.last_time']),
    numPackets: number(record['svc.device.base.packets.total']),
  };
  const signal = record['svc.device.base.signal'];
  if (isObject(signal)) seen.signal = SignalData.fromRecord(signal);
  return seen;
}

/** First and last time, packets and signal over every sensor's entry. */
function spanSensors(device: TrackedDevice): void {
  const seenby = device.seenby!;
  device.firstTime = Math.min(...seenby.map((seen) => seen.firstTime));
  device.lastTime = Math.max(...seenby.map((seen) => seen.lastTime));
  device.packetsTotal = seenby.reduce((total, seen) => total + seen.numPackets, 0);
  const best = bestSeenBy(device);
  if (best) device.signal = best.signal;
}
