/**
 * The formats located devices are exported in (KML for Google Earth, GPX for GPS tools), by
 * name, with what an HTTP answer or a file of each needs: its media type, its file extension
 * and its writer.
 */
import { gpxDocument } from './gpx.js';
import { kmlDocument } from './kml.js';
import type { LocatedDevice } from './located-device.js';

/** One export format. */
export interface DeviceExportFormat {
  readonly name: DeviceExportFormatName;
  readonly mediaType: string;
  readonly extension: string;
  /** The document of `devices` titled `title`, written at `time` (Unix seconds), a piece at a time. */
  document(devices: Iterable<LocatedDevice>, title: string, time: number): Generator<string>;
}

/** The names of the formats. */
export type DeviceExportFormatName = 'kml' | 'gpx';

/** The formats by name. */
export const DEVICE_EXPORT_FORMATS: Readonly<Record<DeviceExportFormatName, DeviceExportFormat>> = {
  kml: { name: 'kml', mediaType: 'application/vnd.google-earth.kml+xml', extension: 'kml', document: kmlDocument },
  gpx: { name: 'gpx', mediaType: 'application/gpx+xml', extension: 'gpx', document: gpxDocument },
};
