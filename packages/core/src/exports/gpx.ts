/**
 * GPX 1.1 of located devices, as GPSBabel, GIS tools and handheld GPS receivers read it: one
 * waypoint (`wpt`) per device with its position, altitude, last time heard, name, description
 * and type, and the device's facts in svc's own extension namespace.
 */
import { CORE_VERSION } from '../version.js';
import { altitude, coordinate, deviceData, deviceDescription, isoTime, xmlText } from './export-text.js';
import type { LocatedDevice } from './located-device.js';

/** GPX's namespace (version 1.1). */
export const GPX_NAMESPACE = 'http://www.topografix.com/GPX/1/1';
/** The namespace of svc's waypoint extension. */
export const SVC_GPX_NAMESPACE = 'urn:svc:gpx:device:1';

/** The document, a piece at a time: the header, one waypoint per device, the footer. */
export function* gpxDocument(devices: Iterable<LocatedDevice>, title: string, time: number): Generator<string> {
  yield `<?xml version="1.0" encoding="UTF-8"?>\n<gpx version="1.1" creator="svc ${xmlText(CORE_VERSION)}" xmlns="${GPX_NAMESPACE}" xmlns:svc="${SVC_GPX_NAMESPACE}">\n<metadata><name>${xmlText(title)}</name><time>${isoTime(time)}</time></metadata>\n`;
  for (const device of devices) yield waypoint(device);
  yield '</gpx>\n';
}

function waypoint(device: LocatedDevice): string {
  // wptType's children in the schema's order: ele, time, name, desc, src, type, then extensions.
  const extensions = deviceData(device).map(([name, value]) => `<svc:${name}>${xmlText(value)}</svc:${name}>`).join('');
  return (
    `<wpt lat="${coordinate(device.lat)}" lon="${coordinate(device.lon)}">` +
    (device.alt !== 0 ? `<ele>${altitude(device.alt)}</ele>` : '') +
    `<time>${isoTime(device.lastTime)}</time><name>${xmlText(device.name)}</name><desc>${xmlText(deviceDescription(device, '; '))}</desc><src>svc</src>` +
    (device.type ? `<type>${xmlText(device.type)}</type>` : '') +
    `<extensions><svc:device>${extensions}</svc:device></extensions></wpt>\n`
  );
}
