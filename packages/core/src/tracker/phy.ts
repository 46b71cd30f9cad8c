/**
 * What a PHY plugin declares, in one place: the radio layer it understands, from the frames it
 * decodes to the panel that shows its devices. The tracker keys devices by the PHY name; the
 * core registers the PHY's sub-record field, its fields, views, alert definitions and UI module
 * on the plugin's behalf, imports its decoder, and taps the packet chain with the decoder and
 * the classifier (`packets/phy-taps.ts`).
 */
import type { AlertDefinitionInput } from '../alerts/alert-tracker.js';
import type { FieldDefinition } from '../fields/field-registry.js';
import type { PacketAnnotations } from '../packets/packet.js';
import type { PhyDecoderDefinition } from '../packets/phy-decoder.js';
import type { Service } from '../service-types.js';
import type { UiModuleDefinition } from '../ui/ui-module.js';
import type { ViewDefinition } from '../views/view-definition.js';
import type { WigleRow } from '../logging/wigle/wigle-csv.js';
import type { Packet } from '../packets/packet.js';
import type { Device } from './device.js';
import type { MacNumber } from './device-key.js';
import type { StateReader } from './state/state-reader.js';
import type { StateWriter } from './state/state-writer.js';
import type { PhyState } from './tracked-device.js';

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

/** A name a PHY had before a rename, and where its devices' records kept the sub-record then. */
export interface PhyFormerName {
  /** The former PHY name (`RTL433`): the `phyname` of the devices older logs hold. */
  readonly name: string;
  /**
   * Field of the sub-record in those devices' records (`rtl433.device`); `restoreComponent` is
   * given that sub-record and converts it.
   */
  readonly componentField?: string;
}

/** A PHY contributed through the `phys` hook. */
export interface PhyDefinition {
  /** PHY name as clients see it (`IEEE802.11`, `RFSENSOR`); also hashed into device keys. */
  readonly name: string;
  /** One line for listings. */
  readonly description: string;
  /** The PHY's device sub-record, if its devices carry one. */
  readonly deviceComponent?: PhyDeviceComponent;
  /**
   * Names the PHY had before a rename, newest first. `tracker_restore` takes the devices of
   * older logs recorded under them as this PHY's (keys recomputed with this PHY's prefix,
   * sub-records through `restoreComponent`), and `phy-<former name>` answers as `phy-<NAME>`.
   */
  readonly formerNames?: readonly PhyFormerName[];
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
   * The MAC a device a log kept has today, for a PHY that changed how it makes MACs up (RFSENSOR
   * took Kismet's for sensors with text ids): given the sub-record as the log kept it (what
   * `restoreComponent` is given) and the MAC of the logged key. `tracker_restore` keys the device
   * with it, so a device keeps one key across the change. Such a PHY also raises
   * `componentState.version`, so its devices come back through their JSON records.
   */
  readonly restoredMac?: (record: Record<string, unknown>, loggedMac: MacNumber) => MacNumber;
  /**
   * The sub-record in the compact form of the tracker's state snapshot, which a restart reads
   * several times faster than the log's JSON. Without it, the PHY's devices come back from
   * their JSON records through `restoreComponent`.
   */
  readonly componentState?: PhyComponentState;
  /**
   * The PHY's decoder, by module and export name: a pure function from frame bytes to the
   * PHY's annotation (see `packets/phy-decoder.ts` for the contract). The core calls it in the
   * `decode` stage for the link types and record types declared here.
   */
  readonly decoder?: PhyDecoderDefinition;
  /** Turns annotated packets into device updates, in the `classify` stage. */
  readonly classifier?: PhyClassifierDefinition;
  /** Alerts the PHY raises; the core defines them for this PHY through the `alertDefinitions` registry. */
  readonly alerts?: readonly PhyAlertDefinition[];
  /**
   * The browser module of the PHY's devices in the web app: the panels of a device's detail,
   * the columns of the device table and, once the web app offers one, the PHY's map layer.
   */
  readonly ui?: UiModuleDefinition;
}

/** An alert a PHY declares; its `phyName` is the PHY's. */
export type PhyAlertDefinition = Omit<AlertDefinitionInput, 'phyName'>;

/**
 * A PHY's classifier: it runs on the main thread, reads the packet's annotations (typed by
 * `PacketAnnotations`, no casts) and touches devices through the PHY's tracker handle.
 */
export interface PhyClassifierDefinition {
  /** The annotations that bring a packet to the classifier: its decoder's, and any a datasource sets itself. */
  readonly reads: readonly (keyof PacketAnnotations)[];
  /**
   * Makes the classifier, once, when the first packet for it arrives; `phy` is the PHY's handle
   * for `svc.devices.touch`.
   */
  create(svc: Service, phy: PhyState): (packet: Packet) => void;
}

/**
 * How a PHY packs its device sub-record into the tracker's state snapshot and reads it back.
 * `read` sees exactly the values `write` wrote, in the same order; a snapshot written under a
 * different `version` is not read, and those devices come back from the log's JSON instead.
 * `Component` is the PHY's sub-record type, so neither side casts.
 */
export interface PhyComponentState<Component = unknown> {
  /** Layout version, from 1: raise it whenever `write` changes what it writes. */
  readonly version: number;
  write(component: Component, writer: StateWriter): void;
  /** The sub-record of `device` (its base fields already restored); throws on a damaged state. */
  read(reader: StateReader, device: Device): Component;
}
