/**
 * The `sensor.device` sub-record: what svc knows about one rtl_433 sensor. The common part
 * (model, id, the sensor's own channel, battery, and the signal levels rtl_433 measured) is
 * always there; the sensor classes appear when a message first carries their keys; the last
 * message is kept verbatim, so a reading svc has no field for is still visible.
 */
import type { RecordSource } from '@svc/core';
import { ReadingGroup } from './reading-group.js';
import { LIGHTNING_SENSOR, SwitchBank, THERMOMETER, TPMS_TYPE, TyrePressure, WEATHER_STATION } from './sensor-classes.js';

/** A message value as the text Kismet keeps for the common fields. */
function asText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

/** Battery state: `battery_ok` (1 good, 0 low) in current rtl_433, `battery` text in older decoders. */
function batteryText(message: Record<string, unknown>): string | undefined {
  const ok = message.battery_ok;
  if (typeof ok === 'number') return ok >= 1 ? 'OK' : ok > 0 ? `${Math.round(ok * 100)}%` : 'LOW';
  return asText(message.battery);
}

/** The sensor's id as rtl_433 gives it: `id`, else the older `device`. */
export function sensorId(message: Record<string, unknown>): string {
  return asText(message.id) ?? asText(message.device) ?? '0';
}

/** The rtl_433 sub-record of one sensor. */
export class Rtl433Sensor implements RecordSource {
  readonly model: string;
  id = '0';
  /** The channel the sensor is set to (its own switch, not a radio frequency). */
  subchannel = '0';
  battery = '';
  rssi = '';
  snr = '';
  noise = '';
  thermometer: ReadingGroup | undefined = undefined;
  weatherStation: ReadingGroup | undefined = undefined;
  lightningSensor: ReadingGroup | undefined = undefined;
  tpms: TyrePressure | undefined = undefined;
  switches: SwitchBank | undefined = undefined;
  /** The last message as rtl_433 printed it. */
  lastRecord = '';

  constructor(model: string) {
    this.model = model;
  }

  /** The sub-record as `toRecord` served it (a device restored from a log); undefined when it is not one. */
  static fromRecord(record: Record<string, unknown>): Rtl433Sensor | undefined {
    const common = record['sensor.device.common'] as Record<string, unknown> | undefined;
    const model = asText(common?.['sensor.device.model']);
    if (!common || model === undefined) return undefined;
    const sensor = new Rtl433Sensor(model);
    const commonText = (name: string) => asText(common[`sensor.device.${name}`]) ?? '';
    sensor.id = commonText('id') || '0';
    sensor.subchannel = commonText('subchannel') || '0';
    sensor.battery = commonText('battery');
    sensor.rssi = commonText('rssi');
    sensor.snr = commonText('snr');
    sensor.noise = commonText('noise');
    sensor.thermometer = ReadingGroup.fromRecord(THERMOMETER, record['sensor.device.thermometer']);
    sensor.weatherStation = ReadingGroup.fromRecord(WEATHER_STATION, record['sensor.device.weatherstation']);
    sensor.lightningSensor = ReadingGroup.fromRecord(LIGHTNING_SENSOR, record['sensor.device.lightningsensor']);
    const tpms = record['sensor.device.tpms'];
    if (tpms !== null && typeof tpms === 'object') sensor.tpms = TyrePressure.fromRecord(tpms as Record<string, unknown>);
    const switches = record['sensor.device.switch'];
    if (switches !== null && typeof switches === 'object') sensor.switches = SwitchBank.fromRecord(switches as Record<string, unknown>);
    sensor.lastRecord = commonText('last_record');
    return sensor;
  }

  /** Takes one decoded message (and its text) heard at Unix time `time`. */
  apply(message: Record<string, unknown>, text: string, time: number): void {
    this.id = sensorId(message);
    this.subchannel = asText(message.channel) ?? this.subchannel;
    this.battery = batteryText(message) ?? this.battery;
    this.rssi = asText(message.rssi) ?? this.rssi;
    this.snr = asText(message.snr) ?? this.snr;
    this.noise = asText(message.noise) ?? this.noise;
    this.lastRecord = text;

    this.thermometer = ReadingGroup.update(this.thermometer, THERMOMETER, message, time);
    // A tyre sensor's pressure is the tyre's, not the weather's.
    if (message.type !== TPMS_TYPE) this.weatherStation = ReadingGroup.update(this.weatherStation, WEATHER_STATION, message, time);
    this.lightningSensor = ReadingGroup.update(this.lightningSensor, LIGHTNING_SENSOR, message, time);
    if (message.type === TPMS_TYPE) (this.tpms ??= new TyrePressure()).apply(message);
    this.switches = SwitchBank.update(this.switches, message);
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
    if (this.thermometer) record['sensor.device.thermometer'] = this.thermometer.toRecord(now);
    if (this.weatherStation) record['sensor.device.weatherstation'] = this.weatherStation.toRecord(now);
    if (this.tpms) record['sensor.device.tpms'] = this.tpms.toRecord();
    if (this.switches) record['sensor.device.switch'] = this.switches.toRecord();
    if (this.lightningSensor) record['sensor.device.lightningsensor'] = this.lightningSensor.toRecord(now);
    return record;
  }
}
