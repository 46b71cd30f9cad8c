/**
 * The `adsb` type against real listening sockets replaying dump1090's recorded feeds of a real
 * recording (Beast, AVR, SBS): every frame or line arrives, the format is found from the first
 * bytes, a feed that closes puts the source in error and the retry policy reconnects it; and
 * recordings of each format replayed from files, found by `-c FILE` alone; bad definitions and
 * unreachable feeds refused with the reason.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { createLogger, type SvcError } from '@svc/core';
import { createTestService, realDataPath, realDataTest, waitUntil, type TestService } from '@svc/core/testing';
import adsbPlugin from '../index.js';

const FEEDS = { beast: 'adsb/modes1.beast.bin', avr: 'adsb/modes1.frames.txt', sbs: 'adsb/modes1.sbs.txt' } as const;
const FRAMES = 319;

let t: TestService;
test.before.each(async () => {
  t = await createTestService({ plugins: [adsbPlugin], config: { source_retry_delay: '0.2' }, log: createLogger({ write: () => {} }) });
});
test.after.each(() => t.close());

/** A decoder's network output on a free loopback port: each connection gets `bytes`, then stays open until `drop()`. */
async function feedServer(bytes: Buffer): Promise<{ port: number; server: Server; drop(): void; connections: number }> {
  const sockets = new Set<Socket>();
  let connections = 0;
  const server = createServer((socket) => {
    connections++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.write(bytes);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    port,
    server,
    drop: () => {
      for (const socket of sockets) socket.destroy();
    },
    get connections() {
      return connections;
    },
  };
}

for (const [format, file] of Object.entries(FEEDS)) {
  realDataTest(test, `a ${format} feed on a real socket: every frame arrives, the format found from its first bytes; a dropped feed reconnects`, [file], async () => {
    const feed = await feedServer(readFileSync(realDataPath(file)));
    try {
      const source = await t.svc.datasources.add(`127.0.0.1:${feed.port}:type=adsb,name=${format}`);
      await waitUntil(`${FRAMES} frames`, () => source.numPackets >= FRAMES);
      assert.is(source.numPackets, FRAMES);
      assert.is(source.numErrorPackets, 0);
      feed.drop();
      await waitUntil('the source in error', () => /closed the connection/.test(source.errorReason));
      await waitUntil('reconnected and read again', () => feed.connections === 2 && source.numPackets >= 2 * FRAMES);
      assert.ok(source.running);
    } finally {
      feed.server.close();
      feed.drop();
    }
  });

  realDataTest(test, `a ${format} recording replays from a file, found by -c FILE alone`, [file], async () => {
    const source = await t.svc.datasources.add(`${realDataPath(file)}:name=${format}-file`);
    assert.is(source.type.name, 'adsb');
    await waitUntil(`${FRAMES} frames`, () => source.numPackets >= FRAMES);
    assert.is(source.numErrorPackets, 0);
  });
}

test('unreachable feeds, bad formats and files that are no recording are refused with the reason', async () => {
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const port = (closed.address() as { port: number }).port;
  await new Promise<void>((resolve) => closed.close(() => resolve()));
  const source = await t.svc.datasources.add(`127.0.0.1:${port}:type=adsb`);
  await waitUntil('the refusal', () => /nothing listens on 127\.0\.0\.1:\d+ \(connection refused\)/.test(source.errorReason));
  const refusal = (definition: string): Promise<string> =>
    t.svc.datasources.add(definition).then(
      () => `${definition} was accepted`,
      (error: SvcError) => error.message,
    );
  assert.match(await refusal('127.0.0.1:30005:type=adsb,format=json'), /format must be beast, avr, sbs or iq, not 'json'/);
  assert.match(await refusal('127.0.0.1:99999:type=adsb'), /port 99999 is out of range/);
  assert.match(await refusal(`${import.meta.filename}:type=adsb`), /is not an AVR, Beast or SBS recording/);
});

test('garbage in a feed counts as error packets and the frames around it still arrive', async () => {
  const feed = await feedServer(Buffer.from('*8d4840d6202cc371c32ce0576098;\nnot a frame\n*5d4d20237a55af;\n'));
  try {
    const source = await t.svc.datasources.add(`127.0.0.1:${feed.port}:type=adsb`);
    await waitUntil('three packets', () => source.numPackets >= 3);
    assert.is(source.numErrorPackets, 1);
  } finally {
    feed.server.close();
    feed.drop();
  }
});

test.run();
