/**
 * A synthetic drive for location tests: a car drives a seeded random route through a grid of
 * streets, stopping at some crossings as at traffic lights, with a GPS fix every second (with
 * GPS noise); fixed transmitters stand in the buildings beside the streets it drives. Each fix
 * hears each transmitter at a signal from a log-distance path loss with Gaussian shadowing,
 * and a transmitter heard above the receiver's sensitivity at enough fixes gives a number of
 * them, at random, as its samples: where the sensor was and how loud it heard the transmitter.
 */
import { seededRandom } from '../testing/fuzz.js';
import { METRES_PER_DEGREE } from './location-estimate.js';

/** How the drive and the radio behave. */
export interface DriveModel {
  readonly seed: number;
  /** Where the grid's centre is. */
  readonly origin: { readonly lat: number; readonly lon: number };
  /** Metres between streets, streets per side. */
  readonly block: number;
  readonly streets: number;
  /** Length of the route in metres, speed in metres per second. */
  readonly routeMetres: number;
  readonly speed: number;
  /** Share of crossings the car stops at, and the longest stop in seconds. */
  readonly stopShare: number;
  readonly longestStop: number;
  /** Standard deviation of the GPS's error, metres. */
  readonly gpsError: number;
  /** Transmitters placed, and how far from the street (metres, least and most). */
  readonly transmitters: number;
  readonly setback: readonly [number, number];
  /** Signal at 1 m (dBm), path loss exponent, shadowing standard deviation (dB), sensitivity (dBm). */
  readonly signalAt1m: number;
  readonly pathLossExponent: number;
  readonly shadowing: number;
  readonly sensitivity: number;
  /** Samples kept per transmitter. */
  readonly samples: number;
}

/** The drive the location tests use. */
export const DEFAULT_DRIVE: DriveModel = {
  seed: 35,
  origin: { lat: 52.2215, lon: 6.8937 },
  block: 120,
  streets: 26,
  routeMetres: 20_000,
  speed: 10,
  stopShare: 0.3,
  longestStop: 45,
  gpsError: 3,
  transmitters: 300,
  setback: [5, 35],
  signalAt1m: -40,
  pathLossExponent: 2.7,
  shadowing: 5,
  sensitivity: -92,
  samples: 20,
};

/** One sample: the sensor's reported position and time, and the signal it heard. */
export interface DriveSample {
  readonly lat: number;
  readonly lon: number;
  readonly time: number;
  readonly signalDbm: number;
}

/** A transmitter heard at enough fixes: where it truly is and its samples, in time order. */
export interface HeardTransmitter {
  readonly lat: number;
  readonly lon: number;
  readonly samples: readonly DriveSample[];
}

/** The drive: every GPS fix of the route and the transmitters heard along it. */
export interface SyntheticDrive {
  readonly fixes: readonly DriveSample[];
  readonly transmitters: readonly HeardTransmitter[];
}

/** Generates the drive `model` describes (the same model gives the same drive). */
export function syntheticDrive(model: DriveModel = DEFAULT_DRIVE, startTime = 1_760_000_000): SyntheticDrive {
  const random = seededRandom(model.seed);
  const gaussian = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  const metresPerDegreeLon = METRES_PER_DEGREE * Math.cos((model.origin.lat * Math.PI) / 180);
  const half = ((model.streets - 1) * model.block) / 2;
  const toDegrees = (x: number, y: number) => ({ lat: model.origin.lat + (y - half) / METRES_PER_DEGREE, lon: model.origin.lon + (x - half) / metresPerDegreeLon });

  // The route: from the centre, crossing to crossing, never turning back, going on straight at half the crossings.
  const truePositions: [number, number][] = [];
  let node: [number, number] = [Math.floor(model.streets / 2), Math.floor(model.streets / 2)];
  let heading: [number, number] = [1, 0];
  for (let driven = 0; driven < model.routeMetres; driven += model.block) {
    const onGrid = ([dx, dy]: [number, number]) => node[0] + dx >= 0 && node[0] + dx < model.streets && node[1] + dy >= 0 && node[1] + dy < model.streets;
    const ways = ([[1, 0], [-1, 0], [0, 1], [0, -1]] as [number, number][]).filter(([dx, dy]) => !(dx === -heading[0] && dy === -heading[1]) && onGrid([dx, dy]));
    const straight = ways.find(([dx, dy]) => dx === heading[0] && dy === heading[1]);
    heading = straight && random() < 0.5 ? straight : ways[Math.floor(random() * ways.length)]!;
    const from: [number, number] = [node[0] * model.block, node[1] * model.block];
    if (random() < model.stopShare) for (let second = Math.floor(5 + random() * (model.longestStop - 5)); second > 0; second--) truePositions.push(from);
    for (let along = 0; along < model.block; along += model.speed) truePositions.push([from[0] + heading[0] * along, from[1] + heading[1] * along]);
    node = [node[0] + heading[0], node[1] + heading[1]];
  }
  const fixes = truePositions.map(([x, y], second) => ({ ...toDegrees(x + gaussian() * model.gpsError, y + gaussian() * model.gpsError), time: startTime + second, signalDbm: 0 }));

  const transmitters: HeardTransmitter[] = [];
  for (let placed = 0; placed < model.transmitters; placed++) {
    // Beside a street the route takes: across it from a random position of the route.
    const [x, y] = truePositions[Math.floor(random() * truePositions.length)]!;
    const setback = (model.setback[0] + random() * (model.setback[1] - model.setback[0])) * (random() < 0.5 ? -1 : 1);
    const onEastWestStreet = y % model.block === 0;
    const tx = onEastWestStreet ? x : x + setback;
    const ty = onEastWestStreet ? y + setback : y;
    const heard: DriveSample[] = [];
    truePositions.forEach(([sx, sy], second) => {
      const distance = Math.max(1, Math.hypot(sx - tx, sy - ty));
      const signalDbm = model.signalAt1m - 10 * model.pathLossExponent * Math.log10(distance) + gaussian() * model.shadowing;
      if (signalDbm >= model.sensitivity) heard.push({ ...fixes[second]!, signalDbm: Math.round(signalDbm) });
    });
    if (heard.length < model.samples) continue;
    const chosen = new Set<number>();
    while (chosen.size < model.samples) chosen.add(Math.floor(random() * heard.length));
    transmitters.push({ ...toDegrees(tx, ty), samples: [...chosen].sort((a, b) => a - b).map((index) => heard[index]!) });
  }
  return { fixes, transmitters };
}

/** Great-circle distance in metres between two positions (haversine, mean Earth radius). */
export function metresBetween(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const radians = Math.PI / 180;
  const dLat = (b.lat - a.lat) * radians;
  const dLon = (b.lon - a.lon) * radians;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * radians) * Math.cos(b.lat * radians) * Math.sin(dLon / 2) ** 2;
  return 2 * 6_371_008.8 * Math.asin(Math.sqrt(h));
}

/** The median of a list of numbers. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
