/**
 * The tracked device as plugins see it in `deviceCreated` / `deviceUpdated`. Each PHY plugin
 * adds its typed slot through module augmentation:
 * `declare module '@svc/core' { interface DeviceComponents { dot11: Dot11Device } }`.
 */

/** Per-PHY device data, one slot per PHY plugin, added by module augmentation. */
// eslint-disable-next-line @typescript-eslint/no-empty-interface
export interface DeviceComponents {}

/** A device the tracker keeps: one per (PHY, MAC). */
export interface Device {
  /** Device key, `<16 hex phy prefix>_<12 hex MAC>`. */
  readonly key: string;
  /** Name of the PHY that owns the device (`IEEE802.11`, `RTL433`). */
  readonly phyname: string;
  /** The PHY's typed slots. */
  readonly components: Partial<DeviceComponents>;
}
