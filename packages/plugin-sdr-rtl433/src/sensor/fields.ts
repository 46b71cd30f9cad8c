/**
 * Every field of the `sensor.device` sub-record, with type and description, for
 * `/system/tracked_fields.html`, `prettyjson` and field simplification. Names follow Kismet's
 * `phy_sensor.h`; svc adds the air pressure, histories of the lightning sensor's other readings,
 * and switches 0 and 6 to 9.
 */
import type { FieldDefinition } from '@svc/core';
import { readingFieldDefinitions } from './reading-group.js';
import { READING_CLASSES, VALUE_CLASSES } from './sensor-classes.js';
import { valueFieldDefinitions } from './value-group.js';

/** Fields of `sensor.device` and the records nested in it. */
export const SENSOR_DEVICE_FIELDS: readonly FieldDefinition[] = [
  { name: 'sensor.device.common', type: 'object', description: 'model, id, channel, battery and signal of the sensor' },
  { name: 'sensor.device.model', type: 'string', description: 'the sensor\'s name as Kismet gives it: rtl_433 model and id ("Nexus-TH-90"), or the model' },
  { name: 'sensor.device.id', type: 'string', description: 'sensor id (rtl_433 id, or device in older decoders)' },
  { name: 'sensor.device.subchannel', type: 'string', description: 'channel the sensor is set to (0 when it has none)' },
  { name: 'sensor.device.battery', type: 'string', description: 'battery as the decoder reports it: battery_ok (1 good, 0 low, or a level) or a text (OK, LOW)' },
  { name: 'sensor.device.rssi', type: 'string', description: 'signal level rtl_433 measured, whole dB (needs -M level)' },
  { name: 'sensor.device.snr', type: 'string', description: 'signal to noise ratio rtl_433 measured, whole dB' },
  { name: 'sensor.device.noise', type: 'string', description: 'noise level rtl_433 measured, whole dB' },
  ...READING_CLASSES.flatMap((sensorClass) => [{ name: sensorClass.field, type: 'object' as const, description: sensorClass.description }, ...readingFieldDefinitions(sensorClass.table)]),
  ...VALUE_CLASSES.flatMap((valueClass) => [{ name: valueClass.field, type: 'object' as const, description: valueClass.description }, ...valueFieldDefinitions(valueClass.table)]),
  { name: 'sensor.device.tpms.pressure_bar', type: 'double', description: 'tyre pressure in bar' },
  { name: 'sensor.device.tpms.pressure_psi', type: 'double', description: 'tyre pressure in PSI' },
  { name: 'sensor.device.last_record', type: 'string', description: 'the last message, as rtl_433 printed it' },
];
