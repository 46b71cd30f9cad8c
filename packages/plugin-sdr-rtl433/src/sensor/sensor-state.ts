/**
 * The `sensor.device` sub-record in the tracker's state snapshot (`tracker_restore`): the
 * common fields, each class's readings with their histories (a gauge's sample counts kept, so
 * means go on as they were), the tyre report, the switches, the Insteon fields and the last
 * message, packed in a fixed order and read straight back into an `Rtl433Sensor`. It keeps
 * what the JSON record keeps, so a sensor comes back the same either way.
 */
import type { PhyComponentState, StateReader, StateWriter } from '@svc/core';
import { ReadingGroup } from './reading-group.js';
import { Rtl433Sensor, VALUE_SLOTS } from './rtl433-sensor.js';
import { READING_CLASSES } from './sensor-classes.js';
import { ValueGroup } from './value-group.js';

function writeSensor(sensor: Rtl433Sensor, writer: StateWriter): void {
  for (const text of [sensor.model, sensor.id, sensor.subchannel, sensor.battery, sensor.rssi, sensor.snr, sensor.noise, sensor.lastRecord]) writer.string(text);
  for (const sensorClass of READING_CLASSES) {
    const group = sensor.readings.get(sensorClass);
    writer.boolean(group !== undefined);
    group?.writeState(writer);
  }
  for (const { slot } of VALUE_SLOTS) {
    const group = sensor[slot];
    writer.boolean(group !== undefined);
    group?.writeState(writer);
  }
}

function readSensor(reader: StateReader): Rtl433Sensor {
  const sensor = new Rtl433Sensor(reader.string());
  sensor.id = reader.string();
  sensor.subchannel = reader.string();
  sensor.battery = reader.string();
  sensor.rssi = reader.string();
  sensor.snr = reader.string();
  sensor.noise = reader.string();
  sensor.lastRecord = reader.string();
  for (const sensorClass of READING_CLASSES) if (reader.boolean()) sensor.readings.set(sensorClass, ReadingGroup.readState(sensorClass.table, reader));
  for (const { slot, valueClass } of VALUE_SLOTS) if (reader.boolean()) sensor[slot] = ValueGroup.readState(valueClass.table, reader);
  return sensor;
}

/**
 * How the RFSENSOR PHY packs its sub-record into the tracker's state snapshot. Version 3 since
 * the sub-record took all of Kismet's sensor classes and its keys: states of version 2 hold
 * former keys of sensors with text ids and humidity in the thermometer, states of version 1
 * the keys of the `RTL433` era; such devices come back from their JSON records instead, which
 * `restoreSensor` brings up to date.
 */
export const sensorComponentState: PhyComponentState<Rtl433Sensor> = {
  version: 3,
  write: (component, writer) => writeSensor(component, writer),
  read: (reader) => readSensor(reader),
};
