/**
 * The sensors generated rtl_433 events come from: two or three of every class of 433 MHz
 * sensors (thermometer, moisture, weather station, lightning sensor, tyre pressure sensor,
 * switch bank), under
 * real rtl_433 models with the keys, units and field types their decoders print (a thermometer
 * in °F, wind in m/s and km/h, rain in mm and inches, tyre pressure in kPa and PSI). The models
 * svc can also put on the air take their messages from the protocol modules, so an event reads
 * exactly as rtl_433 decodes that sensor's transmission. Each round, a sensor reports readings
 * drawn around its own values (totals such as rain and strikes only grow).
 */
import { acurite6045m } from './protocols/acurite-6045m.js';
import { fineoffsetWh1080 } from './protocols/fineoffset-wh1080.js';
import { interlogix } from './protocols/interlogix.js';
import { nexusTh } from './protocols/nexus-th.js';
import { schraderTpms } from './protocols/schrader-tpms.js';
import type { DecodedMessage, MessageLayout } from './rtl433-json.js';

/** A message and the layout its model prints it with. */
export interface FleetReport {
  readonly message: DecodedMessage;
  readonly layout: MessageLayout;
}

/** Draws readings for one report. */
export interface ReadingSource {
  /** `base` moved by a whole number of `step`s, at most `spread` either way. */
  near(base: number, spread: number, step: number): number;
  /** A total that grows each round by 0 to `most` `step`s from `base`. */
  growing(base: number, step: number, most: number): number;
  /** One of `choices`. */
  pick<T>(choices: readonly T[]): T;
}

/** A sensor of the fleet: its report from the readings drawn this round. */
export type FleetSensor = (readings: ReadingSource) => FleetReport;

/** A number without the float noise of `k * step` (six decimals are below every sensor's resolution). */
const clean = (value: number) => Number(value.toFixed(6));

/** A reading source for round `round` drawing from `random`. */
export function readingSource(random: () => number, round: number): ReadingSource {
  return {
    near: (base, spread, step) => clean(base + (Math.floor(random() * (2 * Math.round(spread / step) + 1)) - Math.round(spread / step)) * step),
    growing: (base, step, most) => clean(base + (round * most + Math.floor(random() * (most + 1))) * step),
    pick: (choices) => choices[Math.floor(random() * choices.length)]!,
  };
}

const AMBIENT_F007TH: MessageLayout = { model: 'string', id: 'int', channel: 'int', battery_ok: 'int', temperature_F: 'double', humidity: 'int', mic: 'string' };
const BRESSER_5IN1: MessageLayout = {
  model: 'string',
  id: 'int',
  battery_ok: 'int',
  temperature_C: 'double',
  humidity: 'int',
  wind_max_m_s: 'double',
  wind_avg_m_s: 'double',
  wind_dir_deg: 'double',
  rain_mm: 'double',
  mic: 'string',
};
const ACURITE_5N1: MessageLayout = {
  model: 'string',
  message_type: 'int',
  id: 'int',
  channel: 'string',
  sequence_num: 'int',
  battery_ok: 'int',
  wind_avg_km_h: 'double',
  wind_dir_deg: 'double',
  rain_in: 'double',
  mic: 'string',
};
const OREGON_BTHGN129: MessageLayout = { model: 'string', id: 'int', channel: 'int', battery_ok: 'int', temperature_C: 'double', humidity: 'int', pressure_hPa: 'double' };
const FINEOFFSET_WH31L: MessageLayout = { model: 'string', id: 'int', battery_ok: 'double', state: 'string', flags: 'int', storm_dist_km: 'int', strike_count: 'int', mic: 'string' };
const TOYOTA_TPMS: MessageLayout = { model: 'string', type: 'string', id: 'string', status: 'int', pressure_PSI: 'double', temperature_C: 'double', mic: 'string' };
const FORD_TPMS: MessageLayout = {
  model: 'string',
  type: 'string',
  id: 'string',
  pressure_PSI: 'double',
  temperature_C: 'double',
  moving: 'int',
  learn: 'int',
  code: 'string',
  unknown: 'string',
  unknown_3: 'string',
  mic: 'string',
};

/** The 16 points of the compass rose as the WH1080 reports them, and as 22.5° steps. */
const WH1080_DIRECTIONS = [0, 23, 45, 68, 90, 113, 135, 158, 180, 203, 225, 248, 270, 293, 315, 338];
const COMPASS_POINTS = Array.from({ length: 16 }, (_, point) => point * 22.5);
const WH1080_WIND_STEP = 1.224;

