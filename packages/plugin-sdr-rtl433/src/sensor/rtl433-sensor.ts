/**
 * The `sensor.device` sub-record: what svc knows about one rtl_433 sensor, as Kismet's sensor
 * PHY keeps it. The common part (the name Kismet gives the sensor as its model, the id, the
 * sensor's own channel, battery, and the signal levels rtl_433 measured, written as Kismet
 * writes them) is always there; the sensor classes appear when a message first carries their
 * keys; the last message is kept verbatim, so a reading svc has no field for is still visible.
 */
import type { RecordSource } from '@svc/core';
import { ReadingGroup } from './reading-group.js';
import { INSTEON, READING_CLASSES, SWITCH_BANK, TPMS_PRESSURE_KPA, TPMS_TYPE, TYRE_PRESSURE, WEATHER_STATION, type ReadingClass, type ValueClass } from './sensor-classes.js';
import { barOfKpa, psiOfKpa } from './units.js';
import { messageText, ValueGroup } from './value-group.js';

/** Kismet writes a numeric channel, rssi, snr and noise as a whole number (truncated), text as it is. */
function kismetText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(Math.trunc(value));
  return undefined;
}

/**
 * Battery state as Kismet writes it: the `battery` text of older decoders, else current
 * rtl_433's `battery_ok` as a number (1 good, 0 low, a fraction for a level), or true/false.
 */
function batteryText(message: Record<string, unknown>): string | undefined {
  return messageText(message.battery ?? message.battery_ok);
}

/** The sensor's id as rtl_433 gives it: `id`, else the older `device`; undefined when it has neither. */
export function sensorId(message: Record<string, unknown>): string | undefined {
  return kismetText(message.id) ?? kismetText(message.device);
}

/** Where each class of last values lives on a sensor, and the messages it is read from. */
export const VALUE_SLOTS: readonly { readonly slot: 'tpms' | 'switches' | 'insteon'; readonly valueClass: ValueClass; readonly applies: (message: Record<string, unknown>) => boolean }[] = [
  { slot: 'tpms', valueClass: TYRE_PRESSURE, applies: (message) => message.type === TPMS_TYPE },
  { slot: 'switches', valueClass: SWITCH_BANK, applies: () => true },
  { slot: 'insteon', valueClass: INSTEON, applies: () => true },
];

/** The tyre report's record, with the pressure also in bar and PSI. */
function tyrePressureRecord(tpms: ValueGroup): Record<string, unknown> {
  const record = tpms.toRecord();
  const kpa = tpms.get(TPMS_PRESSURE_KPA);
  if (typeof kpa === 'number') Object.assign(record, { 'sensor.device.tpms.pressure_bar': barOfKpa(kpa), 'sensor.device.tpms.pressure_psi': psiOfKpa(kpa) });
  return record;
}

/** The rtl_433 sub-record of one sensor. */
export class Rtl433Sensor implements RecordSource {
  /** What `sensor.device.model` serves: Kismet's name for the sensor, from its first message. */
  model: string;
  id = '';
  /** The channel the sensor is set to (its own switch, not a radio frequency). */
  subchannel = '0';
  battery = '';
  rssi = '';
  snr = '';
  noise = '';
  /** The readings of each class with histories the sensor has reported. */
  readonly readings = new Map<ReadingClass, ReadingGroup>();
  tpms: ValueGroup | undefined = undefined;
  switches: ValueGroup | undefined = undefined;
  insteon: ValueGroup | undefined = undefined;
  /** The last message as rtl_433 printed it. */
  lastRecord = '';

  constructor(model: string) {
    this.model = model;
  }

  /** The sub-record as `toRecord` served it (a device restored from a log); undefined when it is not one. */
  static fromRecord(record: Record<string, unknown>): Rtl433Sensor | undefined {
    const common = record['sensor.device.common'] as Record<string, unknown> | undefined;
    const model = messageText(common?.['sensor.device.model']);
    if (!common || model === undefined) return undefined;
    const sensor = new Rtl433Sensor(model);
    const commonText = (name: string) => messageText(common[`sensor.device.${name}`]) ?? '';
    sensor.id = commonText('id');
    sensor.subchannel = commonText('subchannel') || '0';
    sensor.battery = commonText('battery');
    sensor.rssi = commonText('rssi');
    sensor.snr = commonText('snr');
    sensor.noise = commonText('noise');
    for (const sensorClass of READING_CLASSES) {
      const group = ReadingGroup.fromRecord(sensorClass.table, record[sensorClass.field]);
      if (group) sensor.readings.set(sensorClass, group);
    }
    for (const { slot, valueClass } of VALUE_SLOTS) sensor[slot] = ValueGroup.fromRecord(valueClass.table, record[valueClass.field]);
    sensor.lastRecord = commonText('last_record');
    return sensor;
  }

  /** Takes one decoded message (and its text) heard at Unix time `time`. */
  apply(message: Record<string, unknown>, text: string, time: number): void {
    this.applyLastValues(message);
    this.lastRecord = text;
    for (const sensorClass of READING_CLASSES) {
      // A tyre sensor's pressure is the tyre's, not the weather's.
      if (sensorClass === WEATHER_STATION && message.type === TPMS_TYPE) continue;
      const group = ReadingGroup.update(this.readings.get(sensorClass), sensorClass.table, message, time);
      if (group) this.readings.set(sensorClass, group);
    }
  }

  /**
   * Takes what a message says that keeps no history: the common fields, the tyre report, the
   * switches and the Insteon fields. Taking the last message again changes nothing, so a
   * restored sensor takes it to fill what an older svc kept otherwise or not at all.
   */
  applyLastValues(message: Record<string, unknown>): void {
    this.id = sensorId(message) ?? '';
    this.subchannel = kismetText(message.channel) ?? this.subchannel;
    this.battery = batteryText(message) ?? this.battery;
    this.rssi = kismetText(message.rssi) ?? this.rssi;
    this.snr = kismetText(message.snr) ?? this.snr;
    this.noise = kismetText(message.noise) ?? this.noise;
    for (const { slot, valueClass, applies } of VALUE_SLOTS) if (applies(message)) this[slot] = ValueGroup.update(this[slot], valueClass.table, message);
  }

  toRecord(now: number): Record<string, unknown> {
    const record: Record<string, unknown> = {
      'sensor.device.common': {
        'sensor.device.model': this.model,
        'sensor.device.id': this.id,
        'sensor.device.subchannel': this.subchannel,
        'sensor.device.battery': this.battery,
        'sensor.device.rssi': this.rssi,
        'sensor.device.snr': this.snr,
        'sensor.device.noise': this.noise,
        'sensor.device.last_record': this.lastRecord,
      },
    };
    for (const [sensorClass, group] of this.readings) record[sensorClass.field] = group.toRecord(now);
    if (this.tpms) record[TYRE_PRESSURE.field] = tyrePressureRecord(this.tpms);
    if (this.switches) record[SWITCH_BANK.field] = this.switches.toRecord();
    if (this.insteon) record[INSTEON.field] = this.insteon.toRecord();
    return record;
  }
}
