/**
 * What a PHY plugin declares: the radio layer it understands. The tracker keys devices by the
 * PHY name, and the core registers the PHY's device sub-record field, its fields and its views
 * on the plugin's behalf.
 */
import type { FieldDefinition } from '../fields/field-registry.js';
import type { ViewDefinition } from '../views/view-definition.js';
import type { WigleRow } from '../logging/wigle/wigle-csv.js';
import type { Packet } from '../packets/packet.js';
import type { Device } from './device.js';
import type { StateReader } from './state/state-reader.js';
import type { StateWriter } from './state/state-writer.js';

/** A PHY's device sub-record: the field it is served under and the slot it lives in. */
export interface PhyDeviceComponent {
  /** Field name of the sub-record in device records (`dot11.device`). */
  readonly field: string;
  /** Key of the slot in `device.components` (`dot11`). */
  readonly key: string;
  /** One line describing the sub-record. */
  readonly description: string;
  /** The fields inside the sub-record. */
  readonly fields: readonly FieldDefinition[];
}

/** A PHY contributed through the `phys` hook. */
export interface PhyDefinition {
  /** PHY name as clients see it (`IEEE802.11`, `RTL433`); also hashed into device keys. */
  readonly name: string;
  /** One line for listings. */
  readonly description: string;
  /** The PHY's device sub-record, if its devices carry one. */
  readonly deviceComponent?: PhyDeviceComponent;
  /** Views the PHY defines, besides the automatic `phy-<NAME>`. */
  readonly views?: readonly ViewDefinition[];
  /**
   * Describes a device for the WiGLE CSV log (`wiglecsv`), from a packet it sent with a GPS fix;
   * undefined when the packet should make no row (WiGLE maps networks and advertisers, not every
   * station). PHYs WiGLE does not know leave it out.
   */
  readonly wigleRow?: (device: Device, packet: Packet) => WigleRow | undefined;
  /**
   * Rebuilds a device's sub-record from the one a log kept (`tracker_restore`), so a restart
   * keeps what the PHY knew; undefined when the record cannot be read. The device's base fields
   * are already restored. Without it, restored devices of the PHY keep their base fields only.
   */
  readonly restoreComponent?: (record: Record<string, unknown>, device: Device) => unknown;
  /**
   * The sub-record in the compact form of the tracker's state snapshot, which a restart reads
   * several times faster than the log's JSON. Without it, the PHY's devices come back from
   * their JSON records through `restoreComponent`.
   */
  readonly componentState?: PhyComponentState;
}

/**
 * How a PHY packs its device sub-record into the tracker's state snapshot and reads it back.
 * `read` sees exactly the values `write` wrote, in the same order; a snapshot written under a
 * different `version` is not read, and those devices come back from the log's JSON instead.
 */
export interface PhyComponentState {
  /** Layout version, from 1: raise it whenever `write` changes what it writes. */
  readonly version: number;
  write(component: unknown, writer: StateWriter): void;
  /** The sub-record of `device` (its base fields already restored); throws on a damaged state. */
  read(reader: StateReader, device: Device): unknown;
}