/** The fleet, in the order each round reports. */
export const SENSOR_FLEET: readonly FleetSensor[] = [
  (r) => nexusTh({ id: 90, channel: 1, batteryOk: true, temperatureC: r.near(21.3, 1, 0.1), humidity: r.near(45, 5, 1) }),
  (r) => ({
    layout: AMBIENT_F007TH,
    message: { model: 'Ambientweather-F007TH', id: 37, channel: 5, battery_ok: 0, temperature_F: r.near(67.8, 2, 0.1), humidity: r.near(35, 3, 1), mic: 'CRC' },
  }),
  (r) => {
    const average = r.near(3 * WH1080_WIND_STEP, 2 * WH1080_WIND_STEP, WH1080_WIND_STEP);
    return fineoffsetWh1080({
      id: 133,
      batteryOk: true,
      temperatureC: r.near(12.4, 1, 0.1),
      humidity: r.near(67, 4, 1),
      windDirDeg: r.pick(WH1080_DIRECTIONS),
      windAvgKmH: average,
      windMaxKmH: clean(average + r.near(2 * WH1080_WIND_STEP, WH1080_WIND_STEP, WH1080_WIND_STEP)),
      rainMm: r.growing(12.6, 0.3, 2),
    });
  },
  (r) => {
    const average = r.near(2.4, 1, 0.1);
    return {
      layout: BRESSER_5IN1,
      message: {
        model: 'Bresser-5in1',
        id: 232,
        battery_ok: 1,
        temperature_C: r.near(8.5, 1, 0.1),
        humidity: r.near(80, 5, 1),
        wind_max_m_s: clean(average + r.near(1.5, 0.5, 0.1)),
        wind_avg_m_s: average,
        wind_dir_deg: r.pick(COMPASS_POINTS),
        rain_mm: r.growing(34.8, 0.4, 2),
        mic: 'CHECKSUM',
      },
    };
  },
  (r) => ({
    layout: ACURITE_5N1,
    message: {
      model: 'Acurite-5n1',
      message_type: 49,
      id: 839,
      channel: 'A',
      sequence_num: r.pick([0, 1, 2]),
      battery_ok: 1,
      wind_avg_km_h: r.near(4.311, 1.5, 0.001),
      wind_dir_deg: r.pick(COMPASS_POINTS),
      rain_in: r.growing(0.66, 0.01, 3),
      mic: 'CHECKSUM',
    },
  }),
  (r) => ({
    layout: OREGON_BTHGN129,
    message: { model: 'Oregon-BTHGN129', id: 244, channel: 1, battery_ok: 1, temperature_C: r.near(20.2, 1, 0.1), humidity: r.near(53, 3, 1), pressure_hPa: r.near(1012, 5, 1) },
  }),
  (r) =>
    acurite6045m({
      id: 4321,
      channel: 'A',
      batteryOk: true,
      temperatureF: r.near(72.5, 2, 0.1),
      humidity: r.near(40, 4, 1),
      strikeCount: r.growing(17, 1, 3),
      stormDist: r.near(12, 6, 1),
      active: true,
      rfi: r.pick([false, true]),
    }),
  (r) => ({
    layout: FINEOFFSET_WH31L,
    message: { model: 'FineOffset-WH31L', id: 20012, battery_ok: 1, state: 'strike', flags: 0x8c, storm_dist_km: r.near(14, 6, 1), strike_count: r.growing(3, 1, 2), mic: 'CRC' },
  }),
  (r) => schraderTpms({ id: 0x1a2b3c4, flags: 0x12, pressureKpa: r.near(230, 5, 2.5), temperatureC: r.near(24, 2, 1) }),
  (r) => ({
    layout: TOYOTA_TPMS,
    message: { model: 'Toyota', type: 'TPMS', id: '0a1b2c3d', status: 128, pressure_PSI: r.near(32.5, 1, 0.25), temperature_C: r.near(19, 2, 1), mic: 'CRC' },
  }),
  (r) => ({
    layout: FORD_TPMS,
    message: {
      model: 'Ford',
      type: 'TPMS',
      id: '3b4c5d6e',
      pressure_PSI: r.near(35, 1, 0.25),
      temperature_C: r.near(22, 2, 1),
      moving: 1,
      learn: 0,
      code: '4a1b2c',
      unknown: '00',
      unknown_3: '0',
      mic: 'CHECKSUM',
    },
  }),
  (r) => interlogix({ type: 'contact', serial: 0x12345, batteryOk: true, switches: [r.pick(['OPEN', 'CLOSED'] as const), 'CLOSED', 'CLOSED', 'OPEN', 'CLOSED'] }),
];
