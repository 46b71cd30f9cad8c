/**
 * The tracker's device object: plain numeric and string fields plus a few optional parts
 * (signal, packet history, seen-by, tags, location) that exist only once used, and links for
 * the tracker's recency list. Kept compact: about 1.5 KB per device with signal and packet
 * history; the JSON-shaped record is built only when a client asks for it.
 */
import { formatMac } from '../util/mac.js';
import type { Device, DeviceComponents } from './device.js';
import type { GeoPoint } from './geo-point.js';
import type { LocationEstimate } from './location-estimate.js';
import type { Rrd } from './rrd.js';
import type { SignalData } from './signal.js';

/** What the tracker knows about a PHY at run time. */
export interface PhyState {
  readonly name: string;
  readonly description: string;
  /** Numeric id, in registration order. */
  readonly id: number;
  /** 16-hex-digit device key prefix. */
  readonly keyPrefix: string;
  /** Field name of the PHY's device sub-record (`dot11.device`), if it has one. */
  readonly componentField?: string;
  /** Key of the PHY's slot in `components`. */
  readonly componentKey?: string;
  deviceCount: number;
  packetCount: number;
}

/** Per-datasource sighting of a device. */
export interface SeenBy {
  readonly uuid: string;
  /** First and last packet time from this source, in whole Unix seconds. */
  firstTime: number;
  lastTime: number;
  numPackets: number;
  /** The source's own signal statistics for the device, when it keeps them apart (the fleet view: each sensor's). */
  signal?: SignalData;
}

export type { GeoPoint } from './geo-point.js';

/**
 * Where a device was heard, as Kismet keeps it (the last fix, the bounding box, the average)
 * and, beyond Kismet, svc's estimate of where a fixed transmitter is.
 */
export interface DeviceLocation {
  last: GeoPoint;
  /** South-west and north-east corners; their altitudes are the lowest and highest of the 3D fixes (0 until one). */
  min: GeoPoint;
  max: GeoPoint;
  /** Sums of the average: positions over `count` fixes, altitudes over the `altCount` 3D fixes only. */
  sum: { lat: number; lon: number; alt: number; count: number; altCount: number };
  /** The best fix seen: 2 (2D) or 3 (3D), Kismet's `loc_fix`. */
  fix: number;
  /** The signal-weighted estimate, from the first located packet that carried a signal. */
  estimate: LocationEstimate | undefined;
}

/** Packets heard on one frequency. */
export interface FrequencyCount {
  readonly khz: number;
  packets: number;
}

let nextSerial = 0;

/** A device held by the tracker. */
export class TrackedDevice implements Device {
  /** Creation order; breaks ties when devices are sorted, so page order is stable. */
  readonly serial = nextSerial++;
  name = '';
  username: string | undefined = undefined;
  type = '';
  basicTypeSet = 0;
  crypt = '';
  basicCryptSet = 0;
  channel = '';
  frequency = 0;
  // Number fields start as numbers: declared without a value they would start undefined, and V8
  // would then box every fractional time stored in them as a new heap number.
  firstTime = 0;
  lastTime = 0;
  modTime = 0;
  packetsTotal = 0;
  packetsRx = 0;
  packetsTx = 0;
  packetsLlc = 0;
  packetsError = 0;
  packetsData = 0;
  packetsCrypt = 0;
  packetsFiltered = 0;
  datasize = 0;
  numAlerts = 0;
  signal: SignalData | undefined = undefined;
  packetsRrd: Rrd | undefined = undefined;
  /**
   * Packets per frequency in kHz, in the order first heard. A list, not a Map: a device is heard
   * on a few frequencies, and a Map would cost some 150 bytes more per device.
   */
  frequencyCounts: FrequencyCount[] | undefined = undefined;
  /** The counter of the last packet's frequency, so the common case skips the list. */
  frequencyCount: FrequencyCount | undefined = undefined;
  /** The sources that heard the device, in the order they first did (a list, as for frequencies). */
  seenby: SeenBy[] | undefined = undefined;
  /** The seen-by record of the last packet's source, so the common case skips the list. */
  lastSeenBy: SeenBy | undefined = undefined;
  tags: Map<string, string> | undefined = undefined;
  location: DeviceLocation | undefined = undefined;
  relatedDevices: Map<string, Set<string>> | undefined = undefined;
  readonly components: Partial<DeviceComponents> = {};
  /** Recency list links (most recently seen first). */
  newer: TrackedDevice | undefined = undefined;
  older: TrackedDevice | undefined = undefined;
  /** Membership bits of the first views (see DeviceView), so views skip a map lookup per packet. */
  viewBits = 0;
  /** Set while the device waits in the current packet's touched list. */
  touched = false;
  /** Set from creation until the tracker commits it (and announces it). */
  isNew = false;

  constructor(
    /** Always `deviceKey(phy.keyPrefix, mac)`: the svcdb log writes keys from the two (packet-rows.ts). */
    readonly key: string,
    readonly mac: number,
    readonly phy: PhyState,
    /** Manufacturer (OUI registry, or what the PHY knows: `RF Sensor` for synthesised MACs). */
    public manuf: string,
    time: number,
  ) {
    this.firstTime = time;
    this.lastTime = time;
    this.modTime = time;
  }

  get phyname(): string {
    return this.phy.name;
  }

  /** The user-set name, else the advertised name, else the MAC. */
  get commonname(): string {
    return this.username || this.name || formatMac(this.mac);
  }

  seenBy(uuid: string): boolean {
    return this.seenby?.some((seen) => seen.uuid === uuid) ?? false;
  }
}
