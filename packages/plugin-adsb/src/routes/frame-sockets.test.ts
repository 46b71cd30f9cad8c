/**
 * What a frame websocket sends and what it holds back, driven through the route's own connect
 * with a session whose queue the test sets (a real client's queue only fills past megabytes of
 * kernel buffers): good frames go out, error, filtered, duplicate and frameless (SBS) packets do
 * not; a client whose queue is past MAX_SOCKET_BYTES has frames dropped and counted, with one
 * warning, and gets frames again once it drains; a closed socket stops listening.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createLogger, RouteRegistry, type Packet, type WebSocketRouteDefinition, type WebSocketSession } from '@svc/core';
import { decodeAdsbFrame } from '../adsb-decoder.js';
import { DLT_MODE_S, SBS_RECORD_TYPE } from '../feeds/mode-s-link-type.js';
import { FrameFeed } from './frame-feed.js';
import { addFrameSocketRoutes, FrameSocketCounters, MAX_SOCKET_BYTES } from './frame-sockets.js';

const FRAME = '8f4d2023587f345e35837e2218b2';

/** A packet of one frame (or SBS line), decoded by the ADSB decoder as the chain would. */
function packet(extra: Partial<Packet> = {}, json?: Packet['json']): Packet {
  const base: Packet = { tsSec: 1_700_000_000, tsUsec: 0, sourceUuid: 'x', dlt: json ? 0 : DLT_MODE_S, annotations: {}, ...(json ? { json } : { data: Buffer.from(FRAME, 'hex') }) };
  const decoded = decodeAdsbFrame(base);
  if (decoded?.annotation) base.annotations.adsb = decoded.annotation;
  return { ...base, ...extra };
}

/** A session whose queue the test sets, recording what was sent. */
function session(): WebSocketSession & { queued: number; sent: (string | Uint8Array)[] } {
  const state = {
    queued: 0,
    sent: [] as (string | Uint8Array)[],
    send: (data: string | Uint8Array) => void state.sent.push(data),
    sendFramed: () => {},
    close: () => {},
    terminate: () => {},
    isOpen: true,
    get bufferedAmount() {
      return state.queued;
    },
    remoteAddress: '127.0.0.1',
    pause: () => {},
    resume: () => {},
  };
  return state;
}

test('good frames go out as AVR lines; slow clients have frames dropped and counted until they drain', () => {
  const routes = new RouteRegistry();
  const feed = new FrameFeed();
  const counters = new FrameSocketCounters();
  const warnings: string[] = [];
  addFrameSocketRoutes(routes, feed, counters, createLogger({ level: 'warn', write: (line) => warnings.push(line) }));
  const raw = routes.get('WS /phy/ADSB/raw.ws') as WebSocketRouteDefinition;
  const client = session();
  const handlers = raw.connect(client, { params: {}, vars: {}, login: undefined, request: new Request('http://localhost/') });
  assert.is(counters.open, 1);

  feed.packet(packet());
  for (const skipped of [{ error: true }, { filtered: true }, { duplicate: true }]) feed.packet(packet(skipped));
  const sbs = packet({}, { type: SBS_RECORD_TYPE, text: 'MSG,3,1,1,4D2023,1,2013/01/05,00:00:00.000,2013/01/05,00:00:00.000,,2000,,,36.9,13.8,,,0,0,0,0' });
  assert.ok(sbs.annotations.adsb, 'the SBS line is an aircraft message, with no frame');
  feed.packet(sbs);
  assert.equal(client.sent, [`*${FRAME};\n`]);

  client.queued = MAX_SOCKET_BYTES + 1;
  for (let i = 0; i < 5; i++) feed.packet(packet());
  assert.is(client.sent.length, 1);
  assert.is(counters.dropped, 5);
  assert.is(warnings.length, 1, warnings.join('\n'));
  client.queued = 0;
  feed.packet(packet());
  assert.is(client.sent.length, 2);
  assert.is(counters.sent, 2);

  handlers.close?.();
  feed.packet(packet());
  assert.is(client.sent.length, 2, 'a closed socket gets nothing more');
  assert.is(counters.open, 0);
});

test.run();
