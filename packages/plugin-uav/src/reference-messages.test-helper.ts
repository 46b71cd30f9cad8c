/**
 * svc's decoded Remote ID and DroneID beside the shared data set's references (`uav/*.tshark.json`,
 * made with tshark and the OpenDroneID Lua dissector, and `synthetic_odid_seed1.truth.json`, what
 * the generator encoded): a message of svc's in the references' shape, and the differences
 * between it and a reference message with the tolerances the issue sets (positions 1e-7 degrees,
 * altitudes 0.5 m, everything else exact).
 */
import type { DjiFlightTelemetry } from './dji/dji-droneid.js';
import type { OdidMessage } from './remoteid/odid-message.js';

/** A reference message: its `type` and decoded values (null where the standard says unknown). */
export type ReferenceMessage = Record<string, unknown> & { readonly type: string };

const DEGREE_KEYS = new Set(['lat_deg', 'lon_deg', 'operator_lat_deg', 'operator_lon_deg']);
const METRE_KEYS = new Set(['geodetic_alt_m', 'pressure_alt_m', 'height_m', 'operator_geodetic_alt_m', 'area_ceiling_m', 'area_floor_m']);

/** svc's message in the references' shape. */
export function referenceShape(message: OdidMessage): Record<string, unknown> {
  switch (message.kind) {
    case 'basic_id':
      return { type: 'BasicID', protocol_version: message.version, id_type: message.idType, ua_type: message.uaType, ua_id: message.uasId };
    case 'location':
      return {
        type: 'Location',
        protocol_version: message.version,
        status: message.status,
        height_type: message.heightType,
        direction_deg: message.direction ?? null,
        speed_mps: message.speed ?? null,
        vspeed_mps: message.verticalSpeed ?? null,
        lat_deg: message.lat ?? null,
        lon_deg: message.lon ?? null,
        pressure_alt_m: message.pressureAltitude ?? null,
        geodetic_alt_m: message.geodeticAltitude ?? null,
        height_m: message.height ?? null,
        timestamp_s_after_hour: message.timestamp ?? null,
        h_accuracy: message.horizontalAccuracy,
        v_accuracy: message.verticalAccuracy,
        baro_accuracy: message.baroAccuracy,
        speed_accuracy: message.speedAccuracy,
        timestamp_accuracy: Math.round(message.timestampAccuracy * 10),
      };
    case 'authentication':
      return { type: 'Authentication', protocol_version: message.version, auth_type: message.authType, page_number: message.page, last_page_index: message.lastPage, length: message.length, timestamp_unix: message.timestamp ?? null, auth_data_hex: message.data };
    case 'self_id':
      return { type: 'SelfID', protocol_version: message.version, description_type: message.descriptionType, description: message.description };
    case 'system':
      return {
        type: 'System',
        protocol_version: message.version,
        classification_type: message.classificationType,
        operator_location_type: message.operatorLocationType,
        operator_lat_deg: message.operatorLat ?? null,
        operator_lon_deg: message.operatorLon ?? null,
        area_count: message.areaCount,
        area_radius_m: message.areaRadius,
        area_ceiling_m: message.areaCeiling ?? null,
        area_floor_m: message.areaFloor ?? null,
        eu_category: message.category,
        eu_class: message.class,
        operator_geodetic_alt_m: message.operatorAltitude ?? null,
        timestamp_unix: message.timestamp ?? null,
      };
    case 'operator_id':
      return { type: 'OperatorID', protocol_version: message.version, operator_id_type: message.operatorIdType, operator_id: message.operatorId };
  }
}

/** The values of `reference` svc's `message` differs on, one line each; empty when they agree. */
export function messageDifferences(message: OdidMessage, reference: ReferenceMessage): string[] {
  const mine = referenceShape(message);
  const differences: string[] = [];
  for (const [key, expected] of Object.entries(reference)) {
    if (!(key in mine)) continue;
    const actual = mine[key];
    const tolerance = DEGREE_KEYS.has(key) ? 1e-7 : METRE_KEYS.has(key) ? 0.5 : 0;
    const agree = typeof expected === 'number' && typeof actual === 'number' ? Math.abs(actual - expected) <= tolerance + 1e-9 : (actual ?? null) === (expected ?? null);
    if (!agree) differences.push(`${reference.type}.${key}: ${JSON.stringify(actual)}, reference ${JSON.stringify(expected)}`);
  }
  // A session ID the dissector shows as bytes, with no text.
  if (reference.type === 'BasicID' && reference.ua_id === undefined && typeof reference.ua_id_hex === 'string' && mine.ua_id !== reference.ua_id_hex) differences.push(`BasicID.ua_id_hex: ${JSON.stringify(mine.ua_id)}, reference ${reference.ua_id_hex}`);
  return differences;
}

/** A DJI flight telemetry reference (`dji_droneid[].flight_telemetry`), raw values as the make-uav-reference.py reading gives them. */
export type ReferenceDji = Record<string, unknown>;

/** The values of a DroneID reference svc's reading differs on; positions within the reference's 6 decimals. */
export function djiDifferences(record: DjiFlightTelemetry, reference: ReferenceDji): string[] {
  const expected: [string, unknown, unknown, number][] = [
    ['version', record.version, reference.version, 0],
    ['seq', record.sequence, reference.seq, 0],
    ['state_info', record.stateInfo, reference.state_info, 0],
    ['serial', record.serial, reference.serial, 0],
    ['lat_deg', record.lat, reference.lat_deg, 5e-7],
    ['lon_deg', record.lon, reference.lon_deg, 5e-7],
    ['alt_field1_raw', record.altitude, reference.alt_field1_raw, 0],
    ['alt_field2_raw', record.height, reference.alt_field2_raw, 0],
    ['v_north', record.velocityNorth === undefined ? undefined : Math.round(record.velocityNorth * 100), reference.v_north, 0],
    ['v_east', record.velocityEast === undefined ? undefined : Math.round(record.velocityEast * 100), reference.v_east, 0],
    ['v_up', record.velocityUp === undefined ? undefined : Math.round(record.velocityUp * 100), reference.v_up, 0],
    ['raw_yaw', record.yaw === undefined ? undefined : Math.round(record.yaw * 100), reference.raw_yaw, 0],
    ['gps_time_raw', record.appTime, reference.gps_time_raw, 0],
    ['app_lat_deg', record.appLat, reference.app_lat_deg, 5e-7],
    ['app_lon_deg', record.appLon, reference.app_lon_deg, 5e-7],
    ['home_lat_deg', record.homeLat, reference.home_lat_deg, 5e-7],
    ['home_lon_deg', record.homeLon, reference.home_lon_deg, 5e-7],
    ['product_type', record.productType, reference.product_type, 0],
    ['uuid', record.uuid, reference.uuid, 0],
  ];
  return expected
    .filter(([, , wanted]) => wanted !== undefined)
    .filter(([, actual, wanted, tolerance]) => !(typeof actual === 'number' && typeof wanted === 'number' ? Math.abs(actual - wanted) <= tolerance + 1e-9 : actual === wanted))
    .map(([key, actual, wanted]) => `dji.${key}: ${JSON.stringify(actual)}, reference ${JSON.stringify(wanted)}`);
}
