/**
 * The synthetic serial GPS: a seeded receiver that drives a track and writes, second by second,
 * the CRLF byte stream a real one sends, with its ground truth. It powers up without the time,
 * then knows the time without a fix, gets a 2D and then a 3D fix, loses the fix where the sky is
 * blocked and regains it, and its stream carries the damage real ones do (noise at power-up and
 * later, a bit error, a sentence cut short). The same options and seed give the same bytes, so
 * the repository keeps a few outputs and a test checks the generator still makes them.
 */
import { seededRandom } from '@svc/core/testing';
import { driveTrack, type GpsTrackDefinition } from './gps-track.js';
import { changeDigit, noiseLine, runInto } from './nmea-damage.js';
import { epochSentences, type EpochWriting } from './epoch-sentences.js';
import { GroundTruthRecorder, type EpochTruth, type NmeaDamage, type NmeaGroundTruth } from './nmea-ground-truth.js';
import { nmeaSentence } from './nmea-fields.js';
import { pickSky, readSky, type ReceiverState } from './satellite-sky.js';
import { solutionTalker, type ReceiverModel } from './receiver-model.js';

/** What to generate. */
export interface NmeaTrackOptions {
  /** The stream's name: it is kept as `<name>.raw.nmea` with `<name>.nmea-summary.json`. */
  readonly name: string;
  readonly seed: number;
  readonly receiver: ReceiverModel;
  readonly track: GpsTrackDefinition;
  /** Seconds after power-up without the time, then without a fix, then with a 2D fix. */
  readonly coldStart: { readonly withoutTime: number; readonly withoutFix: number; readonly twoDimensional: number };
  /** Stretches after the first fix where the sky is blocked (no fix): from second `at`, for `seconds`. */
  readonly outages: readonly { readonly at: number; readonly seconds: number }[];
  /** How many lines of each damage; the first noise burst comes at power-up. */
  readonly damage: { readonly badChecksum: number; readonly truncated: number; readonly noise: number };
  readonly satellitesPerSystem: number;
  /** GGA's geoid separation at the track, metres. */
  readonly geoidSeparationM: number;
}

/**
 * The options of a receiver that has its fix from the first second and never loses or garbles
 * it: for tracks that replay a drive (the demo's, a test's), not ones that test a reader.
 */
export const CLEAN_RECEPTION: Pick<NmeaTrackOptions, 'coldStart' | 'outages' | 'damage'> = {
  coldStart: { withoutTime: 0, withoutFix: 0, twoDimensional: 0 },
  outages: [],
  damage: { badChecksum: 0, truncated: 0, noise: 0 },
};

/** A generated stream and its ground truth. */
export interface GeneratedNmeaTrack {
  readonly bytes: Buffer;
  readonly truth: NmeaGroundTruth;
}

/** The command that regenerates the kept tracks, named in each ground truth. */
export const REGENERATE_COMMAND = 'node --conditions=svc-source --import tsx test-data/serial/make-svc-tracks.ts';

/** Seconds at the end of a track kept free of damage, so its last fixes arrive intact. */
const INTACT_TAIL = 3;

/** Generates a stream and its ground truth. */
export function generateNmeaTrack(options: NmeaTrackOptions): GeneratedNmeaTrack {
  const random = seededRandom(options.seed);
  const points = driveTrack(options.track);
  const states = points.map((_, second) => receiverState(options, second));
  const sky = pickSky(random, options.receiver.systems, options.satellitesPerSystem);
  const writings = points.map((point, second) =>
    epochSentences(
      { point, state: states[second]!, satellites: readSky(sky, states[second]!, random), listsSky: second % options.receiver.skyEvery === 0, geoidSeparationM: options.geoidSeparationM },
      options.receiver,
    ),
  );
  const damage = planDamage(options, writings, states, random);

  const recorder = new GroundTruthRecorder();
  if (options.damage.noise > 0) recorder.emit({ text: noiseLine(random, 12, 40), checksum: 'none', damage: 'noise' });
  const solution = options.receiver.systems.length > 1 ? 'GN' : 'GP';
  const tag = `${solutionTalker(options.receiver)}TXT`;
  for (const text of options.receiver.banner) {
    recorder.emit({ text: nmeaSentence(tag, ['01', '01', '02', text]), tag, checksum: 'valid' });
  }
  writings.forEach((writing, second) => {
    if (damage.noiseBefore.has(second)) recorder.emit({ text: noiseLine(random, 8, 30), checksum: 'none', damage: 'noise' });
    for (let index = 0; index < writing.lines.length; index++) {
      const line = writing.lines[index]!;
      const kind = damage.lines.get(`${second}:${index}`);
      if (kind === 'bad-checksum') recorder.emit({ text: changeDigit(line.text, random), tag: line.tag!, checksum: 'invalid', damage: kind });
      else if (kind === 'truncated') recorder.emit({ text: runInto(line.text, writing.lines[++index]!.text, random), tag: line.tag!, checksum: 'invalid', damage: kind });
      else recorder.emit(line);
    }
  });

  const epochs = points.map((point, second): EpochTruth => epochTruth(point.timeMs, states[second]!, writings[second]!, sky.length));
  const description = `made here by generateNmeaTrack (@svc/plugin-serial/synthetic): ${options.receiver.name}, seed ${options.seed}, ${points.length} s from ${options.track.startTime}; remake: ${REGENERATE_COMMAND}`;
  const truth = recorder.truth(options.name, description, epochs);
  return { bytes: recorder.bytes(), truth };
}

