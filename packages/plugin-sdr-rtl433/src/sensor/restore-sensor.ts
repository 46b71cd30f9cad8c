/**
 * A sensor from the record a log kept, brought up to what tracking its messages makes today,
 * whichever svc wrote it: a record of the `RTL433` era is renamed first (rtl433-era-record.ts);
 * then a thermometer's humidity moves to the moisture sensor, where Kismet keeps it; then the
 * last message, kept whole in every record, is taken again for what keeps no history (the
 * battery and signal as Kismet writes them, the tyre report's temperature and frequency, the
 * switches, the Insteon fields); and a sensor still named by its bare model takes Kismet's name.
 * The same last message gives the device's MAC as Kismet makes it up, so a sensor with a text id,
 * which an older svc keyed otherwise, comes back under the key it has now.
 */
import type { Device } from '@svc/core';
import { isRtl433EraRecord, sensorRecordOfRtl433Era } from './rtl433-era-record.js';
import { Rtl433Sensor } from './rtl433-sensor.js';
import { MOISTURE_SENSOR, THERMOMETER } from './sensor-classes.js';
import { sensorMac } from './sensor-mac.js';
import { sensorName } from './sensor-name.js';

type Fields = Record<string, unknown>;

const isFields = (value: unknown): value is Fields => value !== null && typeof value === 'object' && !Array.isArray(value);

/** Today's `sensor.device` record of a logged one, of either era. */
function currentRecord(record: Fields): Fields {
  return withMoistureSensor(isRtl433EraRecord(record) ? sensorRecordOfRtl433Era(record) : record);
}

/**
 * Moves humidity out of the thermometer (where svc kept it before following Kismet's classes)
 * into the moisture sensor; a thermometer left without a temperature is no thermometer.
 */
function withMoistureSensor(record: Fields): Fields {
  const thermometer = record[THERMOMETER.field];
  if (!isFields(thermometer) || !('sensor.device.humidity' in thermometer) || MOISTURE_SENSOR.field in record) return record;
  const { 'sensor.device.humidity': humidity, 'sensor.device.humidity_rrd': history, ...rest } = thermometer;
  const { [THERMOMETER.field]: _thermometer, ...others } = record;
  return {
    ...others,
    ...('sensor.device.temperature' in rest ? { [THERMOMETER.field]: rest } : {}),
    [MOISTURE_SENSOR.field]: { 'sensor.device.moisture': humidity, 'sensor.device.moisture_rrd': history },
  };
}

/** The last message a current record keeps, parsed; undefined when it keeps none that parses to an object. */
function lastMessage(record: Fields): Fields | undefined {
  const common = record['sensor.device.common'];
  const text = isFields(common) ? common['sensor.device.last_record'] : undefined;
  if (typeof text !== 'string') return undefined;
  try {
    const message: unknown = JSON.parse(text);
    return isFields(message) ? message : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The MAC a logged sensor has today: the one its last message makes up, or the logged one when
 * the record keeps no last message.
 */
export function restoredSensorMac(record: Fields, loggedMac: number): number {
  const message = lastMessage(currentRecord(record));
  return message ? sensorMac(message) : loggedMac;
}

/** The sensor of a logged `sensor.device` (or `rtl433.device`) record; undefined when it is none. */
export function restoreSensor(record: Fields, device: Device): Rtl433Sensor | undefined {
  const current = currentRecord(record);
  const sensor = Rtl433Sensor.fromRecord(current);
  const message = lastMessage(current);
  if (!sensor || !message) return sensor;
  sensor.applyLastValues(message);
  // Before following Kismet's naming, svc named a sensor by its model alone.
  if (typeof message.model === 'string') {
    if (sensor.model === message.model) sensor.model = sensorName(message);
    if (device.name === message.model) device.name = sensorName(message);
  }
  return sensor;
}
