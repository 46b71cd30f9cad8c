/**
 * The sensor classes Kismet's RTL433 PHY knows (kismet-reference 4.8), each a sub-record of
 * `rtl433.device` that appears once a message carries its keys: thermometer, weather station,
 * lightning sensor (tables of readings with histories), tyre pressure sensor and switch bank.
 */
import type { FieldDefinition } from '@svc/core';
import type { ReadingField } from './reading-group.js';
import {
  BAROMETRIC_PRESSURE,
  HUMIDITY,
  INTERFERENCE,
  LIGHT,
  PRESSURE,
  RAIN,
  readQuantity,
  STORM_ACTIVE,
  STORM_DISTANCE,
  STRIKE_COUNT,
  TEMPERATURE,
  UV_INDEX,
  WIND_DIRECTION,
  WIND_GUST,
  WIND_SPEED,
} from './units.js';

/** `rtl433.device.thermometer`. */
export const THERMOMETER: readonly ReadingField[] = [
  { field: 'rtl433.device.temperature', quantity: TEMPERATURE },
  { field: 'rtl433.device.humidity', quantity: HUMIDITY },
];

/** `rtl433.device.weatherstation`. */
export const WEATHER_STATION: readonly ReadingField[] = [
  { field: 'rtl433.device.weatherstation.wind_dir', quantity: WIND_DIRECTION },
  { field: 'rtl433.device.weatherstation.wind_speed', quantity: WIND_SPEED },
  { field: 'rtl433.device.weatherstation.wind_gust', quantity: WIND_GUST },
  { field: 'rtl433.device.weatherstation.rain', quantity: RAIN },
  { field: 'rtl433.device.weatherstation.uv_index', quantity: UV_INDEX },
  { field: 'rtl433.device.weatherstation.lux', quantity: LIGHT },
  { field: 'rtl433.device.weatherstation.pressure', quantity: BAROMETRIC_PRESSURE },
];

/** `rtl433.device.lightningsensor`. */
export const LIGHTNING_SENSOR: readonly ReadingField[] = [
  { field: 'rtl433.device.lightning.strike_count', quantity: STRIKE_COUNT },
  { field: 'rtl433.device.lightning.storm_distance', quantity: STORM_DISTANCE },
  { field: 'rtl433.device.lightning.active', quantity: STORM_ACTIVE },
  { field: 'rtl433.device.lightning.rfi', quantity: INTERFERENCE },
];

/** rtl_433's value for `type` on tyre pressure sensors. */
export const TPMS_TYPE = 'TPMS';

const text = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : undefined;

/** `rtl433.device.tpms`: a tyre pressure sensor's last report. */
export class TyrePressure {
  pressureKpa: number | undefined = undefined;
  flags: string | undefined = undefined;
  state: string | undefined = undefined;
  checksum: string | undefined = undefined;
  code: string | undefined = undefined;

  /** The report in a record a log kept (tracker restore). */
  static fromRecord(record: Record<string, unknown>): TyrePressure {
    const tpms = new TyrePressure();
    const kpa = record['rtl433.device.tpms.pressure_kpa'];
    if (typeof kpa === 'number') tpms.pressureKpa = kpa;
    tpms.flags = text(record['rtl433.device.tpms.flags']);
    tpms.state = text(record['rtl433.device.tpms.state']);
    tpms.checksum = text(record['rtl433.device.tpms.checksum']);
    tpms.code = text(record['rtl433.device.tpms.code']);
    return tpms;
  }

  /** Takes what a TPMS message carries; keeps earlier values of keys it lacks. */
  apply(message: Record<string, unknown>): void {
    this.pressureKpa = readQuantity(message, PRESSURE) ?? this.pressureKpa;
    this.flags = text(message.flags) ?? this.flags;
    this.state = text(message.state) ?? text(message.status) ?? this.state;
    this.checksum = text(message.mic) ?? this.checksum;
    this.code = text(message.code) ?? this.code;
  }

  toRecord(): Record<string, unknown> {
    const record: Record<string, unknown> = {};
    if (this.pressureKpa !== undefined) {
      record['rtl433.device.tpms.pressure_bar'] = Math.round(this.pressureKpa * 100) / 10_000;
      record['rtl433.device.tpms.pressure_kpa'] = this.pressureKpa;
    }
    if (this.flags !== undefined) record['rtl433.device.tpms.flags'] = this.flags;
    if (this.state !== undefined) record['rtl433.device.tpms.state'] = this.state;
    if (this.checksum !== undefined) record['rtl433.device.tpms.checksum'] = this.checksum;
    if (this.code !== undefined) record['rtl433.device.tpms.code'] = this.code;
    return record;
  }
}

/** Keys of switch banks (`switch0` .. `switch9`): DIP switches and multi-channel remotes. */
const SWITCH_KEY = /^switch([0-9])$/;

/** `rtl433.device.switch`: the last state of each switch a message reported. */
export class SwitchBank {
  readonly states = new Map<number, string>();

  /** Takes the switch states a message carries into `bank`, creating it only when there are any. */
  static update(bank: SwitchBank | undefined, message: Record<string, unknown>): SwitchBank | undefined {
    for (const key in message) {
      const match = SWITCH_KEY.exec(key);
      const state = match ? text(message[key]) : undefined;
      if (state === undefined) continue;
      bank ??= new SwitchBank();
      bank.states.set(Number(match![1]), state);
    }
    return bank;
  }

  /** The switch states in a record a log kept (tracker restore). */
  static fromRecord(record: Record<string, unknown>): SwitchBank {
    const bank = new SwitchBank();
    for (const [key, value] of Object.entries(record)) {
      const number = /^rtl433\.device\.switch\.([0-9])$/.exec(key)?.[1];
      const state = text(value);
      if (number !== undefined && state !== undefined) bank.states.set(Number(number), state);
    }
    return bank;
  }

  toRecord(): Record<string, unknown> {
    const record: Record<string, unknown> = {};
    for (const [number, state] of [...this.states].sort((a, b) => a[0] - b[0])) record[`rtl433.device.switch.${number}`] = state;
    return record;
  }
}

/** Field definitions of the TPMS and switch records. */
export const TPMS_AND_SWITCH_FIELDS: readonly FieldDefinition[] = [
  { name: 'rtl433.device.tpms.pressure_bar', type: 'double', description: 'tyre pressure in bar' },
  { name: 'rtl433.device.tpms.pressure_kpa', type: 'double', description: 'tyre pressure in kPa' },
  { name: 'rtl433.device.tpms.flags', type: 'string', description: 'flags the sensor reports' },
  { name: 'rtl433.device.tpms.state', type: 'string', description: 'state or status the sensor reports' },
  { name: 'rtl433.device.tpms.checksum', type: 'string', description: 'integrity check of the message (rtl_433 mic: CRC, CHECKSUM, ...)' },
  { name: 'rtl433.device.tpms.code', type: 'string', description: 'code the sensor reports' },
  ...Array.from({ length: 10 }, (_, number) => ({ name: `rtl433.device.switch.${number}`, type: 'string' as const, description: `state of switch ${number}` })),
];
