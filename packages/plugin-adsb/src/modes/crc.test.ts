/** The CRC against real frames (dump1090 residuals: 0 for DF17, the address for address/parity replies) and its repair table. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { flipBit, modeSResidual, singleBitErrorPosition } from './crc.js';
import { frameFromHex } from './hex-frame.js';

const frame = (hex: string) => frameFromHex(hex, 0, hex.length)!;

test('clean extended squitters have residual 0; address/parity replies have the address', () => {
  assert.is(modeSResidual(frame('8f4d2023587f345e35837e2218b2')), 0);
  assert.is(modeSResidual(frame('a00017b0202422f94958208f0a91')), 0x4ca948);
  assert.is(modeSResidual(frame('5d4d20237a55af')), 0x09);
});

test('every single-bit error after the DF field is located, in short and long frames', () => {
  for (const hex of ['8f4d2023587f345e35837e2218b2', '5d4d20237a55a6']) {
    const clean = frame(hex);
    for (let bit = 0; bit < clean.length * 8; bit++) {
      const damaged = Uint8Array.from(clean);
      flipBit(damaged, bit);
      assert.is(singleBitErrorPosition(clean.length, modeSResidual(damaged)), bit < 5 ? undefined : bit, `${hex} bit ${bit}`);
    }
  }
});

test('no two-bit error looks like a one-bit error (so repair never corrupts a frame with two errors)', () => {
  const clean = frame('8f4d2023587f345e35837e2218b2');
  for (let first = 0; first < 112; first++) {
    for (let second = first + 1; second < 112; second++) {
      const damaged = Uint8Array.from(clean);
      flipBit(damaged, first);
      flipBit(damaged, second);
      assert.is(singleBitErrorPosition(14, modeSResidual(damaged)), undefined, `bits ${first}, ${second}`);
    }
  }
});

test.run();
