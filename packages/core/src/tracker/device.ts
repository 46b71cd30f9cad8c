/**
 * The tracked device as plugins see it. The tracker owns the base fields; each PHY plugin owns
 * one typed slot in `components`, added by module augmentation:
 * `declare module '@svc/core' { interface DeviceComponents { dot11: Dot11Device } }`.
 * A component that implements `toRecord()` is serialized through it.
 */

/**
 * Per-PHY device data, one slot per PHY plugin. The package entry re-exports it, and a plugin's
 * augmentation of `@svc/core` merges with it through that re-export, so the tracker can use it
 * without importing the entry (which imports everything).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-interface
export interface DeviceComponents {}

/** A component that serializes itself (to keep its in-memory form compact). */
export interface RecordSource {
  toRecord(now: number): Record<string, unknown>;
}

/** What a device looks like to plugins and views. */
export interface Device {
  /** Device key, `<16 hex phy prefix>_<12 hex MAC>`. */
  readonly key: string;
  /** MAC as a 48-bit integer. */
  readonly mac: number;
  /** Name of the PHY that owns the device (`IEEE802.11`, `RFSENSOR`). */
  readonly phyname: string;
  /** Manufacturer: the OUI registry's, or what the PHY knows (`RF Sensor` for synthesised MACs). */
  manuf: string;
  /** Device-advertised name (SSID of an AP, sensor model); empty when none. */
  name: string;
  /** User-set name (`set_name.cmd`), if any. */
  readonly username: string | undefined;
  /** Device type text (`Wi-Fi AP`, `Sensor`). */
  type: string;
  /** Bitset of basic types (AP, client, ...), PHY-defined. */
  basicTypeSet: number;
  /** Printable encryption summary. */
  crypt: string;
  /** Bitset of encryption kinds, PHY-defined. */
  basicCryptSet: number;
  /** Current channel text. */
  channel: string;
  /** Current frequency in kHz. */
  frequency: number;
  /** First and last packet time, in whole Unix seconds. */
  readonly firstTime: number;
  readonly lastTime: number;
  /** When the record last changed, in Unix seconds (server clock, with fractions). */
  readonly modTime: number;
  readonly packetsTotal: number;
  /** UUIDs of the datasources that have seen the device. */
  seenBy(uuid: string): boolean;
  /** The PHYs' typed slots. */
  readonly components: Partial<DeviceComponents>;
}
