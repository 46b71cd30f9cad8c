/**
 * The MINIMAL PHY: turns Minimal reports into tracked devices. Each device is keyed by the
 * sensor's address and carries a `minimal.device` sub-record with its last reading; svc
 * adds the `phy-MINIMAL` view, signal, packet counts and the rest of the base record.
 */
import { parseMac, type Packet, type PhyDefinition, type Service } from '@svc/core';
import { parseReport, REPORT_TYPE } from './report.js';

/** The PHY name, as clients see it in `svc.device.base.phyname`. */
export const PHY_NAME = 'MINIMAL';

/** The sub-record a Minimal device carries. */
export interface MinimalDevice {
  /** The last reading the sensor reported. */
  'minimal.device.reading': number;
}

declare module '@svc/core' {
  interface DeviceComponents {
    /** The MINIMAL PHY's sub-record. */
    minimal: MinimalDevice;
  }
}

/** The PHY, its sub-record, the one field in it, and how the sub-record survives a restart. */
export const phyDefinition: PhyDefinition = {
  name: PHY_NAME,
  description: 'Minimal sensors',
  deviceComponent: {
    field: 'minimal.device',
    key: 'minimal',
    description: 'Minimal sensor data',
    fields: [{ name: 'minimal.device.reading', type: 'double', description: 'last reading the sensor reported' }],
  },
  // Across restarts (tracker_restore) the sub-record comes back from the JSON record the log
  // kept, or, faster, from the compact state snapshot beside the log. Raise `version` whenever
  // `write` changes what it writes; `read` reads the same values in the same order.
  restoreComponent: (record) => ({ 'minimal.device.reading': typeof record['minimal.device.reading'] === 'number' ? record['minimal.device.reading'] : 0 }),
  componentState: {
    version: 1,
    write: (component, writer) => writer.number((component as MinimalDevice)['minimal.device.reading']),
    read: (reader) => ({ 'minimal.device.reading': reader.number() }),
  },
};

/**
 * The `classify` tap: a MINIMAL record becomes a device touch. A record that is not a report,
 * or has no valid address, marks the packet as an error, which svc counts on its source.
 */
export function classifyReport(svc: Service, packet: Packet): void {
  if (packet.json?.type !== REPORT_TYPE) return;
  const report = parseReport(packet.json.text);
  const mac = report ? parseMac(report.address) : undefined;
  const phy = svc.devices.phy(PHY_NAME);
  if (!report || mac === undefined || !phy) {
    packet.error = true;
    return;
  }
  const device = svc.devices.touch(packet, phy, mac);
  if (device === undefined) return; // an ingest filter rule blocks it
  device.type = 'Minimal sensor';
  device.components.minimal = { 'minimal.device.reading': report.reading };
}
