/**
 * Every field of the `sensor.device` sub-record, with type and description, for
 * `/system/tracked_fields.html`, `prettyjson` and field simplification. Names follow
 * kismet-reference 4.8.
 */
import type { FieldDefinition } from '@svc/core';
import { readingFieldDefinitions } from './reading-group.js';
import { LIGHTNING_SENSOR, THERMOMETER, TPMS_AND_SWITCH_FIELDS, WEATHER_STATION } from './sensor-classes.js';

/** Fields of `sensor.device` and the records nested in it. */
export const SENSOR_DEVICE_FIELDS: readonly FieldDefinition[] = [
  { name: 'sensor.device.common', type: 'object', description: 'model, id, channel, battery and signal of the sensor' },
  { name: 'sensor.device.model', type: 'string', description: 'sensor model as rtl_433 names it' },
  { name: 'sensor.device.id', type: 'string', description: 'sensor id (rtl_433 id, or device in older decoders)' },
  { name: 'sensor.device.subchannel', type: 'string', description: 'channel the sensor is set to (0 when it has none)' },
  { name: 'sensor.device.battery', type: 'string', description: 'battery state (OK, LOW, or what the decoder reports)' },
  { name: 'sensor.device.rssi', type: 'string', description: 'signal level rtl_433 measured, dB (needs -M level)' },
  { name: 'sensor.device.snr', type: 'string', description: 'signal to noise ratio rtl_433 measured, dB' },
  { name: 'sensor.device.noise', type: 'string', description: 'noise level rtl_433 measured, dB' },
  { name: 'sensor.device.thermometer', type: 'object', description: 'temperature (Celsius) and humidity, with history' },
  ...readingFieldDefinitions(THERMOMETER),
  { name: 'sensor.device.weatherstation', type: 'object', description: 'wind, rain, UV, light and air pressure, with history' },
  ...readingFieldDefinitions(WEATHER_STATION),
  { name: 'sensor.device.lightningsensor', type: 'object', description: 'lightning strikes and storm distance, with history' },
  ...readingFieldDefinitions(LIGHTNING_SENSOR),
  { name: 'sensor.device.tpms', type: 'object', description: 'tyre pressure sensor report' },
  { name: 'sensor.device.switch', type: 'object', description: 'switch states by switch number' },
  ...TPMS_AND_SWITCH_FIELDS,
  { name: 'sensor.device.last_record', type: 'string', description: 'the last message, as rtl_433 printed it' },
];
