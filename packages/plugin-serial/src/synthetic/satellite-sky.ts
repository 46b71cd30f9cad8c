/**
 * The satellites a synthetic receiver sees: a seeded pick of GPS (PRN 1-32) and, for a
 * multi-constellation receiver, GLONASS (65-96) satellites with fixed elevations and azimuths,
 * as over a few minutes of a track they hardly move. What the receiver makes of them depends on
 * its state: nothing tracked before it knows the time, tracked but unused while it waits for
 * ephemerides, three used for a 2D fix, every tracked one above the mask for a 3D fix, and none
 * heard while the sky is blocked (a tunnel). GSV lists the sky; GSA and GGA count the used ones.
 */

/** The two systems a synthetic receiver knows. */
export type SatelliteSystem = 'GPS' | 'GLONASS';

/** One satellite in view. */
export interface SkySatellite {
  readonly system: SatelliteSystem;
  /** NMEA satellite number: 1-32 GPS, 65-96 GLONASS. */
  readonly prn: number;
  /** Degrees above the horizon. */
  readonly elevation: number;
  /** Degrees true. */
  readonly azimuth: number;
}

/** A satellite as one epoch's sentences report it. */
export interface SatelliteReading extends SkySatellite {
  /** Carrier-to-noise density, dB-Hz; undefined when not tracked. */
  readonly snr: number | undefined;
  /** Whether the position solution uses it. */
  readonly used: boolean;
}

/** What the receiver is doing at an epoch, which decides what it hears and uses. */
export type ReceiverState = 'no-time' | 'no-fix' | 'fix-2d' | 'fix-3d' | 'blocked';

/** Satellites below this elevation are tracked but left out of the solution. */
const ELEVATION_MASK = 10;
/** GSA has twelve slots per system. */
const MAX_USED_PER_SYSTEM = 12;

/** Picks the sky: `perSystem` satellites of each system, spread over elevations and azimuths. */
export function pickSky(random: () => number, systems: readonly SatelliteSystem[], perSystem: number): SkySatellite[] {
  return systems.flatMap((system) => {
    const pool = Array.from({ length: 32 }, (_, index) => (system === 'GPS' ? 1 : 65) + index);
    const picked: SkySatellite[] = [];
    for (let n = 0; n < perSystem; n++) {
      const [prn] = pool.splice(Math.floor(random() * pool.length), 1);
      picked.push({ system, prn: prn!, elevation: 3 + Math.floor(random() * 85), azimuth: Math.floor(random() * 360) });
    }
    return picked.sort((a, b) => a.prn - b.prn);
  });
}

/** The sky as the receiver hears it in one epoch (`random` jitters the signal levels). */
export function readSky(sky: readonly SkySatellite[], state: ReceiverState, random: () => number): SatelliteReading[] {
  const heard = state !== 'no-time' && state !== 'blocked';
  const readings = sky.map((satellite) => ({
    ...satellite,
    snr: heard ? Math.round(18 + satellite.elevation / 3 + random() * 6) : undefined,
    used: false,
  }));
  if (state !== 'fix-2d' && state !== 'fix-3d') return readings;
  const usable = readings.filter((reading) => reading.elevation >= ELEVATION_MASK).sort((a, b) => b.elevation - a.elevation || a.prn - b.prn);
  const perSystem = new Map<SatelliteSystem, number>();
  const chosen =
    state === 'fix-2d'
      ? usable.slice(0, 3)
      : usable.filter((reading) => {
          const taken = perSystem.get(reading.system) ?? 0;
          perSystem.set(reading.system, taken + 1);
          return taken < MAX_USED_PER_SYSTEM;
        });
  return readings.map((reading) => (chosen.includes(reading) ? { ...reading, used: true } : reading));
}

/** Dilutions of precision for a number of satellites used: fewer satellites, worse geometry. */
export function dilutionOfPrecision(used: number): { pdop: number; hdop: number; vdop: number } {
  if (used < 3) return { pdop: 99.99, hdop: 99.99, vdop: 99.99 };
  const hdop = Math.round((0.5 + 6 / used) * 100) / 100;
  const vdop = Math.round((0.8 + 9 / used) * 100) / 100;
  return { pdop: Math.round(Math.hypot(hdop, vdop) * 100) / 100, hdop, vdop };
}
