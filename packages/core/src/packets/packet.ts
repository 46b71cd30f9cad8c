import type { TrackedDevice } from '../tracker/tracked-device.js';

/**
 * The packet that travels the packet chain. A datasource fills in what it knows (time, source,
 * link type, raw bytes or a JSON record); each chain stage adds what it learns. The frame bytes
 * are parsed in place: stages keep offsets into `data`, not copies.
 */

/**
 * What chain stages learned about a packet, one slot per plugin. A plugin adds its slot with
 * `declare module '@svc/core' { interface PacketAnnotations { dot11: Dot11Frame } }`; the package
 * entry re-exports this interface and the augmentation merges with it through that re-export,
 * so every reader of `packet.annotations.dot11` gets the type without a cast.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-interface
export interface PacketAnnotations {}

/** One captured frame or record on its way through the chain. */
export interface Packet {
  /** Capture time, Unix seconds. */
  tsSec: number;
  /** Microseconds part of the capture time. */
  tsUsec: number;
  /** UUID of the datasource that produced it. */
  sourceUuid: string;
  /** pcap link type of `data` (0 when the packet carries only a JSON record). */
  dlt: number;
  /** The raw frame, when the source captures frames. */
  data?: Buffer;
  /** A structured record (rtl_433 JSON, serial sniffer report), when the source produces one. */
  json?: { type: string; text: string };
  /** Radio measurements, when the source reports them. */
  signal?: PacketSignal;
  /** Position of the capturing sensor, when a GPS is attached. */
  gps?: PacketGps;
  /** True once a stage has judged the packet malformed; later stages may skip it. */
  error?: boolean;
  /**
   * True when the ingest workers (`ingest_threads=`) already ran the PHYs' decoders on the frame
   * and filed what they found: the chain's PHY decode taps leave the packet as it is.
   */
  predecoded?: boolean;
  /**
   * True once an ingest filter rule blocked a MAC the packet names: the tracker touches nothing
   * more for it, and later stages, logs and exports skip it.
   */
  filtered?: boolean;
  /**
   * True when another datasource delivered the same frame moments before (the duplicate filter,
   * `packet_dedup_size`): the tracker records only the radio's view of it (seen-by, and the
   * signal and frequency of the device that sent it) and counts it on no device; PHYs and alert
   * checks skip it. Logs keep it, as Kismet's do.
   */
  duplicate?: boolean;
  /**
   * The frame's hash (packet-hash.ts), once the duplicate filter computed it; logs that keep it
   * (svcdb's `packets.hash`) take it from here instead of hashing the frame again.
   */
  hash?: number;
  /**
   * What chain stages learned, one slot per plugin (`dot11`, `rtl433`...): a PHY's decoder fills
   * its slot, its classifier and other plugins' taps read it, typed by {@link PacketAnnotations}.
   */
  annotations: Partial<PacketAnnotations>;
  /**
   * Name of the PHY that claimed the packet (`IEEE802.11`, `RFSENSOR`...), set by its classifier or
   * by the tracker; logs file the packet under it. Undefined when no PHY understood it.
   */
  phyName?: string;
  /** The device that sent the packet, set by the tracker when a PHY touches its transmitter. */
  device?: TrackedDevice;
  /** The destination's MAC (48-bit number), when the PHY's frame names one. */
  destMac?: number;
  /**
   * The addresses of Kismet's common record, when the PHY's frame names them: the frame's source
   * (in 802.11 the source address, which differs from the sending device's for data an access
   * point relays), its network (the BSSID) and its transmitter. The svcdb log's packet filter
   * matches its `source`, `network` and `other` blocks against them.
   */
  sourceMac?: number;
  networkMac?: number;
  transmitterMac?: number;
  /**
   * Kismet's packet tags (`DOT11_BEACON_SSID`, `DOT11_WPAHANDSHAKE`, `ALERT_<NAME>`...), added by
   * stages that find something worth finding again: logs keep them (`packets.tags`), so
   * `kismetdb_to_pcap --tag` selects packets by them. Absent on most packets.
   */
  tags?: string[];
}


/** Radio measurements attached to a packet. */
export interface PacketSignal {
  signalDbm?: number;
  noiseDbm?: number;
  /** Frequency in kHz. */
  freqKhz?: number;
  channel?: string;
}

/** A GPS fix attached to a packet. */
export interface PacketGps {
  lat: number;
  lon: number;
  alt?: number;
  /** 0 none, 2 2D, 3 3D. */
  fix: number;
  /** Unix seconds of the fix. */
  time: number;
  /**
   * True when the position is the transmitter's own (one it broadcast, as an aircraft does over
   * ADS-B), not the capturing sensor's: it is the device's location, but says nothing about
   * where the device is from how loud it was heard, so no signal-weighted estimate takes it in.
   */
  transmitterPosition?: boolean;
}
