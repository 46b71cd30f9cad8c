/**
 * Converts a sensor's sub-record as svc wrote it before the PHY took Kismet's current name (PHY
 * `RTL433`, sub-record `rtl433.device`) into today's `sensor.device` record, so `tracker_restore`
 * takes back the sensors of older logs with their readings and histories. Field names follow
 * Kismet's `phy_sensor.h`; the last message moves into the common part, where Kismet keeps it.
 */

/** The sub-record's field under the former PHY name. */
export const RTL433_ERA_COMPONENT_FIELD = 'rtl433.device';

/** Former field names (or prefixes of them) and today's, most specific first. */
export const RENAMED_FIELDS: readonly (readonly [former: string, current: string])[] = [
  ['rtl433.device.weatherstation.pressure', 'sensor.device.barometric_pressure'],
  ['rtl433.device.weatherstation.', 'sensor.device.'],
  ['rtl433.device.lightning.active', 'sensor.device.lightning_storm_active'],
  ['rtl433.device.lightning.', 'sensor.device.lightning_'],
  ['rtl433.device.rtlchannel', 'sensor.device.subchannel'],
  ['rtl433.device.last_message', 'sensor.device.last_record'],
  ['rtl433.device', 'sensor.device'],
];

/** Today's name of a field of an `rtl433.device` record; other names as they are. */
export function currentFieldName(name: string): string {
  const renamed = RENAMED_FIELDS.find(([former]) => name.startsWith(former));
  return renamed ? renamed[1] + name.slice(renamed[0].length) : name;
}

function renamedKeys(value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [currentFieldName(key), renamedKeys(inner)]));
}

/** Whether a sub-record is of the `rtl433.device` era (its common part under the former name). */
export function isRtl433EraRecord(record: Record<string, unknown>): boolean {
  return 'rtl433.device.common' in record;
}

/** The `sensor.device` record of an `rtl433.device` one. */
export function sensorRecordOfRtl433Era(record: Record<string, unknown>): Record<string, unknown> {
  const renamed = renamedKeys(record) as Record<string, unknown>;
  const { 'sensor.device.last_record': lastRecord, ...rest } = renamed;
  const common = rest['sensor.device.common'];
  if (lastRecord !== undefined && common !== null && typeof common === 'object') {
    rest['sensor.device.common'] = { ...(common as Record<string, unknown>), 'sensor.device.last_record': lastRecord };
  }
  return rest;
}
