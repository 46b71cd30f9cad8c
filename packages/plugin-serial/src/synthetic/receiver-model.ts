/**
 * How a kind of receiver writes its sentences. Real receivers differ in exactly the ways a
 * reader must tolerate: the talker (`GP` for a GPS-only unit; `GN` for a combined solution, with
 * `GP`/`GL` satellites listed per system), the order of a second's sentences (u-blox starts with
 * RMC, SiRF with GGA, which decides whether the date comes before or after a GGA fix), the
 * digits of minutes and seconds, how often the sky is listed, and a start-up banner.
 */
import type { SatelliteSystem } from './satellite-sky.js';

/** The sentence types a synthetic receiver sends. */
export type NmeaSentenceType = 'RMC' | 'VTG' | 'GGA' | 'GSA' | 'GSV' | 'GLL' | 'ZDA';

/** A kind of receiver. */
export interface ReceiverModel {
  /** What it stands for, for the ground truth's description. */
  readonly name: string;
  /** The systems it tracks; with more than one its solution talks as `GN`. */
  readonly systems: readonly SatelliteSystem[];
  /** The order of a second's sentences. */
  readonly order: readonly NmeaSentenceType[];
  /** Digits of minutes in coordinates (4 or 5). */
  readonly coordinateDecimals: number;
  /** Digits after the seconds in times (2 or 3). */
  readonly timeDecimals: number;
  /** GSV is sent every this many seconds (receivers save bandwidth at 4800 baud). */
  readonly skyEvery: number;
  /** TXT messages sent once at power-up. */
  readonly banner: readonly string[];
}

/** A u-blox-like GPS + GLONASS receiver: `GN` solution sentences, RMC first, five-digit minutes. */
export const GNSS_RECEIVER: ReceiverModel = {
  name: 'GPS+GLONASS receiver (u-blox-like order)',
  systems: ['GPS', 'GLONASS'],
  order: ['RMC', 'VTG', 'GGA', 'GSA', 'GSV', 'GLL', 'ZDA'],
  coordinateDecimals: 5,
  timeDecimals: 2,
  skyEvery: 2,
  banner: ['u-blox AG - www.u-blox.com', 'ANTSTATUS=OK'],
};

/** A SiRF-like GPS-only receiver at 4800 baud: `GP` everywhere, GGA first, four-digit minutes. */
export const GPS_RECEIVER: ReceiverModel = {
  name: 'GPS-only receiver (SiRF-like order)',
  systems: ['GPS'],
  order: ['GGA', 'GLL', 'GSA', 'GSV', 'RMC', 'VTG', 'ZDA'],
  coordinateDecimals: 4,
  timeDecimals: 3,
  skyEvery: 5,
  banner: [],
};

/** The talker of a system's own sentences (GSV, and GSA of a single-system receiver). */
export const SYSTEM_TALKER: Readonly<Record<SatelliteSystem, string>> = { GPS: 'GP', GLONASS: 'GL' };

/** NMEA 4.10 GNSS system id, the last field of a `GN` GSA. */
export const SYSTEM_ID: Readonly<Record<SatelliteSystem, number>> = { GPS: 1, GLONASS: 2 };

/** The talker of the solution's sentences: `GN` when it combines systems, else the one system's. */
export function solutionTalker(model: ReceiverModel): string {
  return model.systems.length > 1 ? 'GN' : SYSTEM_TALKER[model.systems[0]!];
}
