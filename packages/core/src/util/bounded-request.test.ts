/**
 * Outbound requests against real loopback servers that misbehave: a body without end, headers
 * that never come, a name that never resolves, a caller that gives up.
 */
import { createServer, type Server } from 'node:http';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { boundedRequest, MAX_RESPONSE_BYTES } from './bounded-request.js';

let server: Server;
let base: string;
/** Bytes the endless answer managed to write before its connection was cut. */
let endlessWritten = 0;
let endlessClosed: Promise<void>;

test.before(async () => {
  let closed: () => void = () => {};
  endlessClosed = new Promise((resolve) => (closed = resolve));
  server = createServer((request, response) => {
    if (request.url === '/endless') {
      const chunk = Buffer.alloc(1 << 20, 0x61);
      response.writeHead(200, { 'content-type': 'text/plain' });
      const pump = () => {
        while (!response.destroyed && response.write(chunk)) endlessWritten += chunk.length;
        if (!response.destroyed) response.once('drain', pump);
      };
      response.on('close', closed);
      pump();
    } else if (request.url === '/silent') {
      // Takes the request and never answers.
    } else if (request.url === '/redirect') {
      response.writeHead(302, { location: '/elsewhere' });
      response.end('x'.repeat(100_000));
    } else {
      response.end('short answer');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
test.after(() => {
  server.closeAllConnections();
  server.close();
});

const options = { connectTimeoutMs: 2000, timeoutMs: 5000 };
/** The message a promise rejects with; undefined when it resolves. */
const failure = (pending: Promise<unknown>) => pending.then(() => undefined, (error: Error) => error.message);

test('a short answer is read whole', async () => {
  const response = await boundedRequest(new URL(`${base}/ok`), options);
  assert.equal([response.status, response.body.toString(), response.truncated], [200, 'short answer', false]);
});

test('of an answer without end, a few KB are read and the connection is cut', async () => {
  const response = await boundedRequest(new URL(`${base}/endless`), { ...options, method: 'POST', body: '{}' });
  assert.equal([response.status, response.body.length, response.truncated], [200, MAX_RESPONSE_BYTES, true]);
  await endlessClosed;
  // What the far end wrote before it saw the cut sat in socket buffers, not in svc.
  assert.ok(endlessWritten < 64 << 20, `the endless answer wrote ${endlessWritten} bytes`);
});

test('a redirect is not followed: its status comes back, its body bounded', async () => {
  const response = await boundedRequest(new URL(`${base}/redirect`), options);
  assert.equal([response.status, response.headers.location, response.body.length, response.truncated], [302, '/elsewhere', MAX_RESPONSE_BYTES, true]);
});

test('an answer that never comes ends at the total timeout; a name that never resolves at the connect timeout', async () => {
  assert.is(await failure(boundedRequest(new URL(`${base}/silent`), { connectTimeoutMs: 2000, timeoutMs: 300 })), 'no answer within 0.3 s');
  const neverResolves = () => {};
  assert.is(await failure(boundedRequest(new URL('http://hooks.invalid/x'), { connectTimeoutMs: 200, timeoutMs: 5000, lookup: neverResolves })), 'could not connect within 0.2 s');
});

test('the caller\'s signal ends the exchange with its reason', async () => {
  const controller = new AbortController();
  const pending = boundedRequest(new URL(`${base}/silent`), { ...options, signal: controller.signal });
  controller.abort(new Error('svc is stopping'));
  assert.is(await failure(pending), 'svc is stopping');
});

test.run();
