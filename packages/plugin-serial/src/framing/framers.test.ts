/**
 * Each framing on byte streams built from the device protocols (shared/data/serial/README.md):
 * whole frames, frames cut across chunks at every position, escapes, garbage, cut and corrupt
 * frames; and a fuzz run of random bytes that never throws and never loses a good frame after it.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { randomBytes, seededRandom } from '@svc/core/testing';
import type { Framer, FrameSink } from './framer.js';
import { LineFramer } from './line-framer.js';
import { NordicSlipFramer, slipEncode } from './nordic-slip-framer.js';
import { StxXorFramer, stxEncode } from './stx-xor-framer.js';

function collect(make: (sink: FrameSink) => Framer) {
  const frames: string[] = [];
  const errors: string[] = [];
  const framer = make({ frame: (frame) => frames.push(frame.toString('hex')), error: (reason) => errors.push(reason) });
  return { framer, frames, errors };
}

const hex = (text: string) => Buffer.from(text.replace(/\s/g, ''), 'hex');

test('lines: CRLF or LF, split anywhere, empty lines skipped, an overlong line dropped to its end', () => {
  const { framer, frames, errors } = collect((sink) => new LineFramer(sink, 16));
  const stream = Buffer.from('$GPGGA,1*00\r\n\r\nabc\n0123456789abcdefXYZ\nlast\r\n');
  for (const byte of stream) framer.push(Buffer.from([byte]));
  assert.equal(frames.map((frame) => Buffer.from(frame, 'hex').toString()), ['$GPGGA,1*00', 'abc', 'last']);
  assert.equal(errors, ['a line longer than 16 bytes (dropped up to the next line end)']);
});

test("Nordic SLIP: the README's example frame, escapes undone, frames split at every byte", () => {
  const { framer, frames, errors } = collect((sink) => new NordicSlipFramer(sink));
  framer.push(hex('AB 06 00 02 01 00 02 BC'));
  assert.equal(frames, ['060002010002']);
  const body = hex('0A 00 03 02 00 02 AB BC CD 00 FF');
  const wire = slipEncode(body);
  assert.equal(wire.toString('hex'), 'ab0a00030200 02cdaccdbdcdce00ffbc'.replace(/\s/g, ''));
  for (let cut = 1; cut < wire.length; cut++) {
    framer.push(wire.subarray(0, cut));
    framer.push(wire.subarray(cut));
  }
  assert.is(frames.length, wire.length);
  assert.ok(frames.slice(1).every((frame) => frame === body.toString('hex')));
  assert.equal(errors, []);
});

test('Nordic SLIP: garbage before a frame, a frame cut by a new start, a bad escape: each one error, the next frame intact', () => {
  const { framer, frames, errors } = collect((sink) => new NordicSlipFramer(sink));
  framer.push(Buffer.concat([hex('00 11 22'), hex('AB 01 02 BC'), hex('AB 03 04'), hex('AB 05 06 BC'), hex('AB 07 CD 01 08 BC'), hex('AB 09 BC')]));
  assert.equal(frames, ['0102', '0506', '09']);
  assert.equal(errors, ['3 bytes of garbage before a frame', 'a frame cut off after 2 bytes (a new one started)', 'a bad escape (0xCD 0x01); the frame was dropped', '2 bytes of garbage before a frame']);
});

test('NXP STX + XOR: frames split anywhere, garbage, a bad checksum skipped with the next frame found', () => {
  const { framer, frames, errors } = collect((sink) => new StxXorFramer(sink));
  const first = stxEncode(0x86, 0x03, hex('11 22 33'));
  const second = stxEncode(0x85, 0x02, hex(''));
  const corrupt = Buffer.from(stxEncode(0x86, 0x03, hex('44 55')));
  corrupt[corrupt.length - 1] ^= 0xff;
  const stream = Buffer.concat([hex('FF EE'), first, corrupt, second]);
  for (const byte of stream) framer.push(Buffer.from([byte]));
  assert.equal(frames, ['860303001122 33'.replace(' ', ''), '85020000']);
  assert.equal(errors[0], '2 bytes of garbage before a frame');
  assert.ok(errors.includes('a frame with a bad checksum; skipped'), errors.join(' | '));
});

test('fuzz: 2,000 runs of random bytes through every framing never throw, and a good frame after them is still found', () => {
  const random = seededRandom(51822);
  const makers: [string, (sink: FrameSink) => Framer, Buffer, string][] = [
    ['line', (sink) => new LineFramer(sink), Buffer.from('\n$GPRMC,ok*00\n'), Buffer.from('$GPRMC,ok*00').toString('hex')],
    ['slip', (sink) => new NordicSlipFramer(sink), Buffer.concat([Buffer.from([0xbc]), slipEncode(hex('06 00 02 01 00 02'))]), '060002010002'],
    ['stx', (sink) => new StxXorFramer(sink), stxEncode(0x86, 0x03, hex('AA BB')), '86030200aabb'],
  ];
  for (const [name, make, good, expected] of makers) {
    for (let run = 0; run < 2_000; run++) {
      const { framer, frames } = collect(make);
      const noise = randomBytes(random, Math.floor(random() * 300));
      // The noise may leave a frame open that swallows the good one; a line end or reset
      // between them is what a real link gets from the next frame boundary.
      framer.push(noise);
      framer.reset();
      framer.push(good);
      assert.ok(frames.includes(expected), `${name} run ${run}: ${frames.join(',')}`);
    }
  }
});

test.run();
