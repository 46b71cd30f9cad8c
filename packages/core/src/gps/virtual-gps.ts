/**
 * The `virtual` GPS type (`gps=virtual:lat=52.2,lon=6.88,alt=40`): a fixed position for a
 * sensor that does not move, as Kismet offers. It reports the position once a second, so it is
 * always current.
 */
import { SvcError } from '../errors.js';
import { GpsFixQuality } from './gps-fix.js';
import type { GpsDefinition, GpsTypeDefinition } from './gps-type.js';

/** How often the fixed position is reported. */
const REPORT_INTERVAL_MS = 1000;

/** Reads a coordinate option within bounds; absent is allowed only when `optional`. */
function coordinate(definition: GpsDefinition, option: string, limit: number): number;
function coordinate(definition: GpsDefinition, option: string, limit: number, optional: true): number | undefined;
function coordinate(definition: GpsDefinition, option: string, limit: number, optional = false): number | undefined {
  const text = definition.options.get(option);
  if (text === undefined) {
    if (optional) return undefined;
    throw new SvcError('SVC_ERR_BAD_GPS_DEFINITION', `gps '${definition.line}': the virtual GPS needs ${option}= (decimal degrees)`);
  }
  const value = Number(text);
  if (!Number.isFinite(value) || Math.abs(value) > limit) {
    throw new SvcError('SVC_ERR_BAD_GPS_DEFINITION', `gps '${definition.line}': ${option}=${text} is not a number between -${limit} and ${limit}`);
  }
  return value;
}

/** The virtual GPS type. */
export const virtualGpsType: GpsTypeDefinition = {
  name: 'virtual',
  description: 'a fixed position (lat=, lon= in decimal degrees, optional alt= in metres)',
  async open(definition, context) {
    const lat = coordinate(definition, 'lat', 90);
    const lon = coordinate(definition, 'lon', 180);
    const alt = coordinate(definition, 'alt', 100_000, true);
    const report = () =>
      context.update({ lat, lon, alt, speed: 0, heading: 0, fix: alt === undefined ? GpsFixQuality.TWO_D : GpsFixQuality.THREE_D, time: Date.now() / 1000 });
    report();
    const timer = setInterval(report, REPORT_INTERVAL_MS);
    timer.unref();
    return {
      description: `fixed at ${lat}, ${lon}${alt === undefined ? '' : `, ${alt} m`}`,
      async close() {
        clearInterval(timer);
      },
    };
  },
};
