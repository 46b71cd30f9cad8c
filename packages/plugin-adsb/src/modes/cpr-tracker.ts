/**
 * Per-aircraft CPR pairing the way dump1090 tracks positions: keep the latest even and odd frame; when
 * the opposite frame is recent enough decode the pair globally with the new frame as the newer one,
 * otherwise decode the new frame locally relative to the aircraft's last position. Pure apart from the
 * state object the caller keeps per aircraft; times are the caller's clock in milliseconds.
 */
import { globalAirbornePosition, globalSurfacePosition, localPosition, type CprFrame, type LatLon } from './cpr.js';

/** An even/odd pair decodes globally only when less than this apart (dump1090: 10 s airborne, 25 s surface). */
export const CPR_PAIR_WINDOW_MS = { airborne: 10_000, surface: 25_000 } as const;

/** How old the last position may be to serve as the reference of a local decode. */
export const LOCAL_REFERENCE_MAX_AGE_MS = 60_000;

/** One CPR frame as the tracker sees it. */
export interface TimedCprFrame extends CprFrame {
  readonly surface: boolean;
  readonly timeMs: number;
}

/** What the tracker keeps per aircraft; start with `{}`. */
export interface CprTrackState {
  even?: TimedCprFrame;
  odd?: TimedCprFrame;
  position?: LatLon & { readonly timeMs: number };
}

/** A decoded position and how it was obtained. */
export interface CprFix extends LatLon {
  readonly method: 'global' | 'local';
}

function globalFix(state: CprTrackState, frame: TimedCprFrame, reference: LatLon | undefined): LatLon | undefined {
  const other = frame.odd ? state.even : state.odd;
  if (other === undefined || other.surface !== frame.surface) return undefined;
  const window = frame.surface ? CPR_PAIR_WINDOW_MS.surface : CPR_PAIR_WINDOW_MS.airborne;
  if (Math.abs(frame.timeMs - other.timeMs) >= window) return undefined;
  const even = frame.odd ? other : frame;
  const odd = frame.odd ? frame : other;
  if (!frame.surface) return globalAirbornePosition(even, odd, frame.odd);
  return reference === undefined ? undefined : globalSurfacePosition(even, odd, frame.odd, reference);
}

/**
 * Feeds one CPR frame into `state` and returns the position it yields, if any. `receiver` is the receiver's
 * own location when known: it picks the quadrant of surface pairs and serves as a local reference.
 */
export function updateCprTrack(state: CprTrackState, frame: TimedCprFrame, receiver?: LatLon): CprFix | undefined {
  if (frame.odd) state.odd = frame;
  else state.even = frame;
  const recent = state.position !== undefined && frame.timeMs - state.position.timeMs <= LOCAL_REFERENCE_MAX_AGE_MS ? state.position : undefined;
  const global = globalFix(state, frame, recent ?? receiver);
  const fix: CprFix | undefined =
    global !== undefined ? { ...global, method: 'global' } : localFix(recent ?? receiver, frame);
  if (fix !== undefined) state.position = { lat: fix.lat, lon: fix.lon, timeMs: frame.timeMs };
  return fix;
}

function localFix(reference: LatLon | undefined, frame: TimedCprFrame): CprFix | undefined {
  if (reference === undefined) return undefined;
  const position = localPosition(reference, frame, frame.surface);
  return position === undefined ? undefined : { ...position, method: 'local' };
}
