/**
 * The sensor classes of Kismet's sensor PHY (`phy_sensor.h`), each a sub-record of
 * `sensor.device` that appears once a message carries its keys: thermometer, moisture sensor,
 * weather station, lightning sensor and air quality sensor (readings with histories), tyre
 * pressure sensor, switch bank and Insteon device (last values). Kismet's field names; svc reads
 * more of the keys rtl_433's decoders use for the same reading, in one unit each.
 */
import { heardFrequencyMhz } from '../heard-frequency.js';
import type { ReadingField } from './reading-group.js';
import { textField, type ValueField } from './value-group.js';
import {
  BAROMETRIC_PRESSURE,
  HUMIDITY,
  INTERFERENCE,
  LIGHT,
  PM10,
  PM2_5,
  PRESSURE,
  RAIN,
  RAIN_RAW,
  readQuantity,
  STORM_ACTIVE,
  STORM_DISTANCE,
  STRIKE_COUNT,
  TEMPERATURE,
  UV_INDEX,
  WIND_DIRECTION,
  WIND_GUST,
  WIND_SPEED,
  type Quantity,
} from './units.js';

/** A class of readings with histories: its sub-record, its title in the app, and its readings. */
export interface ReadingClass {
  readonly field: string;
  readonly title: string;
  /** One line for the field list. */
  readonly description: string;
  readonly table: readonly ReadingField[];
}

/** `sensor.device.thermometer`: temperature only, as in Kismet (humidity is the moisture sensor's). */
export const THERMOMETER: ReadingClass = {
  field: 'sensor.device.thermometer',
  title: 'Thermometer',
  description: 'temperature (Celsius), with history',
  table: [{ field: 'sensor.device.temperature', quantity: TEMPERATURE }],
};

/** `sensor.device.moisturesensor`: soil moisture or air humidity, whichever the sensor reports. */
export const MOISTURE_SENSOR: ReadingClass = {
  field: 'sensor.device.moisturesensor',
  title: 'Moisture',
  description: 'moisture or humidity (percent), with history',
  table: [{ field: 'sensor.device.moisture', quantity: HUMIDITY }],
};

/** `sensor.device.weatherstation`. */
export const WEATHER_STATION: ReadingClass = {
  field: 'sensor.device.weatherstation',
  title: 'Weather station',
  description: 'wind, rain, UV, light and air pressure, with history',
  table: [
    { field: 'sensor.device.wind_dir', quantity: WIND_DIRECTION },
    { field: 'sensor.device.wind_speed', quantity: WIND_SPEED },
    { field: 'sensor.device.wind_gust', quantity: WIND_GUST },
    { field: 'sensor.device.rain', quantity: RAIN },
    { field: 'sensor.device.rain_raw', quantity: RAIN_RAW },
    { field: 'sensor.device.uv_index', quantity: UV_INDEX },
    { field: 'sensor.device.lux', quantity: LIGHT },
    { field: 'sensor.device.barometric_pressure', quantity: BAROMETRIC_PRESSURE },
  ],
};

/** `sensor.device.lightningsensor`. */
export const LIGHTNING_SENSOR: ReadingClass = {
  field: 'sensor.device.lightningsensor',
  title: 'Lightning sensor',
  description: 'lightning strikes and storm distance, with history',
  table: [
    { field: 'sensor.device.lightning_strike_count', quantity: STRIKE_COUNT },
    { field: 'sensor.device.lightning_storm_distance', quantity: STORM_DISTANCE },
    { field: 'sensor.device.lightning_storm_active', quantity: STORM_ACTIVE },
    { field: 'sensor.device.lightning_rfi', quantity: INTERFERENCE },
  ],
};

/** `sensor.device.aqi`: particulate matter of an air quality sensor. */
export const AIR_QUALITY: ReadingClass = {
  field: 'sensor.device.aqi',
  title: 'Air quality',
  description: 'particulate matter (PM2.5, PM10), with history',
  table: [
    { field: 'sensor.device.pm2_5', quantity: PM2_5 },
    { field: 'sensor.device.pm10', quantity: PM10 },
  ],
};

