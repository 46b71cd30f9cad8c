/**
 * KML 2.2 (OGC 07-147r2) of located devices, as Google Earth and GPSBabel read it: a Document
 * of one Placemark per device, a Point at `lon,lat[,alt]`, the device's name, a description
 * Google Earth shows in its balloon, and the same facts as ExtendedData for programs.
 */
import { altitude, coordinate, deviceData, deviceDescription, isoTime, xmlText } from './export-text.js';
import type { LocatedDevice } from './located-device.js';

/** KML's namespace (version 2.2). */
export const KML_NAMESPACE = 'http://www.opengis.net/kml/2.2';

/** The document, a piece at a time: the header, one Placemark per device, the footer. */
export function* kmlDocument(devices: Iterable<LocatedDevice>, title: string, time: number): Generator<string> {
  yield `<?xml version="1.0" encoding="UTF-8"?>\n<kml xmlns="${KML_NAMESPACE}">\n<Document>\n<name>${xmlText(title)}</name>\n<description>${xmlText(`written by svc at ${isoTime(time)}`)}</description>\n`;
  for (const device of devices) yield placemark(device);
  yield '</Document>\n</kml>\n';
}

function placemark(device: LocatedDevice): string {
  const description = deviceDescription(device, '<br>');
  const extended = deviceData(device).map(([name, value]) => `<Data name="${name}"><value>${xmlText(value)}</value></Data>`).join('');
  const point = `${coordinate(device.lon)},${coordinate(device.lat)}${device.alt !== 0 ? `,${altitude(device.alt)}` : ''}`;
  return `<Placemark>\n<name>${xmlText(device.name)}</name>\n<description>${xmlText(description)}</description>\n<ExtendedData>${extended}</ExtendedData>\n<Point><coordinates>${point}</coordinates></Point>\n</Placemark>\n`;
}
