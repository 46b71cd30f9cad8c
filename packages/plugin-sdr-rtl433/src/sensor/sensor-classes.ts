/**
 * The sensor classes Kismet's sensor PHY knows (`phy_sensor.h`), each a sub-record of
 * `sensor.device` that appears once a message carries its keys: thermometer, weather station,
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

/** `sensor.device.thermometer`. */
export const THERMOMETER: readonly ReadingField[] = [
  { field: 'sensor.device.temperature', quantity: TEMPERATURE },
  { field: 'sensor.device.humidity', quantity: HUMIDITY },
];

/** `sensor.device.weatherstation`. */
export const WEATHER_STATION: readonly ReadingField[] = [
  { field: 'sensor.device.wind_dir', quantity: WIND_DIRECTION },
  { field: 'sensor.device.wind_speed', quantity: WIND_SPEED },
  { field: 'sensor.device.wind_gust', quantity: WIND_GUST },
  { field: 'sensor.device.rain', quantity: RAIN },
  { field: 'sensor.device.uv_index', quantity: UV_INDEX },
  { field: 'sensor.device.lux', quantity: LIGHT },
  { field: 'sensor.device.barometric_pressure', quantity: BAROMETRIC_PRESSURE },
];

/** `sensor.device.lightningsensor`. */
export const LIGHTNING_SENSOR: readonly ReadingField[] = [
  { field: 'sensor.device.lightning_strike_count', quantity: STRIKE_COUNT },
  { field: 'sensor.device.lightning_storm_distance', quantity: STORM_DISTANCE },
  { field: 'sensor.device.lightning_storm_active', quantity: STORM_ACTIVE },
  { field: 'sensor.device.lightning_rfi', quantity: INTERFERENCE },
];

/** rtl_433's value for `type` on tyre pressure sensors. */
export const TPMS_TYPE = 'TPMS';

const text = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : undefined;

/** `sensor.device.tpms`: a tyre pressure sensor's last report. */
export class TyrePressure {
  pressureKpa: number | undefined = undefined;
  flags: string | undefined = undefined;
  state: string | undefined = undefined;
  checksum: string | undefined = undefined;
  code: string | undefined = undefined;

  /** The report in a record a log kept (tracker restore). */
  static fromRecord(record: Record<string, unknown>): TyrePressure {
    const tpms = new TyrePressure();
    const kpa = record['sensor.device.tpms.pressure_kpa'];
    if (typeof kpa === 'number') tpms.pressureKpa = kpa;
    tpms.flags = text(record['sensor.device.tpms.flags']);
    tpms.state = text(record['sensor.device.tpms.state']);
    tpms.checksum = text(record['sensor.device.tpms.checksum']);
    tpms.code = text(record['sensor.device.tpms.code']);
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
      record['sensor.device.tpms.pressure_bar'] = Math.round(this.pressureKpa * 100) / 10_000;
      record['sensor.device.tpms.pressure_kpa'] = this.pressureKpa;
    }
    if (this.flags !== undefined) record['sensor.device.tpms.flags'] = this.flags;
    if (this.state !== undefined) record['sensor.device.tpms.state'] = this.state;
    if (this.checksum !== undefined) record['sensor.device.tpms.checksum'] = this.checksum;
    if (this.code !== undefined) record['sensor.device.tpms.code'] = this.code;
    return record;
  }
}

/** Keys of switch banks (`switch0` .. `switch9`): DIP switches and multi-channel remotes. */
const SWITCH_KEY = /^switch([0-9])$/;

/** `sensor.device.switch`: the last state of each switch a message reported. */
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
      const number = /^sensor\.device\.switch\.([0-9])$/.exec(key)?.[1];
      const state = text(value);
      if (number !== undefined && state !== undefined) bank.states.set(Number(number), state);
    }
    return bank;
  }

  toRecord(): Record<string, unknown> {
    const record: Record<string, unknown> = {};
    for (const [number, state] of [...this.states].sort((a, b) => a[0] - b[0])) record[`sensor.device.switch.${number}`] = state;
    return record;
  }
}

/** Field definitions of the TPMS and switch records. */
export const TPMS_AND_SWITCH_FIELDS: readonly FieldDefinition[] = [
  { name: 'sensor.device.tpms.pressure_bar', type: 'double', description: 'tyre pressure in bar' },
  { name: 'sensor.device.tpms.pressure_kpa', type: 'double', description: 'tyre pressure in kPa' },
  { name: 'sensor.device.tpms.flags', type: 'string', description: 'flags the sensor reports' },
  { name: 'sensor.device.tpms.state', type: 'string', description: 'state or status the sensor reports' },
  { name: 'sensor.device.tpms.checksum', type: 'string', description: 'integrity check of the message (rtl_433 mic: CRC, CHECKSUM, ...)' },
  { name: 'sensor.device.tpms.code', type: 'string', description: 'code the sensor reports' },
  ...Array.from({ length: 10 }, (_, number) => ({ name: `sensor.device.switch.${number}`, type: 'string' as const, description: `state of switch ${number}` })),
];
