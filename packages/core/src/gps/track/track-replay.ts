/**
 * A track replayed as a GPS: from its first point when it opens, in real time or `speed` times
 * as fast, reporting where it is now (up to ten times a second, at least once) stamped with the
 * time of the report. At the end it starts again from the first point (`loop`), or stops there
 * and reports its last point from then on, standing still.
 *
 * A timed track also answers where it was at a past instant (`positionAt`), whatever the replay
 * is doing: the GPS tracker gives that position to packets recorded at that instant, so a
 * capture and the track recorded with it line up exactly, however fast the capture is replayed.
 */
import type { GpsContext, GpsConnection } from '../gps-type.js';
import type { GpsTrack } from './gps-track.js';

/** How to replay. */
export interface TrackReplayOptions {
  /** How many seconds of the track pass in one second. */
  readonly speed: number;
  /** Start again at the end, rather than stop at the last point. */
  readonly loop: boolean;
  /** Milliseconds clock; tests pass their own. */
  readonly now?: () => number;
}

/** Shortest and longest wait between two reports: one per second of the track, within these. */
const MIN_REPORT_MS = 100;
const MAX_REPORT_MS = 1000;

/** Starts replaying `track` into `context`; the connection's `description` is the caller's. */
export function replayTrack(track: GpsTrack, options: TrackReplayOptions, context: GpsContext, description: string): GpsConnection {
  const now = options.now ?? Date.now;
  const startMs = now();
  let ended = false;
  const report = () => {
    const ms = now();
    const played = ((ms - startMs) / 1000) * options.speed;
    const offset = options.loop && track.duration > 0 ? played % track.duration : Math.min(played, track.duration);
    const fix = track.positionAfter(offset, ms / 1000);
    if (!options.loop && played >= track.duration) {
      if (!ended) context.message(`the track ended after ${track.duration} s; the GPS stays at its last point`);
      ended = true;
      context.update({ ...fix, speed: 0 });
      return;
    }
    context.update(fix);
  };
  report();
  const interval = Math.min(MAX_REPORT_MS, Math.max(MIN_REPORT_MS, 1000 / options.speed));
  const timer = setInterval(report, interval);
  timer.unref();
  return {
    description,
    ...(track.timed && { positionAt: (time: number) => track.positionAt(time) }),
    async close() {
      clearInterval(timer);
    },
  };
}
