/**
 * The drone layer of the web app's map: drones as orange diamonds at the position they report,
 * each with its track (`uav.device.track`: [unix time, lat, lon, altitude m] per point) drawn as
 * a line coloured by altitude, and its operator (`uav.telemetry.app_location`) as a ring joined
 * to the drone by a dashed line.
 */
import type { UiModuleApi } from '@svc/core';

/** The field path of a drone's track, as the device table names fields. */
export const DRONE_TRACK_FIELD = 'uav.device/uav.device.track';
/** The field path of the geopoint of a drone's operator. */
export const DRONE_OPERATOR_FIELD = 'uav.device/uav.telemetry.app_location/svc.common.location.geopoint';

/** Adds the drone layer. */
export function registerUavMapLayers(ui: UiModuleApi): void {
  ui.mapLayer({ id: 'uav-drones', title: 'Drones', view: 'phy-UAV', colour: '#e8590c', shape: 'diamond', track: { field: DRONE_TRACK_FIELD, altitude: 'metres' }, companion: { field: DRONE_OPERATOR_FIELD, title: 'operator' } });
}
