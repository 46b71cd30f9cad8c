/**
 * GPS types whose positions are posted over HTTP, as Kismet's `gpsweb` and `gpsmeta` take them:
 * `lat`, `lon`, optional `alt` in metres and `spd` in km/h, by `.cmd` or as JSON messages on a
 * websocket. `gps=web` lends the server a phone browser's position (`/gps/web/update.cmd`);
 * `gps=meta:name=<name>` is a position pushed for the datasources bound to it with
 * `metagps=<name>` (`/gps/meta/<name>/update.cmd`), never the server's own position (data
 * only). As in Kismet, a position with a non-zero altitude is a 3D fix, one without a 2D fix,
 * and the heading is worked out from the previous position when more than 5 s have passed since
 * the last time it was. A posted position stays current for 30 s (Kismet's wider window for
 * these), unless `gps_fix_valid_time` is longer.
 */
import { SvcError } from '../errors.js';
import { GpsFixQuality, type GpsFix } from './gps-fix.js';
import type { GpsContext, GpsTypeDefinition } from './gps-type.js';

/** Seconds a posted position stays current (Kismet's window for posted positions). */
const POSTED_FIX_VALID_SECONDS = 30;
/** Seconds between two headings worked out from positions. */
const HEADING_INTERVAL_SECONDS = 5;

/** A position as a client posts it. */
export interface PostedPosition {
  readonly lat: number;
  readonly lon: number;
  readonly alt?: number;
  /** km/h. */
  readonly spd?: number;
}

/** A GPS type positions are posted to, and the way they reach its open GPSes. */
export interface PushedGps {
  readonly type: GpsTypeDefinition;
  /**
   * Hands a posted position to the open GPS of this type named `name` (or the first one); 404
   * when none is configured or open. Returns the fix as recorded.
   */
  feed(position: PostedPosition, name?: string): GpsFix;
}

/** Reads a posted position, refusing what is not one (decisions.md: 400 with the reason). */
export function readPostedPosition(command: Readonly<Record<string, unknown>>): PostedPosition {
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

/** The `web` GPS type of one service: a browser's position for the server. */
export function createWebGps(): PushedGps {
  return createPushedGps({
    name: 'web',
    description: 'positions posted to /gps/web/update.cmd (or .ws) by a browser: lat, lon, alt (m), spd (km/h)',
    source: 'positions posted by a browser to /gps/web/update.cmd',
    missing: (name) => (name === undefined ? 'no web GPS is open: add gps=web to svc.conf (and restart) to take positions from a browser' : `no open web GPS named '${name}'`),
  });
}

/** The `meta` GPS type of one service: positions pushed for the datasources bound to a GPS by name. */
export function createMetaGps(): PushedGps {
  return createPushedGps({
    name: 'meta',
    description: 'positions posted to /gps/meta/<name>/update.cmd (or .ws) for the datasources with metagps=<name>, never the server position: lat, lon, alt (m), spd (km/h)',
    source: 'positions posted to /gps/meta/<name>/update.cmd',
    dataOnly: true,
    missing: (name) => `no open meta GPS named '${name ?? ''}': add gps=meta:name=${name ?? '<name>'}, or a datasource with metagps=${name ?? '<name>'}`,
  });
}

/** What makes one kind of posted GPS. */
interface PushedGpsKind {
  readonly name: string;
  readonly description: string;
  /** Where an open one's positions come from, for the GPS list. */
  readonly source: string;
  readonly dataOnly?: boolean;
  /** Why a position could not be taken: no such GPS is open. */
  readonly missing: (name: string | undefined) => string;
}

function createPushedGps(kind: PushedGpsKind): PushedGps {
  const open = new Map<string, { context: GpsContext; last: GpsFix | undefined; headingAt: number; heading: number | undefined }>();
  return {
    type: {
      name: kind.name,
      validFor: POSTED_FIX_VALID_SECONDS,
      description: kind.description,
      ...(kind.dataOnly && { dataOnly: true }),
      async open(definition, context) {
        const name = definition.name;
        open.set(name, { context, last: undefined, headingAt: 0, heading: undefined });
        return {
          description: kind.source,
          async close() {
            if (open.get(name)?.context === context) open.delete(name);
          },
        };
      },
    },
    feed(position, name) {
      const target = name === undefined ? open.values().next().value : open.get(name);
      if (!target) throw new SvcError('SVC_ERR_NOT_FOUND', kind.missing(name));
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
