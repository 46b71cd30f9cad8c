/**
 * What a synthetic stream holds, recorded while it is made: the generator tells the recorder
 * each line it emits together with what it put there (tag, whether the checksum is right, the
 * fix it carries, the damage done), and the recorder adds up the summary in the shared data's
 * schema. Nothing is read back from the bytes, so a test comparing a reader with this truth
 * compares it with the intent, not with another reading.
 */
import type { NmeaSummary, NmeaSummaryFix } from './nmea-summary.js';
import type { ReceiverState } from './satellite-sky.js';

/** How a line was damaged, as real receivers and serial links damage them. */
export type NmeaDamage =
  /** One character of the sentence changed on the way, its checksum kept (a bit error). */
  | 'bad-checksum'
  /** The sentence cut short and the next one run into it (bytes lost in an overrun). */
  | 'truncated'
  /** Random bytes without a line end or a `$` (power-up, interference). */
  | 'noise';

/** A damaged line of the stream. */
export interface DamagedLine {
  /** 1-based line number in the stream. */
  readonly line: number;
  readonly kind: NmeaDamage;
  /** The tag the line starts with, for damaged sentences. */
  readonly tag?: string;
}

/** The receiver's true state in one second, with what it wrote of it. */
export interface EpochTruth {
  /** The true instant, ISO 8601 UTC. */
  readonly time: string;
  readonly state: ReceiverState;
  /** Position as written in the sentences (decimal degrees of the rounded text), with a fix. */
  readonly lat?: number;
  readonly lon?: number;
  /** Altitude as written, metres above mean sea level, with a 3D fix. */
  readonly alt_m?: number;
  /** Speed over ground as written, knots, and course, degrees true, with a fix. */
  readonly speed_kn?: number;
  readonly course?: number;
  readonly sats_used: number;
  /** Satellites the receiver's GSV lists (the same every second). */
  readonly sats_visible: number;
}

/** A synthetic stream's ground truth: the shared summary schema plus everything it generated. */
export interface NmeaGroundTruth extends NmeaSummary {
  /** How the stream was made (generator, receiver, seed) and how to make it again. */
  readonly generator: string;
  /** Every fix, in order, in the summary's form: `first_fix` is the first and `last_fix` the last. */
  readonly fix_list: readonly NmeaSummaryFix[];
  readonly damaged_lines: readonly DamagedLine[];
  /** One entry per second of the track. */
  readonly epochs: readonly EpochTruth[];
}

/** What the generator says about a line it emits. */
export interface EmittedLine {
  /** The line, without its CRLF. */
  readonly text: string;
  /** The tag after `$`, when the line starts with one. */
  readonly tag?: string;
  readonly checksum: 'valid' | 'invalid' | 'none';
  /** The fix it carries (only for an intact line). */
  readonly fix?: NmeaSummaryFix;
  readonly damage?: NmeaDamage;
}

/** Collects the emitted lines and adds up their summary. */
export class GroundTruthRecorder {
  readonly lines: string[] = [];
  #types: Record<string, number> = {};
  #talkers: Record<string, number> = {};
  #checksums = { valid: 0, invalid: 0, none: 0 };
  #fixes: NmeaSummaryFix[] = [];
  #damaged: DamagedLine[] = [];

  /** Records one line of the stream. */
  emit(line: EmittedLine): void {
    this.lines.push(line.text);
    this.#checksums[line.checksum]++;
    if (line.tag !== undefined) {
      const five = line.tag.length === 5;
      const type = five ? line.tag.slice(2) : line.tag;
      this.#types[type] = (this.#types[type] ?? 0) + 1;
      if (five) this.#talkers[line.tag.slice(0, 2)] = (this.#talkers[line.tag.slice(0, 2)] ?? 0) + 1;
    }
    if (line.fix && line.checksum === 'valid') this.#fixes.push(line.fix);
    if (line.damage) this.#damaged.push({ line: this.lines.length, kind: line.damage, ...(line.tag === undefined ? {} : { tag: line.tag }) });
  }

  /** The stream's bytes: every line with CRLF. */
  bytes(): Buffer {
    return Buffer.from(this.lines.map((line) => `${line}\r\n`).join(''), 'latin1');
  }

  /** The ground truth, for a stream kept as `<name>.raw.nmea`. */
  truth(name: string, generator: string, epochs: readonly EpochTruth[]): NmeaGroundTruth {
    const sorted = (counts: Record<string, number>) => Object.fromEntries(Object.entries(counts).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    return {
      file: `${name}.raw.nmea`,
      raw_stream: `${name}.raw.nmea`,
      raw_stream_bytes: this.bytes().length,
      comment_lines: 0,
      sentences: this.lines.length,
      checksum_valid: this.#checksums.valid,
      checksum_invalid: this.#checksums.invalid,
      no_checksum: this.#checksums.none,
      sentence_types: sorted(this.#types),
      talkers: sorted(this.#talkers),
      fixes: this.#fixes.length,
      first_fix: this.#fixes[0] ?? null,
      last_fix: this.#fixes.at(-1) ?? null,
      generator,
      fix_list: this.#fixes,
      damaged_lines: this.#damaged,
      epochs,
    };
  }
}

/** The ground truth as the repository keeps it (`<name>.nmea-summary.json`): one-space indents like the shared summaries, a final newline. */
export function groundTruthJson(truth: NmeaGroundTruth): string {
  return `${JSON.stringify(truth, null, 1)}\n`;
}
