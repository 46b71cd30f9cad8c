/**
 * The `virtual` GPS type. With `lat=` and `lon=` (`gps=virtual:lat=52.2,lon=6.88,alt=40`) a fixed
 * position for a sensor that does not move, as Kismet offers, reported once a second so it is
 * always current. With `track=` (`gps=virtual:track=/path/drive.nmea`) a recorded track, an NMEA
 * log or a GPX 1.1 track, replayed from its start when the GPS opens: in real time, or `speed=`
 * times as fast, and from the start again at its end unless `loop=false`, which stops it at its
 * last point. Looping is the default because a track lasts minutes and the server runs for hours:
 * a demo or a test drive keeps moving, and the GPS keeps a current fix, for as long as it runs. A
 * timed track also places packets recorded during it (see `GpsTracker.packetGpsAt`).
 */
import { SvcError } from '../errors.js';
import { parseBoolean } from '../datasources/source-options.js';
import { GpsFixQuality } from './gps-fix.js';
import type { GpsConnection, GpsContext, GpsDefinition, GpsTypeDefinition } from './gps-type.js';
import { readTrackFile } from './track/track-file.js';
import { replayTrack } from './track/track-replay.js';

/** How often the fixed position is reported. */
const REPORT_INTERVAL_MS = 1000;
/** The options of a track replay, refused without `track=`. */
const TRACK_OPTIONS = ['speed', 'loop'] as const;

/** Reads a coordinate option within bounds; absent is allowed only when `optional`. */
function coordinate(definition: GpsDefinition, option: string, limit: number): number;
function coordinate(definition: GpsDefinition, option: string, limit: number, optional: true): number | undefined;
function coordinate(definition: GpsDefinition, option: string, limit: number, optional = false): number | undefined {
  const text = definition.options.get(option);
  if (text === undefined) {
    if (optional) return undefined;
    throw new SvcError('SVC_ERR_BAD_GPS_DEFINITION', `gps '${definition.line}': the virtual GPS needs ${option}= (decimal degrees), or track= (an NMEA or GPX file)`);
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
  description: 'a fixed position (lat=, lon= in decimal degrees, optional alt= in metres), or a recorded track replayed (track= an NMEA or GPX file, speed= default 1, loop= default true)',
  async open(definition, context) {
    const track = definition.options.get('track');
    if (track !== undefined) return openTrack(definition, track, context);
    const stray = TRACK_OPTIONS.find((option) => definition.options.has(option));
    if (stray) throw new SvcError('SVC_ERR_BAD_GPS_DEFINITION', `gps '${definition.line}': ${stray}= is an option of a track replay; give track= too`);
    return openFixed(definition, context);
  },
};

function openFixed(definition: GpsDefinition, context: GpsContext): GpsConnection {
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
}

async function openTrack(definition: GpsDefinition, path: string, context: GpsContext): Promise<GpsConnection> {
  const fixed = ['lat', 'lon', 'alt'].find((option) => definition.options.has(option));
  if (fixed) throw new SvcError('SVC_ERR_BAD_GPS_DEFINITION', `gps '${definition.line}': ${fixed}= is for a fixed position; a track replay takes its positions from track=`);
  if (path === '') throw new SvcError('SVC_ERR_BAD_GPS_DEFINITION', `gps '${definition.line}': track= is empty`);
  const speedText = definition.options.get('speed') ?? '1';
  const speed = Number(speedText);
  if (!Number.isFinite(speed) || speed <= 0) throw new SvcError('SVC_ERR_BAD_GPS_DEFINITION', `gps '${definition.line}': speed=${speedText} is not a positive number (how many seconds of the track pass in one second)`);
  const loopText = definition.options.get('loop') ?? 'true';
  const loop = parseBoolean(loopText);
  if (loop === undefined) throw new SvcError('SVC_ERR_BAD_GPS_DEFINITION', `gps '${definition.line}': loop=${loopText} is not true or false`);
  const file = await readTrackFile(path);
  for (const words of file.leftOut) context.message(`track file ${path}: ${words}`, 'error');
  const { track } = file;
  const span = track.timed ? `, ${isoSecond(track.start!)} to ${isoSecond(track.start! + track.duration)}` : ', untimed: a point a second';
  const description = `track ${path} (${file.format}, ${track.points.length} points over ${Number(track.duration.toFixed(3))} s${span}; ${speed === 1 ? 'real time' : `${speed}x`}, ${loop ? 'looping' : 'once'})`;
  return replayTrack(track, { speed, loop }, context, description);
}

function isoSecond(time: number): string {
  return new Date(time * 1000).toISOString().replace(/\.000Z$/, 'Z');
}
