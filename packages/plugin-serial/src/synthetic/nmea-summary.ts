/**
 * The summary schema of an NMEA stream, as `serial/make-nmea-reference.py` in the shared data
 * writes it beside each gpsd recording (`NAME.nmea-summary.json`): line and checksum counts,
 * sentence types and talkers, and the first and last fix. The synthetic generator writes its
 * ground truth in the same schema, so one test reads both kinds of stream.
 */

/** A fix as the summaries record it: an RMC with status A, or a GGA with a quality other than 0, with a valid checksum. */
export type NmeaSummaryFix =
  | { readonly sentence: 'RMC'; readonly time: string; readonly date: string; readonly lat: number; readonly lon: number }
  | {
      readonly sentence: 'GGA';
      readonly time: string;
      readonly lat: number;
      readonly lon: number;
      readonly quality: number;
      /** Satellites used, as the sentence wrote it (`08`). */
      readonly sats: string;
      /** Altitude above mean sea level, as written (empty without one). */
      readonly alt_m: string;
    };

/** One `NAME.nmea-summary.json`. */
export interface NmeaSummary {
  /** The file the stream was made from. */
  readonly file: string;
  /** The byte stream's file name, and its size. */
  readonly raw_stream: string;
  readonly raw_stream_bytes: number;
  /** gpsd's `#` lines left out of the stream. */
  readonly comment_lines: number;
  /** Lines in the stream, sentences or not. */
  readonly sentences: number;
  readonly checksum_valid: number;
  readonly checksum_invalid: number;
  /** Lines without a checksum: sentences without one, and lines that are no sentence. */
  readonly no_checksum: number;
  /** Lines starting with `$` or `!` by type (`GGA`; a tag that is not five letters counts whole). */
  readonly sentence_types: Readonly<Record<string, number>>;
  /** Five-letter tags by talker. */
  readonly talkers: Readonly<Record<string, number>>;
  readonly fixes: number;
  readonly first_fix: NmeaSummaryFix | null;
  readonly last_fix: NmeaSummaryFix | null;
}

/** Rounds degrees as the summaries do (seven decimals). */
export function summaryDegrees(degrees: number): number {
  return Math.round(degrees * 1e7) / 1e7;
}
