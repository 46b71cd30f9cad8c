/**
 * The {{phyName}} PHY: turns {{title}} reports into tracked devices. Each device is keyed by the
 * sensor's address and carries a `{{fieldPrefix}}.device` sub-record with its last reading; svc
 * adds the `phy-{{phyName}}` view, signal, packet counts and the rest of the base record.
 */
import { parseMac, type Packet, type PhyDefinition, type Service } from '@svc/core';
import { parseReport, REPORT_TYPE } from './report.js';

/** The PHY name, as clients see it in `svc.device.base.phyname`. */
export const PHY_NAME = '{{phyName}}';

/** The sub-record a {{title}} device carries. */
export interface {{typeName}}Device {
  /** The last reading the sensor reported. */
  '{{fieldPrefix}}.device.reading': number;
}

declare module '@svc/core' {
  interface DeviceComponents {
    /** The {{phyName}} PHY's sub-record. */
    {{fieldPrefix}}: {{typeName}}Device;
  }
}

/** The PHY, its sub-record, the one field in it, and how the sub-record survives a restart. */
export const phyDefinition: PhyDefinition = {
  name: PHY_NAME,
  description: '{{title}} sensors',
  deviceComponent: {
    field: '{{fieldPrefix}}.device',
    key: '{{fieldPrefix}}',
    description: '{{title}} sensor data',
    fields: [{ name: '{{fieldPrefix}}.device.reading', type: 'double', description: 'last reading the sensor reported' }],
  },
  // Across restarts (tracker_restore) the sub-record comes back from the JSON record the log
  // kept, or, faster, from the compact state snapshot beside the log. Raise `version` whenever
  // `write` changes what it writes; `read` reads the same values in the same order.
  restoreComponent: (record) => ({ '{{fieldPrefix}}.device.reading': typeof record['{{fieldPrefix}}.device.reading'] === 'number' ? record['{{fieldPrefix}}.device.reading'] : 0 }),
  componentState: {
    version: 1,
    write: (component, writer) => writer.number((component as {{typeName}}Device)['{{fieldPrefix}}.device.reading']),
    read: (reader) => ({ '{{fieldPrefix}}.device.reading': reader.number() }),
  },
};

/**
 * The `classify` tap: a {{phyName}} record becomes a device touch. A record that is not a report,
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
  device.type = '{{title}} sensor';
  device.components.{{fieldPrefix}} = { '{{fieldPrefix}}.device.reading': report.reading };
}
