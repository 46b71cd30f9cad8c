import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { isSvcError } from '../../errors.js';
import { mutateText, randomBytes, seededRandom } from '../../testing/fuzz.js';
import { decodeFrame, encodeFrame, FrameReader, FrameType } from './frame.js';
import { packetFromBody } from './packet-block.js';
import { mp, wireFrame } from '../../testing/kismet-wire.js';

const UUID = '8A1C3E20-0000-4000-8000-00000000001F';
const newsource = wireFrame(19, 7, mp.map([[1, mp.str('testsource-0:name=r')], [2, mp.str('testsource')], [3, mp.str(UUID)]]));

test('a hand-assembled NEWSOURCE decodes to its type, code, seqno and integer-keyed body', () => {
  const frame = decodeFrame(newsource);
  assert.is(frame.type, FrameType.NEWSOURCE);
  assert.is(frame.code, 1);
  assert.is(frame.seqno, 7);
  assert.equal([...frame.body], [[1, 'testsource-0:name=r'], [2, 'testsource'], [3, UUID]]);
});

test('svc encodes the same bytes a C helper writes (smallest msgpack encodings)', () => {
  const body = new Map<number, unknown>([[1, 'testsource-0:name=r'], [2, 'testsource'], [3, UUID]]);
  assert.equal(encodeFrame(FrameType.NEWSOURCE, 7, body), newsource);
  const openreq = encodeFrame(FrameType.OPENREQ, 300, new Map([[1, 'x']]));
  assert.equal(openreq, wireFrame(12, 300, mp.map([[1, mp.str('x')]])));
});

test('a PACKET with packet, signal and json blocks becomes an svc packet', () => {
  const body = mp.map([
    [2, mp.map([[1, Buffer.from([0xd0, 0xd0])], [5, mp.uint(2_437_000)], [7, mp.str('6')]])], // signal -48 dBm as int8
    [4, mp.map([[1, mp.uint(127)], [2, mp.uint(1_700_000_000)], [3, mp.uint(250)], [4, mp.uint(3)], [6, mp.bin(Buffer.from([1, 2, 3]))]])],
    [5, mp.map([[1, mp.str('TESTPHY')], [2, mp.uint(1_700_000_000)], [3, mp.uint(0)], [4, mp.str('{"mac":"02:00:00:00:00:01"}')]])],
  ]);
  const packet = packetFromBody(decodeFrame(wireFrame(16, 9, body)).body, UUID);
  assert.is(packet.dlt, 127);
  assert.is(packet.tsSec, 1_700_000_000);
  assert.is(packet.tsUsec, 250);
  assert.equal([...packet.data!], [1, 2, 3]);
  assert.equal(packet.signal, { signalDbm: -48, noiseDbm: undefined, freqKhz: 2_437_000, channel: '6' });
  assert.equal(packet.json, { type: 'TESTPHY', text: '{"mac":"02:00:00:00:00:01"}' });
  assert.is(packet.sourceUuid, UUID);
});

test("a signal block as Kismet's capture framework writes it (dBm as uint32) reads back as negative dBm", () => {
  const u32 = (value: number) => Buffer.from([0xce, (value >>> 24) & 255, (value >>> 16) & 255, (value >>> 8) & 255, value & 255]);
  const body = mp.map([
    [2, mp.map([[1, u32(-60 >>> 0)], [2, u32(-95 >>> 0)], [5, Buffer.from([0xce, 0x00, 0x24, 0x9f, 0x00])]])],
    [5, mp.map([[2, mp.uint(1_700_000_000)], [3, mp.uint(0)], [1, mp.str('linuxbthci')], [4, mp.str('{}')]])],
  ]);
  const packet = packetFromBody(decodeFrame(wireFrame(16, 9, body, 0)).body, UUID);
  assert.equal(packet.signal, { signalDbm: -60, noiseDbm: -95, freqKhz: 2_400_000, channel: undefined });
});

test('a TCP stream is split into frames however the bytes arrive', () => {
  const ping = wireFrame(2, 1, mp.map([]));
  const stream = Buffer.concat([newsource, ping, newsource]);
  for (const cut of [1, 5, 12, 19, 20, 21, newsource.length, newsource.length + 3]) {
    const reader = new FrameReader();
    const frames = [...reader.push(stream.subarray(0, cut)), ...reader.push(stream.subarray(cut))];
    assert.equal(frames.map((frame) => frame.type), [19, 2, 19], `cut at ${cut}`);
    assert.is(reader.buffered, 0);
  }
});

test('malformed frames are SVC_ERR_REMOTE_PROTOCOL naming the problem', () => {
  const cases: [Buffer, RegExp][] = [
    [Buffer.from('GET / HTTP/1.1\r\n\r\n'), /bad frame signature/],
    [Buffer.concat([newsource.subarray(0, 4), Buffer.from([0xab, 0xcd, 0, 2]), newsource.subarray(8)]), /legacy v2/],
    [newsource.subarray(0, newsource.length - 1), /announces .* payload bytes but carries/],
    [wireFrame(19, 1, Buffer.from([0x81, 0x01])), /not valid msgpack/],
    [wireFrame(19, 1, mp.str('not a map')), /not a msgpack map/],
    [Buffer.from([0xde, 0xca]), /shorter than a header/],
  ];
  for (const [bytes, pattern] of cases) {
    assert.throws(() => decodeFrame(bytes), (error: Error) => isSvcError(error, 'SVC_ERR_REMOTE_PROTOCOL') && pattern.test(error.message), String(pattern));
  }
  const huge = Buffer.from(newsource);
  huge.writeUInt32BE(1 << 24, 8);
  assert.throws(() => new FrameReader().push(huge), /larger than/);
});

test('fuzz: random and mutated frames decode or fail with a protocol error, never anything else', () => {
  const random = seededRandom(9);
  const seed = newsource.toString('latin1');
  for (let i = 0; i < 20_000; i++) {
    const bytes = i % 2 ? randomBytes(random, 64) : Buffer.from(mutateText(seed, random), 'latin1');
    try {
      const frame = decodeFrame(bytes);
      if (frame.type === FrameType.PACKET) packetFromBody(frame.body, UUID);
    } catch (error) {
      if (!isSvcError(error, 'SVC_ERR_REMOTE_PROTOCOL')) throw new Error(`${bytes.toString('hex')} threw ${String(error)}`);
    }
  }
});

test.run();
