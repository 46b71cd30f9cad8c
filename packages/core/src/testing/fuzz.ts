/**
 * Small deterministic fuzzing helpers: a seeded generator (so a failure reproduces) and
 * mutators for text and bytes. Parsers in svc and its plugins are fuzzed with these.
 */
import { isSvcError } from '../errors.js';
import { StateReader } from '../tracker/state/state-reader.js';

/** A seeded pseudo-random generator (mulberry32); same seed, same sequence. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Random bytes of a length up to `maxLength`. */
export function randomBytes(random: () => number, maxLength: number): Buffer {
  const bytes = Buffer.alloc(Math.floor(random() * (maxLength + 1)));
  for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(random() * 256);
  return bytes;
}

/** A copy of `text` with a few random characters replaced, inserted or deleted. */
export function mutateText(text: string, random: () => number, alphabet = '=#:/,"\\{}[]\n\r\t .-_0123456789abcXYZ\u00e9\u0000'): string {
  let out = text;
  const edits = 1 + Math.floor(random() * 4);
  for (let i = 0; i < edits; i++) {
    const at = Math.floor(random() * (out.length + 1));
    const character = alphabet[Math.floor(random() * alphabet.length)]!;
    const kind = random();
    out = kind < 0.4 ? out.slice(0, at) + character + out.slice(at + 1) : kind < 0.8 ? out.slice(0, at) + character + out.slice(at) : out.slice(0, at) + out.slice(at + 1);
  }
  return out;
}

/**
 * Reads `rounds` damaged copies of a packed state (cut short and with one byte changed, in
 * turn) with `read`, which must give a value or throw SVC_ERR_BAD_STATE, never another
 * exception, and must leave no byte unread. Returns how many copies were refused, so a test can
 * check the reader notices damage rather than accepting anything.
 */
export function fuzzState(state: Uint8Array, read: (reader: StateReader) => unknown, rounds: number, random: () => number): number {
  let refused = 0;
  for (let round = 0; round < rounds; round++) {
    let bytes = Buffer.from(state);
    if (round % 2 === 0) bytes = bytes.subarray(0, Math.floor(random() * bytes.length));
    else bytes[Math.floor(random() * bytes.length)] = Math.floor(random() * 256);
    const reader = new StateReader(bytes);
    try {
      read(reader);
      reader.end();
    } catch (error) {
      if (!isSvcError(error, 'SVC_ERR_BAD_STATE')) throw new Error(`round ${round} of a state fuzz threw ${String(error)}`, { cause: error });
      refused++;
    }
  }
  return refused;
}
