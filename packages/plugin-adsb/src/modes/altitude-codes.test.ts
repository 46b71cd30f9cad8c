/** AC13/AC12 altitudes (Q = 1 and Gillham) and ID13 squawks. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { altitudeFromAc12, altitudeFromAc13, gillhamAltitudeHundreds, modeACode, squawkFromId13 } from './altitude-codes.js';

/** Builds the ID13/AC13 field of a Mode A code (0xABCD with octal digits), the inverse of modeACode. */
function id13Of(code: number): number {
  let id13 = 0;
  for (let bit = 0; bit < 13; bit++) if (modeACode(1 << bit) & code) id13 |= 1 << bit;
  return id13;
}

test('squawks: the ID13 pulses map to the four octal digits', () => {
  for (const squawk of ['7700', '7500', '7600', '0112', '1200', '0000', '7777', '5667']) assert.is(squawkFromId13(id13Of(parseInt(squawk, 16))), squawk);
});

test('Q = 1: 25-ft steps from -1000 ft, with the Q and M bits removed', () => {
  // 38000 ft = (38000 + 1000) / 25 = 1560 = 0b11000011000 -> split around M (bit 6) and Q (bit 4)
  const n = 1560;
  const ac13 = ((n & 0x7e0) << 2) | ((n & 0x10) << 1) | 0x10 | (n & 0xf);
  assert.is(altitudeFromAc13(ac13), 38000);
  assert.is(altitudeFromAc12(((n & 0x7f0) << 1) | 0x10 | (n & 0xf)), 38000);
});

test('Gillham: known Mode C codes give their altitudes in 100-ft steps', () => {
  // Mode C codes as 0xABCD. From the code's definition: the 500-ft count is the Gray code of D2 D4 A1 A2 A4
  // B1 B2 B4 (so B4 = 1, B2 B4 = 2, B2 = 3), the 100-ft digit C1 C2 C4 runs 001 011 010 110 100 and back
  // on odd 500-ft counts, and the datum is -1200 ft.
  const table: [number, number][] = [
    [0x0040, -1200],
    [0x0060, -1100],
    [0x0020, -1000],
    [0x0030, -900],
    [0x0010, -800],
    [0x0410, -700],
    [0x0440, -300],
    [0x0640, -200],
    [0x0620, 0],
    [0x0630, 100],
    [0x0610, 200],
    [0x0210, 300],
  ];
  for (const [code, feet] of table) assert.is(gillhamAltitudeHundreds(code)! * 100, feet, code.toString(16));
  for (const [code, feet] of table) assert.is(altitudeFromAc13(id13Of(code)), feet, `AC13 ${code.toString(16)}`);
});

test('codes no altimeter sends: no C pulse, D1, metric, all zero', () => {
  assert.is(gillhamAltitudeHundreds(0x0400), undefined, 'no C pulse');
  assert.is(gillhamAltitudeHundreds(0x0411), undefined, 'D1');
  assert.is(gillhamAltitudeHundreds(0x0070), undefined, 'C1 C2 C4 is no 100-ft digit');
  assert.is(altitudeFromAc13(0x0040 | 0x1000), undefined, 'M = 1');
  assert.is(altitudeFromAc13(0), undefined);
  assert.is(altitudeFromAc12(0), undefined);
});

test.run();
