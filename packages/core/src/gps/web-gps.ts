/**
 * The `web` GPS type (Kismet's `gpsweb`): `gps=web` makes a GPS whose positions are posted over
 * HTTP, so a phone's browser can lend the server its position (`/gps/web/update.cmd` with
 * `lat`, `lon`, optional `alt` in metres and `spd` in km/h, or the same as JSON messages on
 * `/gps/web/update.ws`). As in Kismet, a position with a non-zero altitude is a 3D fix, one
 * without a 2D fix, and the heading is worked out from the previous position when more than 5 s
 * have passed since the last time it was. A posted position stays current for 30 s (Kismet's
 * wider window for browsers), unless `gps_fix_valid_time` is longer.
 */
import { SvcError } from '../errors.js';
import { GpsFixQuality, type GpsFix } from './gps-fix.js';
import type { GpsContext, GpsTypeDefinition } from './gps-type.js';

/** Seconds a posted position stays current (Kismet's window for browsers). */
const WEB_FIX_VALID_SECONDS = 30;
/** Seconds between two headings worked out from positions. */
const HEADING_INTERVAL_SECONDS = 5;

/** A position as a browser posts it. */
export interface WebPosition {
  readonly lat: number;
  readonly lon: number;
  readonly alt?: number;
  /** km/h. */
  readonly spd?: number;
}

/** The `web` GPS type and the way positions reach the open ones. */
export interface WebGps {
  readonly type: GpsTypeDefinition;
  /**
   * Hands a posted position to the open web GPS named `name` (or the first one); 404 when none
   * is configured or open. Returns the fix as recorded.
   */
  feed(position: WebPosition, name?: string): GpsFix;
}

/** Reads a posted position, refusing what is not one (decisions.md: 400 with the reason). */
export function readWebPosition(command: Readonly<Record<string, unknown>>): WebPosition {
  const number = (key: string, limit: number, required: boolean): number | undefined => {
    const raw = command[key];
    if (raw === undefined || raw === null || raw === '') {
      if (required) throw new SvcError('SVC_ERR_MISSING_KEY', `'${key}' is required: the position in decimal degrees`);
      return undefined;
    }
    const value = typeof raw === 'string' ? Number(raw) : raw;
    if (typeof value !== 'number' || !Number.isFinite(value) || Math.abs(value) > limit) {
      throw new SvcError('SVC_ERR_BAD_REQUEST', `'${key}' must be a number between -${limit} and ${limit}, got ${JSON.stringify(raw)}`);
    }
    return value;
  };
  return { lat: number('lat', 90, true)!, lon: number('lon', 180, true)!, alt: number('alt', 100_000, false), spd: number('spd', 100_000, false) };
}

/** Creates the web GPS type of one service. */
export function createWebGps(): WebGps {
  const open = new Map<string, { context: GpsContext; last: GpsFix | undefined; headingAt: number; heading: number | undefined }>();
  return {
    type: {
      name: 'web',
      validFor: WEB_FIX_VALID_SECONDS,
      description: 'positions posted to /gps/web/update.cmd (or .ws) by a browser: lat, lon, alt (m), spd (km/h)',
      async open(definition, context) {
        const name = definition.name;
        open.set(name, { context, last: undefined, headingAt: 0, heading: undefined });
        return {
          description: 'positions posted by a browser to /gps/web/update.cmd',
          async close() {
            if (open.get(name)?.context === context) open.delete(name);
          },
        };
      },
    },
    feed(position, name) {
      const target = name === undefined ? open.values().next().value : open.get(name);
      if (!target) {
        throw new SvcError('SVC_ERR_NOT_FOUND', name === undefined ? 'no web GPS is open: add gps=web to svc.conf (and restart) to take positions from a browser' : `no open web GPS named '${name}'`);
      }
      const time = Date.now() / 1000;
      const previous = target.last;
      if (previous && time - target.headingAt > HEADING_INTERVAL_SECONDS) {
        target.heading = bearing(previous.lat, previous.lon, position.lat, position.lon);
        target.headingAt = time;
      }
      const fix: GpsFix = {
        lat: position.lat,
        lon: position.lon,
        alt: position.alt ? position.alt : undefined,
        speed: position.spd,
        heading: target.heading,
        fix: position.alt ? GpsFixQuality.THREE_D : GpsFixQuality.TWO_D,
        time,
      };
      target.last = fix;
      target.context.update(fix);
      return fix;
    },
  };
}

/** Initial bearing from one point to another, degrees from true north. */
function bearing(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const y = Math.sin((lon2 - lon1) * rad) * Math.cos(lat2 * rad);
  const x = Math.cos(lat1 * rad) * Math.sin(lat2 * rad) - Math.sin(lat1 * rad) * Math.cos(lat2 * rad) * Math.cos((lon2 - lon1) * rad);
  return (Math.atan2(y, x) / rad + 360) % 360;
}
