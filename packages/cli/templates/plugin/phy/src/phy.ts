/**
 * The {{phyName}} PHY, declared whole in this file: its name, the `{{fieldPrefix}}.device`
 * sub-record of its devices and the field in it, the decoder (named by module and export, see
 * decode.ts), the classifier that turns decoded reports into devices, how the sub-record
 * survives a restart, and the UI module with its panel. svc registers all of it and runs the
 * decoder and the classifier in the packet chain; it also adds the `phy-{{phyName}}` view,
 * signal, packet counts and the rest of the base record. A PHY may also declare `views`,
 * `alerts` (alert definitions it raises) and `wigleRow` (see PhyDefinition in @svc/core).
 */
import { packageFile, type PhyDefinition } from '@svc/core';
import { REPORT_TYPE } from './report.js';

/** The PHY name, as clients see it in `svc.device.base.phyname`. */
export const PHY_NAME = '{{phyName}}';

/** The sub-record a {{title}} device carries. */
export interface {{typeName}}Device {
  /** The last reading the sensor reported. */
  '{{fieldPrefix}}.device.reading': number;
}

/** What the decoder makes of a report: the packet's `{{fieldPrefix}}` annotation. */
export interface {{typeName}}Reading {
  /** The sensor's address as a 48-bit number, which keys its device. */
  readonly mac: number;
  readonly reading: number;
}

declare module '@svc/core' {
  interface DeviceComponents {
    /** The {{phyName}} PHY's sub-record. */
    {{fieldPrefix}}: {{typeName}}Device;
  }
  interface PacketAnnotations {
    /** A decoded {{title}} report. */
    {{fieldPrefix}}: {{typeName}}Reading;
  }
}

/** The PHY. */
export const phyDefinition: PhyDefinition = {
  name: PHY_NAME,
  description: '{{title}} sensors',
  deviceComponent: {
    field: '{{fieldPrefix}}.device',
    key: '{{fieldPrefix}}',
    description: '{{title}} sensor data',
    fields: [{ name: '{{fieldPrefix}}.device.reading', type: 'double', description: 'last reading the sensor reported' }],
  },
  // A pure function, imported by svc from this module path: it sees only the record, never svc,
  // so svc can run it wherever it decodes (decode.ts says what it may and may not do).
  decoder: { module: new URL('./decode.js', import.meta.url).href, exportName: 'decodeReport', annotation: '{{fieldPrefix}}', recordTypes: [REPORT_TYPE] },
  // Runs on svc's main thread for packets the decoder annotated; `phy` is the handle devices are touched with.
  classifier: {
    reads: ['{{fieldPrefix}}'],
    create: (svc, phy) => (packet) => {
      const report = packet.annotations.{{fieldPrefix}};
      if (report === undefined) return;
      const device = svc.devices.touch(packet, phy, report.mac);
      if (device === undefined) return; // an ingest filter rule blocks it
      device.type = '{{title}} sensor';
      device.components.{{fieldPrefix}} = { '{{fieldPrefix}}.device.reading': report.reading };
    },
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
  // The device panel for the web app, built by `npm run build` into dist/ui (see src/ui/panel.ts).
  ui: { name: '{{name}}', description: 'the {{title}} panel of a device', file: packageFile(import.meta.url, 'dist/ui/{{name}}.js') },
};
