/**
 * One NMEA-0183 sentence (shared/data/serial/README.md section 3): `$` or `!`, a tag (talker
 * plus type, or a proprietary `P...` tag), comma-separated fields, then `*` and two hex digits
 * of the XOR of everything between the start and the `*`. A sentence whose checksum is wrong
 * must be dropped; one without a checksum is accepted, as the standard allows. Garbage before
 * the `$` (a port opened mid-line) is skipped.
 */

/** A sentence that passed the checks. */
export interface NmeaSentence {
  /** Two-letter talker (`GP`, `GN`, `GL`...) for five-letter tags, empty otherwise. */
  readonly talker: string;
  /** Sentence type (`GGA`, `RMC`), or the whole tag when it is not five letters (`PMTK010`). */
  readonly type: string;
  /** The fields after the tag, possibly empty strings. */
  readonly fields: readonly string[];
  /** Whether the sentence carried a checksum (it was then correct). */
  readonly checksummed: boolean;
}

/** The outcome of reading one line. */
export type NmeaReadResult = { readonly ok: true; readonly sentence: NmeaSentence } | { readonly ok: false; readonly reason: string; readonly badChecksum: boolean };

const HEX_PAIR = /^[0-9A-Fa-f]{2}$/;

/** Reads one line (without its line end). */
export function readNmeaSentence(line: string): NmeaReadResult {
  const dollar = line.indexOf('$');
  const bang = line.indexOf('!');
  const start = dollar < 0 ? bang : bang < 0 ? dollar : Math.min(dollar, bang);
  if (start < 0) return { ok: false, reason: 'not an NMEA sentence (no $)', badChecksum: false };
  const star = line.lastIndexOf('*');
  let body: string;
  let checksummed = false;
  if (star > start) {
    body = line.slice(start + 1, star);
    const given = line.slice(star + 1, star + 3);
    if (!HEX_PAIR.test(given)) return { ok: false, reason: `a checksum '${line.slice(star + 1)}' that is not two hex digits`, badChecksum: true };
    let sum = 0;
    for (let i = 0; i < body.length; i++) sum ^= body.charCodeAt(i);
    if (sum !== parseInt(given, 16)) {
      return { ok: false, reason: `a wrong checksum (${given.toUpperCase()}, computed ${sum.toString(16).toUpperCase().padStart(2, '0')})`, badChecksum: true };
    }
    checksummed = true;
  } else {
    body = line.slice(start + 1).trimEnd();
  }
  const fields = body.split(',');
  const tag = fields.shift()!;
  if (!/^[A-Z0-9]{2,16}$/.test(tag)) return { ok: false, reason: `a malformed sentence tag '${tag.slice(0, 20)}'`, badChecksum: false };
  const five = tag.length === 5;
  return { ok: true, sentence: { talker: five ? tag.slice(0, 2) : '', type: five ? tag.slice(2) : tag, fields, checksummed } };
}
