/**
 * A device as the map exports (KML, GPX) describe it: where it is (the estimate when it has
 * samples, else its last fix; location-record.ts) and what a reader wants beside the point,
 * taken alike from a tracked device (the HTTP routes) and from the record a log kept of one
 * (`svc log export`).
 */
import { estimateRadius } from '../tracker/location-estimate.js';
import { devicePosition, locationOf } from '../tracker/location-record.js';
import type { DeviceLocation, TrackedDevice } from '../tracker/tracked-device.js';
import { formatMac } from '../util/mac.js';

/** What a device export says of a device beside its position. */
export interface DeviceFacts {
  readonly key: string;
  readonly mac: string;
  readonly phy: string;
  /** The user's name, else the advertised one, else the MAC. */
  readonly name: string;
  readonly type: string;
  readonly manuf: string;
  /** First and last time heard, Unix seconds. */
  readonly firstTime: number;
  readonly lastTime: number;
  /** Last and strongest signal in dBm; undefined when the device was heard with none. */
  readonly lastSignal: number | undefined;
  readonly maxSignal: number | undefined;
}

/** One located device, ready to write. */
export interface LocatedDevice extends DeviceFacts {
  /** Decimal degrees; metres (0 without a 3D fix). */
  readonly lat: number;
  readonly lon: number;
  readonly alt: number;
  /** True when the position is the signal-weighted estimate, false when it is the last fix. */
  readonly estimated: boolean;
  /** Samples behind the estimate (0 for a last fix), and its radius in metres. */
  readonly samples: number;
  readonly radius: number;
}

function located(facts: DeviceFacts, location: DeviceLocation | undefined): LocatedDevice | undefined {
  if (!location) return undefined;
  const { lat, lon, alt } = devicePosition(location);
  if (!Number.isFinite(lat) || !Number.isFinite(lon)) return undefined;
  const estimate = location.estimate;
  return { ...facts, lat, lon, alt, estimated: estimate !== undefined, samples: estimate?.samples ?? 0, radius: estimate ? estimateRadius(estimate) : 0 };
}

/** The located form of a tracked device; undefined when it has no location. */
export function locatedFromDevice(device: TrackedDevice): LocatedDevice | undefined {
  const signal = device.signal;
  const heard = signal !== undefined && signal.lastSignal !== 0;
  return located(
    {
      key: device.key,
      mac: formatMac(device.mac),
      phy: device.phy.name,
      name: device.commonname,
      type: device.type,
      manuf: device.manuf,
      firstTime: Math.floor(device.firstTime),
      lastTime: Math.floor(device.lastTime),
      lastSignal: heard ? signal.lastSignal : undefined,
      maxSignal: heard ? signal.maxSignal : undefined,
    },
    device.location,
  );
}

type Fields = Record<string, unknown>;
const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const number = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/** The located form of a device record (as a log keeps it); undefined when it holds no location. */
export function locatedFromRecord(record: Fields): LocatedDevice | undefined {
  const base = (name: string) => record[`svc.device.base.${name}`];
  const signal = base('signal');
  const signals = signal !== null && typeof signal === 'object' ? (signal as Fields) : {};
  const lastSignal = number(signals['svc.common.signal.last_signal']);
  const mac = text(base('macaddr'));
  return located(
    {
      key: text(base('key')),
      mac,
      phy: text(base('phyname')),
      name: text(base('commonname')) || text(base('username')) || text(base('name')) || mac,
      type: text(base('type')),
      manuf: text(base('manuf')),
      firstTime: number(base('first_time')),
      lastTime: number(base('last_time')),
      lastSignal: lastSignal !== 0 ? lastSignal : undefined,
      maxSignal: lastSignal !== 0 ? number(signals['svc.common.signal.max_signal']) : undefined,
    },
    locationOf(base('location')),
  );
}
