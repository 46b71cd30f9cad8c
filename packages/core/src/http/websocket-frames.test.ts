import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Writable } from 'node:stream';
import * as ws from 'ws';
import { frameTextMessages } from './websocket-frames.js';

/** ws's frame parser (exported, not typed): a client's, which takes unmasked frames. */
const { Receiver } = ws as unknown as { Receiver: new (options: { isServer: boolean }) => Writable };

test('framed messages read back whole with ws\'s own receiver, at every length encoding', async () => {
  // 125 and 126 bytes straddle the 7-bit length, 65 535 and 65 536 the 16-bit one; é is two bytes.
  const messages = ['', 'x', 'a'.repeat(125), 'b'.repeat(126), 'é'.repeat(70), 'c'.repeat(65_535), 'd'.repeat(65_536), '{"svc.device.base.name":"ünïcode ✓"}'];
  const { frames } = frameTextMessages(messages);
  const receiver = new Receiver({ isServer: false });
  const received: string[] = [];
  receiver.on('message', (data: Buffer, isBinary: boolean) => {
    assert.is(isBinary, false);
    received.push(data.toString('utf8'));
  });
  // Cut into small pieces, as TCP may deliver them.
  for (let offset = 0; offset < frames.length; offset += 1000) receiver.write(frames.subarray(offset, offset + 1000));
  await new Promise((resolve) => setImmediate(resolve));
  assert.equal(received, messages);
});

test.run();
