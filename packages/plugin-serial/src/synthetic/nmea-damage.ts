/**
 * The damage real serial GPS streams carry, done on purpose and reproducibly: a digit changed
 * by a bit error (the checksum no longer matches), a sentence cut short by lost bytes with the
 * next one run into it (one line, one wrong checksum, two sentences gone), and bursts of binary
 * noise as a receiver sends at power-up or a cable picks up. Each function returns the line as
 * it goes on the wire; each guarantees the damage is detectable, as the ground truth says.
 */
import { nmeaChecksum } from './nmea-fields.js';

/** Bytes noise never holds: line ends (they would split it) and sentence starts and checksum marks (they would make it look like a sentence). */
const NOT_NOISE = new Set([0x0a, 0x0d, 0x21, 0x24, 0x2a]);

/** `sentence` with one digit of its body changed to another: its checksum is then wrong. */
export function changeDigit(sentence: string, random: () => number): string {
  const star = sentence.lastIndexOf('*');
  const digits = [...sentence.slice(0, star)].flatMap((char, index) => (char >= '0' && char <= '9' ? [index] : []));
  if (digits.length === 0) throw new Error(`no digit to change in ${sentence}`);
  const at = digits[Math.floor(random() * digits.length)]!;
  const changed = (Number(sentence[at]) + 1 + Math.floor(random() * 9)) % 10;
  return `${sentence.slice(0, at)}${changed}${sentence.slice(at + 1)}`;
}

/**
 * `sentence` cut somewhere after its tag, with `next` run into it: the line a reader gets when
 * a UART overrun drops the end of one sentence and the start of the next line (its CR LF).
 * The cut is chosen so the checksum `next` ends with does not happen to match the whole line.
 */
export function runInto(sentence: string, next: string, random: () => number): string {
  const firstComma = sentence.indexOf(',');
  const star = sentence.lastIndexOf('*');
  const nextStar = next.lastIndexOf('*');
  for (let cut = firstComma + 1 + Math.floor(random() * (star - firstComma - 1)); cut < star; cut++) {
    const line = `${sentence.slice(0, cut)}${next}`;
    if (nmeaChecksum(line.slice(1, line.lastIndexOf('*'))) !== next.slice(nextStar + 1)) return line;
  }
  throw new Error(`no cut of ${sentence} leaves a wrong checksum`);
}

/** A line of `minLength` to `maxLength` random bytes that is no sentence (latin1 text). */
export function noiseLine(random: () => number, minLength: number, maxLength: number): string {
  const length = minLength + Math.floor(random() * (maxLength - minLength + 1));
  let text = '';
  while (text.length < length) {
    const byte = Math.floor(random() * 256);
    if (!NOT_NOISE.has(byte)) text += String.fromCharCode(byte);
  }
  return text;
}
