/**
 * Where the map puts a device: its last position (`svc.common.location.last`), the fix of the
 * sensor, or the device's own report, when it last heard it. One function, so the map's
 * placement changes in one place when the tracker learns a better one.
 */
import type { GeoPoint, TrackedDevice } from '../tracker/tracked-device.js';

/** The position the map draws a device at, or undefined for a device never located. */
export function devicePosition(device: TrackedDevice): GeoPoint | undefined {
  return device.location?.last;
}
