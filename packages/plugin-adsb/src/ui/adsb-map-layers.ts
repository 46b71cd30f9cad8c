/**
 * The aircraft layer of the web app's map: aircraft as crimson triangles at their last decoded
 * position, each with its track (`adsb.device.track`: [unix time, lat, lon, altitude ft] per
 * point) drawn as a line coloured by altitude.
 */
import type { UiModuleApi } from '@svc/core';

/** The field path of an aircraft's track, as the device table names fields. */
export const AIRCRAFT_TRACK_FIELD = 'adsb.device/adsb.device.track';

/** Adds the aircraft layer. */
export function registerAdsbMapLayers(ui: UiModuleApi): void {
  ui.mapLayer({ id: 'adsb-aircraft', title: 'Aircraft', view: 'phy-ADSB', colour: '#c2255c', shape: 'triangle', track: { field: AIRCRAFT_TRACK_FIELD, altitude: 'feet' } });
}
