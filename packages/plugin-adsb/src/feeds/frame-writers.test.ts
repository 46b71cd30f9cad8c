/**
 * The writers against the readers svc already checks against dump1090's own output: dump1090's
 * Beast recording of modes1, read, written again and read back, gives the same frames, clocks
 * and signals; 0x1A bytes in the clock, the signal and the frame are doubled; AVR lines are
 * dump1090's. Signal bytes survive the trip through dBFS.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { realDataPath, realDataTest } from '@svc/core/testing';
import { AvrStream } from './avr-stream.js';
import { BeastStream } from './beast-stream.js';
import { avrLine, beastClock, beastMessage } from './frame-writers.js';
import { beastSignalByte, beastSignalDbfs } from './mode-s-link-type.js';

const BEAST = 'adsb/modes1.beast.bin';
const AVR = 'adsb/modes1.frames.txt';

realDataTest(test, "dump1090's Beast recording, read and written again, reads back the same", [BEAST], () => {
  const original = new BeastStream().push(readFileSync(realDataPath(BEAST)));
  assert.is(original.length, 319);
  const rewritten = Buffer.concat(original.map((message) => beastMessage(message.frame, message.clock, message.signal)));
  const stream = new BeastStream();
  const again = stream.push(rewritten);
  assert.equal(again.map((m) => [m.frame.toString('hex'), m.clock, m.signal]), original.map((m) => [m.frame.toString('hex'), m.clock, m.signal]));
  assert.is(stream.bad, 0);
});

realDataTest(test, "AVR lines are dump1090's, byte for byte", [AVR], () => {
  const text = readFileSync(realDataPath(AVR), 'utf8');
  const frames = new AvrStream().push(Buffer.from(text));
  assert.is(frames.map((entry) => avrLine(entry.frame)).join(''), text);
});

test('every 0x1A after the message start is doubled: in the clock, the signal and the frame', () => {
  const frame = Buffer.from('5d4d20231a55af', 'hex');
  const message = beastMessage(frame, 0x1a000000001a, 0x1a);
  assert.is(message.toString('hex'), '1a32' + '1a1a000000001a1a' + '1a1a' + '5d4d20231a1a55af');
  const [read] = new BeastStream().push(message);
  assert.equal([read!.frame.toString('hex'), read!.clock, read!.signal], [frame.toString('hex'), 0x1a000000001a, 0x1a]);
  assert.is(beastMessage(Buffer.alloc(14, 0x8d), 1, 0)[1], 0x33, 'a long frame is type 3');
  assert.throws(() => beastMessage(Buffer.alloc(8), 1, 0), /7 or 14 bytes, not 8/);
});

test('the clock is 12 MHz ticks of the packet time, kept to 48 bits; signals survive dBFS', () => {
  assert.is(beastClock(0, 1), 12);
  assert.is(beastClock(1, 0), 12_000_000);
  assert.is(beastClock(1_700_000_000, 250_000), Number((1_700_000_000_250_000n * 12n) % (1n << 48n)));
  for (const byte of [1, 17, 0x1a, 128, 255]) assert.is(beastSignalByte(beastSignalDbfs(byte)), byte);
  assert.is(beastSignalByte(undefined), 0);
});

test.run();
