/**
 * The `sensor.device` sub-record in the tracker's state snapshot (`tracker_restore`): the
 * common fields, each sensor class's readings with their histories (a gauge's sample counts
 * kept, so means go on as they were), the tyre report, the switch bank and the last message,
 * packed in a fixed order and read straight back into an `Rtl433Sensor`. It keeps what the JSON
 * record keeps, so a sensor comes back the same either way.
 */
import type { PhyComponentState, StateReader, StateWriter } from '@svc/core';
import { ReadingGroup, type ReadingField } from './reading-group.js';
import { Rtl433Sensor } from './rtl433-sensor.js';
import { LIGHTNING_SENSOR, SwitchBank, THERMOMETER, TyrePressure, WEATHER_STATION } from './sensor-classes.js';

/** The sensor classes with readings, in the order they are packed. */
const GROUPS: readonly [keyof Pick<Rtl433Sensor, 'thermometer' | 'weatherStation' | 'lightningSensor'>, readonly ReadingField[]][] = [
  ['thermometer', THERMOMETER],
  ['weatherStation', WEATHER_STATION],
  ['lightningSensor', LIGHTNING_SENSOR],
];
/** The tyre report's text fields, in the order they are packed. */
const TPMS_TEXTS = ['flags', 'state', 'checksum', 'code'] as const;

function writeOptionalText(value: string | undefined, writer: StateWriter): void {
  writer.boolean(value !== undefined);
  if (value !== undefined) writer.string(value);
}

function readOptionalText(reader: StateReader): string | undefined {
  return reader.boolean() ? reader.string() : undefined;
}

function writeSensor(sensor: Rtl433Sensor, writer: StateWriter): void {
  for (const text of [sensor.model, sensor.id, sensor.subchannel, sensor.battery, sensor.rssi, sensor.snr, sensor.noise, sensor.lastRecord]) writer.string(text);
  for (const [name] of GROUPS) {
    const group = sensor[name];
    writer.boolean(group !== undefined);
    group?.writeState(writer);
  }
  const tpms = sensor.tpms;
  writer.boolean(tpms !== undefined);
  if (tpms) {
    writer.boolean(tpms.pressureKpa !== undefined);
    if (tpms.pressureKpa !== undefined) writer.number(tpms.pressureKpa);
    for (const name of TPMS_TEXTS) writeOptionalText(tpms[name], writer);
  }
  const switches = sensor.switches;
  writer.boolean(switches !== undefined);
  if (switches) {
    writer.uint(switches.states.size);
    for (const [number, state] of switches.states) {
      writer.uint(number);
      writer.string(state);
    }
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
  for (const [name, table] of GROUPS) if (reader.boolean()) sensor[name] = ReadingGroup.readState(table, reader);
  if (reader.boolean()) {
    const tpms = new TyrePressure();
    if (reader.boolean()) tpms.pressureKpa = reader.number();
    for (const name of TPMS_TEXTS) tpms[name] = readOptionalText(reader);
    sensor.tpms = tpms;
  }
  if (reader.boolean()) {
    const switches = new SwitchBank();
    for (let count = reader.count(); count > 0; count--) switches.states.set(reader.uint(), reader.string());
    sensor.switches = switches;
  }
  return sensor;
}

/**
 * How the RFSENSOR PHY packs its sub-record into the tracker's state snapshot. Version 2 since
 * the PHY was renamed from `RTL433`: states of version 1 hold the former device keys, and such
 * devices come back from their JSON records instead.
 */
export const sensorComponentState: PhyComponentState<Rtl433Sensor> = {
  version: 2,
  write: (component, writer) => writeSensor(component, writer),
  read: (reader) => readSensor(reader),
};
