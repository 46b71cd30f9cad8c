/**
 * The MINIMAL PHY, declared whole in this file: its name, the `minimal.device`
 * sub-record of its devices and the field in it, the decoder (named by module and export, see
 * decode.ts), the classifier that turns decoded reports into devices, how the sub-record
 * survives a restart, and the UI module with its panel. svc registers all of it and runs the
 * decoder and the classifier in the packet chain; it also adds the `phy-MINIMAL` view,
 * signal, packet counts and the rest of the base record. A PHY may also declare `views`,
 * `alerts` (alert definitions it raises) and `wigleRow` (see PhyDefinition in @svc/core).
 */
import { packageFile, type PhyDefinition } from '@svc/core';
import { REPORT_TYPE } from './report.js';

/** The PHY name, as clients see it in `svc.device.base.phyname`. */
export const PHY_NAME = 'MINIMAL';

/** The sub-record a Minimal device carries. */
export interface MinimalDevice {
  /** The last reading the sensor reported. */
  'minimal.device.reading': number;
}

/** What the decoder makes of a report: the packet's `minimal` annotation. */
export interface MinimalReading {
  /** The sensor's address as a 48-bit number, which keys its device. */
  readonly mac: number;
  readonly reading: number;
}

declare module '@svc/core' {
  interface DeviceComponents {
    /** The MINIMAL PHY's sub-record. */
    minimal: MinimalDevice;
  }
  interface PacketAnnotations {
    /** A decoded Minimal report. */
    minimal: MinimalReading;
  }
}

/** The PHY. */
export const phyDefinition: PhyDefinition = {
  name: PHY_NAME,
  description: 'Minimal sensors',
  deviceComponent: {
    field: 'minimal.device',
    key: 'minimal',
    description: 'Minimal sensor data',
    fields: [{ name: 'minimal.device.reading', type: 'double', description: 'last reading the sensor reported' }],
  },
  // A pure function, imported by svc from this module path: it sees only the record, never svc,
  // so svc can run it wherever it decodes (decode.ts says what it may and may not do).
  decoder: { module: new URL('./decode.js', import.meta.url).href, exportName: 'decodeReport', annotation: 'minimal', recordTypes: [REPORT_TYPE] },
  // Runs on svc's main thread for packets the decoder annotated; `phy` is the handle devices are touched with.
  classifier: {
    reads: ['minimal'],
    create: (svc, phy) => (packet) => {
      const report = packet.annotations.minimal;
      if (report === undefined) return;
      const device = svc.devices.touch(packet, phy, report.mac);
      if (device === undefined) return; // an ingest filter rule blocks it
      device.type = 'Minimal sensor';
      device.components.minimal = { 'minimal.device.reading': report.reading };
    },
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
  // The device panel for the web app, built by `npm run build` into dist/ui (see src/ui/panel.ts).
  ui: { name: 'minimal', description: 'the Minimal panel of a device', file: packageFile(import.meta.url, 'dist/ui/minimal.js') },
};
