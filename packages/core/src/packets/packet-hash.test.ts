/** The packet hash: the same 802.11 frame behind two different radiotap headers hashes alike. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { crc32 } from 'node:zlib';
import { packetHash } from './packet-hash.js';

const dot11 = Buffer.from('80000000ffffffffffff0200000000010200000000011000', 'hex');

test('the CRC32 of the frame past its radiotap or PPI header, unsigned', () => {
  const shortRadiotap = Buffer.concat([Buffer.from([0, 0, 8, 0, 0, 0, 0, 0]), dot11]);
  const longRadiotap = Buffer.concat([Buffer.from([0, 0, 12, 0, 0x02, 0, 0, 0, 0x10, 0xc8, 0, 0]), dot11]);
  const ppi = Buffer.concat([Buffer.from([0, 0, 8, 0, 105, 0, 0, 0]), dot11]);
  assert.is(packetHash(shortRadiotap, 127), crc32(dot11));
  assert.is(packetHash(longRadiotap, 127), crc32(dot11));
  assert.is(packetHash(ppi, 192), crc32(dot11));
  assert.is(packetHash(dot11, 105), crc32(dot11));
  assert.ok(packetHash(Buffer.from([0xff, 0xff, 0xff, 0xff]), 105) > 0x7fffffff, 'unsigned');
  assert.is(packetHash(Buffer.from([0, 0, 200, 0]), 127), crc32(Buffer.from([0, 0, 200, 0])), 'a header longer than the frame hashes the whole frame');
});

test.run();
