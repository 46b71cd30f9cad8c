/**
 * The test PNG writer against the specification: the signature, an IHDR of the size asked, and
 * chunk CRCs node's own zlib computes alike; the image data inflates to filter-0 rows of the
 * colours asked.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { crc32, inflateSync } from 'node:zlib';
import { encodePng } from './png-image.js';

test('signature, chunks with correct CRCs, and rows of the colours asked', () => {
  const png = encodePng(3, 2, (x, y) => [x * 10, y * 20, 255]);
  assert.equal([...png.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const chunks: { type: string; body: Buffer }[] = [];
  for (let at = 8; at < png.length; ) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    const body = png.subarray(at + 8, at + 8 + length);
    assert.is(png.readUInt32BE(at + 8 + length), crc32(png.subarray(at + 4, at + 8 + length)), `${type} CRC`);
    chunks.push({ type, body });
    at += 12 + length;
  }
  assert.equal(chunks.map((chunk) => chunk.type), ['IHDR', 'IDAT', 'IEND']);
  assert.equal([chunks[0]!.body.readUInt32BE(0), chunks[0]!.body.readUInt32BE(4), ...chunks[0]!.body.subarray(8)], [3, 2, 8, 2, 0, 0, 0]);
  assert.equal([...inflateSync(chunks[1]!.body)], [0, 0, 0, 255, 10, 0, 255, 20, 0, 255, 0, 0, 20, 255, 10, 20, 255, 20, 20, 255]);
});

test.run();