/** The receiver's state in a second of the track. */
function receiverState(options: NmeaTrackOptions, second: number): ReceiverState {
  const { withoutTime, withoutFix, twoDimensional } = options.coldStart;
  if (second < withoutTime) return 'no-time';
  if (second < withoutTime + withoutFix) return 'no-fix';
  if (second < withoutTime + withoutFix + twoDimensional) return 'fix-2d';
  return options.outages.some((outage) => second >= outage.at && second < outage.at + outage.seconds) ? 'blocked' : 'fix-3d';
}

/** Where the damage goes: `second:index` of the line, and the seconds a noise burst precedes. */
function planDamage(options: NmeaTrackOptions, writings: readonly EpochWriting[], states: readonly ReceiverState[], random: () => number) {
  const lines = new Map<string, NmeaDamage>();
  const noiseBefore = new Set<number>();
  const taken = new Set<number>();
  const last = writings.length - INTACT_TAIL;
  const firstFix = states.findIndex((state) => state === 'fix-2d' || state === 'fix-3d');
  /** A random second in [from, last) not used yet that `fits`; the plan fails loudly when none is left. */
  const pick = (from: number, fits: (second: number) => boolean, what: string): number => {
    const free = Array.from({ length: Math.max(0, last - from) }, (_, index) => from + index).filter((second) => !taken.has(second) && fits(second));
    if (free.length === 0) throw new Error(`no second left for ${what} in track ${options.name}`);
    const second = free[Math.floor(random() * free.length)]!;
    taken.add(second);
    return second;
  };
  for (let n = 0; n < options.damage.badChecksum; n++) {
    const second = pick(firstFix + 1, (s) => states[s] === 'fix-3d', 'a bit error');
    const fixLines = writings[second]!.lines.flatMap((line, index) => (line.fix ? [index] : []));
    lines.set(`${second}:${fixLines[Math.floor(random() * fixLines.length)]}`, 'bad-checksum');
  }
  const cuttable = (second: number) => writings[second]!.lines.findIndex((line, index) => line.tag?.endsWith('GSV') && index + 1 < writings[second]!.lines.length);
  for (let n = 0; n < options.damage.truncated; n++) {
    const second = pick(firstFix + 1, (s) => states[s] !== 'no-time' && cuttable(s) >= 0, 'a cut sentence');
    lines.set(`${second}:${cuttable(second)}`, 'truncated');
  }
  for (let n = 1; n < options.damage.noise; n++) noiseBefore.add(pick(1, () => true, 'a noise burst'));
  return { lines, noiseBefore };
}

/** The truth of one second: its state and what its sentences say. */
function epochTruth(timeMs: number, state: ReceiverState, writing: EpochWriting, visible: number): EpochTruth {
  const hasFix = state === 'fix-2d' || state === 'fix-3d';
  return {
    time: new Date(timeMs).toISOString(),
    state,
    ...(hasFix
      ? {
          lat: writing.lat!.degrees,
          lon: writing.lon!.degrees,
          ...(writing.altText ? { alt_m: Number(writing.altText) } : {}),
          speed_kn: Number(writing.speedKnotsText),
          course: Number(writing.courseText),
        }
      : {}),
    sats_used: writing.satellitesUsed,
    sats_visible: state === 'no-time' ? 0 : visible,
  };
}
