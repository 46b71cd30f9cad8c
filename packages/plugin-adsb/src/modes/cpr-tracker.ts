/**
 * Per-aircraft CPR pairing the way dump1090 tracks positions: keep the latest even and odd frame; when
 * the opposite frame is recent enough decode the pair globally with the new frame as the newer one,
 * otherwise decode the new frame locally relative to the aircraft's last position. Pure apart from the
 * track object the caller keeps per aircraft; times are the caller's clock in milliseconds. A busy
 * receiver feeds this a position a few hundred times a second per aircraft, so the track copies each
 * frame into slots of its own instead of keeping the caller's objects.
 */
import { globalAirbornePosition, globalSurfacePosition, localPosition, type CprFrame, type LatLon } from './cpr.js';

/** An even/odd pair decodes globally only when less than this apart (dump1090: 10 s airborne, 25 s surface). */
export const CPR_PAIR_WINDOW_MS = { airborne: 10_000, surface: 25_000 } as const;

/** How old the last position may be to serve as the reference of a local decode. */
export const LOCAL_REFERENCE_MAX_AGE_MS = 60_000;

/** One CPR frame as the track takes it: the raw fields and whether the aircraft is on the surface. */
export interface TrackedCprFrame extends CprFrame {
  readonly surface: boolean;
}

/** A decoded position and how it was obtained. */
export interface CprFix extends LatLon {
  readonly method: 'global' | 'local';
}

/** A frame slot of the track; `timeMs` is -Infinity while empty. */
interface FrameSlot {
  odd: boolean;
  lat: number;
  lon: number;
  surface: boolean;
  timeMs: number;
}

const emptySlot = (odd: boolean): FrameSlot => ({ odd, lat: 0, lon: 0, surface: false, timeMs: Number.NEGATIVE_INFINITY });

/** The CPR state of one aircraft: its latest even and odd frames and its last decoded position. */
export class CprTrack {
  readonly #even = emptySlot(false);
  readonly #odd = emptySlot(true);
  readonly #position = { lat: 0, lon: 0 };
  #positionTimeMs = Number.NEGATIVE_INFINITY;

  /**
   * Feeds one frame heard at `timeMs` and returns the position it yields, if any. `receiver` is the
   * receiver's own location when known: it picks the quadrant of surface pairs and serves as a local
   * reference when the aircraft has no recent position.
   */
  update(frame: TrackedCprFrame, timeMs: number, receiver?: LatLon): CprFix | undefined {
    const slot = frame.odd ? this.#odd : this.#even;
    slot.lat = frame.lat;
    slot.lon = frame.lon;
    slot.surface = frame.surface;
    slot.timeMs = timeMs;
    const reference = timeMs - this.#positionTimeMs <= LOCAL_REFERENCE_MAX_AGE_MS ? this.#position : receiver;
    const global = this.#globalFix(slot, reference);
    let fix: CprFix | undefined;
    if (global !== undefined) fix = { lat: global.lat, lon: global.lon, method: 'global' };
    else if (reference !== undefined) {
      const local = localPosition(reference, slot, slot.surface);
      if (local !== undefined) fix = { lat: local.lat, lon: local.lon, method: 'local' };
    }
    if (fix !== undefined) {
      this.#position.lat = fix.lat;
      this.#position.lon = fix.lon;
      this.#positionTimeMs = timeMs;
    }
    return fix;
  }

  #globalFix(newest: FrameSlot, reference: LatLon | undefined): LatLon | undefined {
    const other = newest.odd ? this.#even : this.#odd;
    if (other.surface !== newest.surface) return undefined;
    const window = newest.surface ? CPR_PAIR_WINDOW_MS.surface : CPR_PAIR_WINDOW_MS.airborne;
    if (Math.abs(newest.timeMs - other.timeMs) >= window) return undefined;
    if (!newest.surface) return globalAirbornePosition(this.#even, this.#odd, newest.odd);
    return reference === undefined ? undefined : globalSurfacePosition(this.#even, this.#odd, newest.odd, reference);
  }
}
