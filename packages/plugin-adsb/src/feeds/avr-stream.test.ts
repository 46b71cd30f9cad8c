/**
 * The AVR reader: frames with and without a clock, lines split across chunks, CRLF, Mode A/C
 * replies read past, and every kind of line that is no frame counted.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { AvrStream } from './avr-stream.js';

test('frames with and without a clock, across chunks and CRLF', () => {
  const stream = new AvrStream();
  const first = stream.push(Buffer.from('*8d4840d6202cc371c32ce0576098;\r\n@0000000001A05d4d20237a55af;\n*5d4d'));
  const second = stream.push(Buffer.from('20237a55a6;\n'));
  assert.equal([...first, ...second].map((frame) => [frame.frame.toString('hex'), frame.clock]), [
    ['8d4840d6202cc371c32ce0576098', undefined],
    ['5d4d20237a55af', 0x1a0],
    ['5d4d20237a55a6', undefined],
  ]);
  assert.is(stream.bad, 0);
});

test('lines that are no frame are counted; Mode A/C is read past; a last line without newline is read at the end', () => {
  const stream = new AvrStream();
  const frames = stream.push(Buffer.from('*1234;\nhello\n*8d4840d6202cc371c32ce05760;\n*8d4840d6202cc371c32ce05760zz;\n*8d4840d6202cc371c32ce0576098\n'));
  assert.equal(frames, []);
  assert.is(stream.modeAc, 1);
  assert.is(stream.bad, 4);
  stream.push(Buffer.from('*5d4d20237a55af;'));
  assert.equal(stream.end().map((frame) => frame.frame.toString('hex')), ['5d4d20237a55af']);
});

test.run();
