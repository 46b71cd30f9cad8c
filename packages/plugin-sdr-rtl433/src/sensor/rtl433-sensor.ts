/**
 * The `rtl433.device` sub-record: what svc knows about one rtl_433 sensor. The common part
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
  rtlChannel = '0';
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
  lastMessage = '';

  constructor(model: string) {
    this.model = model;
  }

  /** The sub-record as `toRecord` served it (a device restored from a log); undefined when it is not one. */
  static fromRecord(record: Record<string, unknown>): Rtl433Sensor | undefined {
    const common = record['rtl433.device.common'] as Record<string, unknown> | undefined;
    const model = asText(common?.['rtl433.device.model']);
    if (!common || model === undefined) return undefined;
    const sensor = new Rtl433Sensor(model);
    const commonText = (name: string) => asText(common[`rtl433.device.${name}`]) ?? '';
    sensor.id = commonText('id') || '0';
    sensor.rtlChannel = commonText('rtlchannel') || '0';
    sensor.battery = commonText('battery');
    sensor.rssi = commonText('rssi');
    sensor.snr = commonText('snr');
    sensor.noise = commonText('noise');
    sensor.thermometer = ReadingGroup.fromRecord(THERMOMETER, record['rtl433.device.thermometer']);
    sensor.weatherStation = ReadingGroup.fromRecord(WEATHER_STATION, record['rtl433.device.weatherstation']);
    sensor.lightningSensor = ReadingGroup.fromRecord(LIGHTNING_SENSOR, record['rtl433.device.lightningsensor']);
    const tpms = record['rtl433.device.tpms'];
    if (tpms !== null && typeof tpms === 'object') sensor.tpms = TyrePressure.fromRecord(tpms as Record<string, unknown>);
    const switches = record['rtl433.device.switch'];
    if (switches !== null && typeof switches === 'object') sensor.switches = SwitchBank.fromRecord(switches as Record<string, unknown>);
    sensor.lastMessage = asText(record['rtl433.device.last_message']) ?? '';
    return sensor;
  }

  /** Takes one decoded message (and its text) heard at Unix time `time`. */
  apply(message: Record<string, unknown>, text: string, time: number): void {
    this.id = sensorId(message);
    this.rtlChannel = asText(message.channel) ?? this.rtlChannel;
    this.battery = batteryText(message) ?? this.battery;
    this.rssi = asText(message.rssi) ?? this.rssi;
    this.snr = asText(message.snr) ?? this.snr;
    this.noise = asText(message.noise) ?? this.noise;
    this.lastMessage = text;

    this.thermometer = ReadingGroup.update(this.thermometer, THERMOMETER, message, time);
    // A tyre sensor's pressure is the tyre's, not the weather's.
    if (message.type !== TPMS_TYPE) this.weatherStation = ReadingGroup.update(this.weatherStation, WEATHER_STATION, message, time);
    this.lightningSensor = ReadingGroup.update(this.lightningSensor, LIGHTNING_SENSOR, message, time);
    if (message.type === TPMS_TYPE) (this.tpms ??= new TyrePressure()).apply(message);
    this.switches = SwitchBank.update(this.switches, message);
  }

  toRecord(now: number): Record<string, unknown> {
    const record: Record<string, unknown> = {
      'rtl433.device.common': {
        'rtl433.device.model': this.model,
        'rtl433.device.id': this.id,
        'rtl433.device.rtlchannel': this.rtlChannel,
        'rtl433.device.battery': this.battery,
        'rtl433.device.rssi': this.rssi,
        'rtl433.device.snr': this.snr,
        'rtl433.device.noise': this.noise,
      },
    };
    if (this.thermometer) record['rtl433.device.thermometer'] = this.thermometer.toRecord(now);
    if (this.weatherStation) record['rtl433.device.weatherstation'] = this.weatherStation.toRecord(now);
    if (this.tpms) record['rtl433.device.tpms'] = this.tpms.toRecord();
    if (this.switches) record['rtl433.device.switch'] = this.switches.toRecord();
    if (this.lightningSensor) record['rtl433.device.lightningsensor'] = this.lightningSensor.toRecord(now);
    record['rtl433.device.last_message'] = this.lastMessage;
    return record;
  }
}
