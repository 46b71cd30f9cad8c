/**
 * Fuzzing decodeModeS with a seeded generator (so a failure replays): random bytes of every length, and
 * the 1334 real frames of flight 406B90 with 1 to 4 bits flipped after the DF field. The decoder never
 * throws; one flipped bit is repaired back to the clean decode; two to four flipped bits are always
 * reported as a CRC failure (the Mode S code's minimum distance is 6, so such errors never look like a
 * repairable one-bit error).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { realDataPath, realDataTest } from '@svc/core/testing';
import { decodeModeS } from './decode-mode-s.js';
import { flipBit } from './crc.js';
import { frameFromHex } from './hex-frame.js';

/** xorshift32: small, seeded, good enough to spread bytes and bit positions. */
function generator(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state;
  };
}

test('random bytes of any length: never throws, wrong lengths undefined, random checked formats fail their CRC', () => {
  const next = generator(0x5eed);
  const outcomes = { undefined: 0, crcFailed: 0, addressParity: 0, crcOk: 0 };
  for (let i = 0; i < 200_000; i++) {
    const length = i % 4 === 0 ? next() % 20 : i % 2 ? 7 : 14;
    const frame = new Uint8Array(length);
    for (let j = 0; j < length; j++) frame[j] = next() & 0xff;
    const message = decodeModeS(frame);
    if (message === undefined) outcomes.undefined++;
    else if (!message.crcOk) outcomes.crcFailed++;
    else if (message.addressFromParity) outcomes.addressParity++;
    else outcomes.crcOk++;
    if (length !== 7 && length !== 14) assert.is(message, undefined);
  }
  assert.is(outcomes.crcOk, 0, JSON.stringify(outcomes));
  assert.ok(outcomes.crcFailed > 5_000 && outcomes.addressParity > 20_000 && outcomes.undefined > 50_000, JSON.stringify(outcomes));
});

const TRACK = 'adsb/track_406b90_part1.csv';

realDataTest(test, 'real frames with 1 to 4 flipped bits: one is repaired, more are CRC failures; DF flips never throw', [TRACK], () => {
  const frames = readFileSync(realDataPath(TRACK), 'utf8').trim().split('\n').map((line) => frameFromHex(line, line.indexOf('"') + 1, line.indexOf('"') + 29)!);
  assert.is(frames.length, 1334);
  const next = generator(406);
  let tried = 0;
  for (const clean of frames) {
    const expected = decodeModeS(Uint8Array.from(clean))!;
    assert.ok(expected.crcOk);
    for (let round = 0; round < 80; round++) {
      const flips = 1 + (round % 4);
      const frame = Uint8Array.from(clean);
      const positions = new Set<number>();
      while (positions.size < flips) positions.add(5 + (next() % 107));
      for (const bit of positions) flipBit(frame, bit);
      const message = decodeModeS(frame)!;
      if (flips === 1) {
        assert.equal({ ...message, repairedBit: undefined }, { ...expected, repairedBit: undefined });
        assert.is(message.repairedBit, [...positions][0]);
        assert.equal(frame, Uint8Array.from(clean));
      } else assert.is(message.crcOk, false, `${flips} bits ${[...positions].join(',')}`);
      tried++;
    }
    for (let bit = 0; bit < 5; bit++) {
      const frame = Uint8Array.from(clean);
      flipBit(frame, bit);
      decodeModeS(frame);
      tried++;
    }
  }
  assert.ok(tried > 100_000, String(tried));
});

test.run();
