/**
 * The Beast reader on dump1090's own Beast output of a real recording: the same 319 frames, in
 * order, as dump1090's AVR output of it, whatever chunks the stream arrives in; escapes undone;
 * Mode A/C read past; garbage counted and skipped to the next message.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { realDataPath, realDataTest, seededRandom } from '@svc/core/testing';
import { AvrStream } from './avr-stream.js';
import { BeastStream } from './beast-stream.js';

const BEAST = 'adsb/modes1.beast.bin';
const AVR = 'adsb/modes1.frames.txt';

function avrFrames(): string[] {
  return new AvrStream().push(readFileSync(realDataPath(AVR))).map((frame) => frame.frame.toString('hex'));
}

realDataTest(test, "dump1090's Beast output of modes1 holds the frames of its AVR output, in any chunks", [BEAST, AVR], () => {
  const expected = avrFrames();
  assert.is(expected.length, 319);
  const bytes = readFileSync(realDataPath(BEAST));
  const whole = new BeastStream().push(bytes);
  assert.equal(whole.map((message) => message.frame.toString('hex')), expected);
  assert.ok(whole.every((message) => message.signal > 0 && message.clock > 0));
  const random = seededRandom(1090);
  const stream = new BeastStream();
  const chunked: string[] = [];
  for (let at = 0; at < bytes.length; ) {
    const size = 1 + Math.floor(random() * 40);
    chunked.push(...stream.push(bytes.subarray(at, at + size)).map((message) => message.frame.toString('hex')));
    at += size;
  }
  assert.equal(chunked, expected);
  assert.is(stream.bad, 0);
  assert.is(stream.leftover, 0);
});

test('a doubled 0x1A inside a message is one byte; Mode A/C is read past; garbage resyncs', () => {
  const frame = Buffer.from('5d4d20231a55af', 'hex');
  const escaped = Buffer.from('5d4d20231a1a55af', 'hex');
  const message = Buffer.concat([Buffer.of(0x1a, 0x32, 0, 0, 0, 0, 0, 1, 0x80), escaped]);
  const modeAc = Buffer.of(0x1a, 0x31, 0, 0, 0, 0, 0, 2, 0x40, 0x12, 0x34);
  const stream = new BeastStream();
  const read = stream.push(Buffer.concat([Buffer.from('junk'), modeAc, message, Buffer.of(0x1a, 0x39), message]));
  assert.equal(read.map((entry) => [entry.frame.toString('hex'), entry.clock, entry.signal]), [
    [frame.toString('hex'), 1, 0x80],
    [frame.toString('hex'), 1, 0x80],
  ]);
  assert.is(stream.modeAc, 1);
  assert.is(stream.bad, 2, 'the junk before the first message, and an unknown type');
});

test.run();
