/**
 * What the map exports write alike: XML text escaped, times in ISO 8601 UTC, coordinates at a
 * fixed precision, and the human description of a device (KML's `description`, GPX's `desc`).
 */
import type { LocatedDevice } from './located-device.js';

/** Decimal places of latitude and longitude written: 6 is about ten centimetres, and what GPSBabel writes back. */
export const COORDINATE_DECIMALS = 6;

/** Text for an XML element or attribute value. */
export function xmlText(text: string): string {
  // Control characters other than tab, line feed and carriage return are not allowed in XML 1.0 at all.
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '').replace(/[&<>"']/g, (char) => XML_ENTITIES[char]!);
}

const XML_ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** A Unix time as ISO 8601 UTC to the second (`2025-01-02T03:04:05Z`). */
export function isoTime(unixSeconds: number): string {
  return new Date(Math.floor(unixSeconds) * 1000).toISOString().replace('.000Z', 'Z');
}

/** A coordinate at the written precision. */
export function coordinate(degrees: number): string {
  return degrees.toFixed(COORDINATE_DECIMALS);
}

/** An altitude in metres to the decimetre. */
export function altitude(metres: number): string {
  return metres.toFixed(1);
}

/** Where the position comes from, in words. */
export function positionSource(device: LocatedDevice): string {
  return device.estimated ? `estimate from ${device.samples} samples, radius ${Math.round(device.radius)} m` : 'last fix';
}

/** The device's facts as label and value pairs, in the order a reader wants them. */
function deviceFacts(device: LocatedDevice): [label: string, value: string][] {
  const facts: [string, string][] = [
    ['MAC', device.mac],
    ['PHY', device.phy],
    ['Type', device.type],
    ['Manufacturer', device.manuf],
  ];
  if (device.lastSignal !== undefined) facts.push(['Signal', `${device.lastSignal} dBm (strongest ${device.maxSignal} dBm)`]);
  facts.push(['First seen', isoTime(device.firstTime)], ['Last seen', isoTime(device.lastTime)], ['Position', positionSource(device)]);
  return facts;
}

/** The device's facts by name, for programs (KML's ExtendedData, GPX's extension); absent values are left out. */
export function deviceData(device: LocatedDevice): [name: string, value: string][] {
  const data: [string, string | number | undefined][] = [
    ['key', device.key],
    ['mac', device.mac],
    ['phy', device.phy],
    ['type', device.type],
    ['manuf', device.manuf],
    ['last_signal', device.lastSignal],
    ['max_signal', device.maxSignal],
    ['first_time', isoTime(device.firstTime)],
    ['last_time', isoTime(device.lastTime)],
    ['position', device.estimated ? 'estimate' : 'last'],
    ['estimate_samples', device.samples],
    ['estimate_radius', device.estimated ? Math.round(device.radius * 10) / 10 : undefined],
  ];
  return data.filter((entry): entry is [string, string | number] => entry[1] !== undefined).map(([name, value]) => [name, String(value)]);
}

/** The device's facts as one line of text, `label: value` joined by `separator`. */
export function deviceDescription(device: LocatedDevice, separator: string): string {
  return deviceFacts(device).map(([label, value]) => `${label}: ${value}`).join(separator);
}