/** The classes with readings, in the order Kismet applies a message to them. */
export const READING_CLASSES: readonly ReadingClass[] = [THERMOMETER, MOISTURE_SENSOR, WEATHER_STATION, LIGHTNING_SENSOR, AIR_QUALITY];

/** rtl_433's value for `type` on tyre pressure sensors. */
export const TPMS_TYPE = 'TPMS';

/** A number field read as a quantity in its unit. */
function quantityField(field: string, label: string, quantity: Quantity): ValueField {
  return { field, type: 'double', label, unit: quantity.unit, description: `${quantity.name} in ${quantity.unit}`, read: (message) => readQuantity(message, quantity) };
}

/** A class of last values: its sub-record, its title in the app, and its fields. */
export interface ValueClass {
  readonly field: string;
  readonly title: string;
  /** One line for the field list. */
  readonly description: string;
  readonly table: readonly ValueField[];
}

/** Field of the tyre pressure every report keeps; bar and PSI are served from it. */
export const TPMS_PRESSURE_KPA = 'sensor.device.tpms.pressure_kpa';

/** `sensor.device.tpms`, a tyre pressure sensor's last report (read only from messages of type TPMS). */
export const TYRE_PRESSURE: ValueClass = {
  field: 'sensor.device.tpms',
  title: 'Tyre pressure',
  description: 'tyre pressure sensor report',
  table: [
    quantityField(TPMS_PRESSURE_KPA, 'Pressure', PRESSURE),
    quantityField('sensor.device.tpms.temperature', 'Temperature', TEMPERATURE),
    { field: 'sensor.device.tpms.freq', type: 'double', label: 'Frequency', unit: 'MHz', description: 'frequency rtl_433 measured, MHz (needs -M level)', read: heardFrequencyMhz },
    textField('sensor.device.tpms.flags', 'Flags', 'flags the sensor reports', 'flags'),
    textField('sensor.device.tpms.state', 'State', 'state or status the sensor reports', 'state', 'status'),
    textField('sensor.device.tpms.checksum', 'Checksum', 'integrity check of the message (rtl_433 mic: CRC, CHECKSUM, ...)', 'mic'),
    textField('sensor.device.tpms.code', 'Code', 'code the sensor reports', 'code'),
  ],
};

/** `sensor.device.switch`: the last state of each switch (`switch0` .. `switch9`: DIP switches, multi-channel remotes, contacts). */
export const SWITCH_BANK: ValueClass = {
  field: 'sensor.device.switch',
  title: 'Switches',
  description: 'switch states by switch number',
  table: Array.from({ length: 10 }, (_, number) => textField(`sensor.device.switch.${number}`, `Switch ${number}`, `state of switch ${number}`, `switch${number}`)),
};

/** `sensor.device.insteon`: the last message of an Insteon device, as Kismet keeps it. */
export const INSTEON: ValueClass = {
  field: 'sensor.device.insteon',
  title: 'Insteon',
  description: 'the last message of an Insteon device: addresses, type and hops',
  table: [
    textField('sensor.device.from_id', 'From', 'Insteon sender address', 'from_id'),
    textField('sensor.device.to_id', 'To', 'Insteon recipient address', 'to_id'),
    textField('sensor.device.msg_type', 'Message type', 'Insteon message type (a number)', 'msg_type'),
    textField('sensor.device.msg_str', 'Message', 'Insteon message type, described', 'msg_str'),
    textField('sensor.device.hopsmax', 'Hops max', 'Insteon hops the message may make', 'hopsmax'),
    textField('sensor.device.hopsleft', 'Hops left', 'Insteon hops the message had left', 'hopsleft'),
  ],
};

/** The classes of last values. */
export const VALUE_CLASSES: readonly ValueClass[] = [TYRE_PRESSURE, SWITCH_BANK, INSTEON];
