/** AVR hex to frames: both frame sizes, any case, inside a longer line; wrong lengths and characters refused. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { frameFromHex } from './hex-frame.js';

test('reads a 112-bit and a 56-bit frame out of AVR lines', () => {
  const line = '*8D4840D6202CC371C32CE0576098;';
  assert.equal(frameFromHex(line, 1, line.length - 1), Buffer.from([0x8d, 0x48, 0x40, 0xd6, 0x20, 0x2c, 0xc3, 0x71, 0xc3, 0x2c, 0xe0, 0x57, 0x60, 0x98]));
  assert.equal(frameFromHex('@0123456789ab5d4d20237a55a6;', 13, 27), Buffer.from([0x5d, 0x4d, 0x20, 0x23, 0x7a, 0x55, 0xa6]));
});

test('refuses other lengths and non-hex characters', () => {
  assert.is(frameFromHex('*8d4840;', 1, 7), undefined);
  assert.is(frameFromHex('5d4d20237a55a', 0, 13), undefined);
  assert.is(frameFromHex('5d4d20237a55g6', 0, 14), undefined);
  assert.is(frameFromHex('5d4d2023 a55a6', 0, 14), undefined);
});

test.run();
