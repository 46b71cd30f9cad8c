/**
 * The `tcp` GPS type against a real TCP server playing a phone app that shares its GPS: the
 * project's NMEA drive (test-data/serial, made with its ground truth) sent in small pieces, every
 * fix of the ground truth read and each run of damaged lines one message; a line longer than any
 * sentence dropped; a server that closes reported lost and, in a service, reconnected; bad
 * definitions and a port nobody listens on refused with the reason.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { createLogger } from '../logger.js';
import { createTestService, projectDataPath, waitUntil } from '../testing/index.js';
import type { GpsFix } from './gps-fix.js';
import { parseGpsDefinition } from './gps-definition.js';
import type { GpsContext } from './gps-type.js';
import { tcpGpsType } from './tcp-gps.js';

const quiet = createLogger({ write: () => {} });
const drive = readFileSync(projectDataPath('serial', 'svc-track-drive.raw.nmea'));
const truth = JSON.parse(readFileSync(projectDataPath('serial', 'svc-track-drive.nmea-summary.json'), 'utf8')) as {
  fixes: number;
  fix_list: { lat: number; lon: number }[];
  damaged_lines: { line: number; kind: string }[];
};

/** A TCP server that runs `serve` for each client; resolves with it and its port. */
async function nmeaServer(serve: (socket: Socket) => void): Promise<{ server: Server; port: number; clients: Socket[] }> {
  const clients: Socket[] = [];
  const server = createServer((socket) => {
    clients.push(socket);
    socket.on('error', () => {});
    serve(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as { port: number }).port, clients };
}

/** Writes `bytes` in 97-byte pieces (lines split across reads), then `then`. */
function sendInPieces(socket: Socket, bytes: Buffer, then: () => void = () => {}): void {
  let offset = 0;
  const next = () => {
    if (socket.destroyed) return;
    if (offset >= bytes.length) return then();
    socket.write(bytes.subarray(offset, offset + 97), () => setImmediate(next));
    offset += 97;
  };
  next();
}

function recordingContext() {
  const fixes: GpsFix[] = [];
  const messages: string[] = [];
  const lost: string[] = [];
  const context: GpsContext = { name: 'phone', log: quiet, update: (fix) => void fixes.push(fix), lost: (reason) => void lost.push(reason), message: (text) => void messages.push(text) };
  return { context, fixes, messages, lost, valid: () => fixes.filter((fix) => fix.fix >= 2) };
}

test('the drive sent over TCP gives every fix of its ground truth and one message per run of damaged lines; an over-long line is dropped', async () => {
  const { server, port } = await nmeaServer((socket) => sendInPieces(socket, Buffer.concat([drive, Buffer.from(`$${'X'.repeat(5000)}\r\n`), Buffer.from('end of the test stream\r\n')])));
  const recorder = recordingContext();
  const gps = await tcpGpsType.open(parseGpsDefinition(`tcp:host=127.0.0.1,port=${port},name=phone`), recorder.context);
  try {
    assert.is(gps.description, `NMEA over TCP from 127.0.0.1:${port}`);
    const runs = truth.damaged_lines.filter((damaged, index) => truth.damaged_lines[index - 1]?.line !== damaged.line - 1);
    // The over-long line is one message, the garbage line after it another.
    await waitUntil('the whole stream was read', () => recorder.messages.length === runs.length + 2);
    assert.match(recorder.messages.at(-2)!, `dropped a line from the NMEA server at 127.0.0.1:${port} longer than 4096 bytes (not NMEA)`);
    assert.match(recorder.messages.at(-1)!, 'not an NMEA sentence (no $)');
    const valid = recorder.valid();
    assert.is(valid.length, truth.fixes);
    valid.forEach((fix, index) => {
      const expected = truth.fix_list[index]!;
      assert.ok(Math.abs(fix.lat - expected.lat) < 1e-7 && Math.abs(fix.lon - expected.lon) < 1e-7, `fix ${index}: ${fix.lat},${fix.lon}`);
    });
  } finally {
    await gps.close();
    server.close();
  }
  assert.equal(recorder.lost, [], 'a GPS closed by the tracker reports nothing');
});

test('a server that closes the connection is reported lost, with why', async () => {
  const { server, port } = await nmeaServer((socket) => sendInPieces(socket, drive.subarray(0, 2000), () => socket.end()));
  const recorder = recordingContext();
  const gps = await tcpGpsType.open(parseGpsDefinition(`tcp:host=127.0.0.1,port=${port}`), recorder.context);
  try {
    await waitUntil('lost', () => recorder.lost.length === 1);
    assert.is(recorder.lost[0], `the NMEA server at 127.0.0.1:${port} closed the connection (the app stopped sharing?)`);
  } finally {
    await gps.close();
    server.close();
  }
});

test('host= and port= are required and checked; a port nobody listens on is refused with what to do', async () => {
  const context = recordingContext().context;
  for (const [line, words] of [
    ['tcp', 'the tcp GPS needs host= and port=, e.g. tcp:host=192.168.1.20,port=11123'],
    ['tcp:host=127.0.0.1', 'needs host= and port='],
    ['tcp:host=127.0.0.1,port=99999', 'port=99999 is not a TCP port (1-65535)'],
  ] as const) {
    try {
      await tcpGpsType.open(parseGpsDefinition(line), context);
      assert.unreachable(line);
    } catch (error: any) {
      assert.equal([error.code, error.message.includes(words)], ['SVC_ERR_BAD_GPS_DEFINITION', true], `${line}: ${error.message}`);
    }
  }
  const { server, port } = await nmeaServer(() => {});
  await new Promise((resolve) => server.close(resolve));
  try {
    await tcpGpsType.open(parseGpsDefinition(`tcp:host=127.0.0.1,port=${port}`), context);
    assert.unreachable('a closed port was opened');
  } catch (error: any) {
    assert.is(error.code, 'SVC_ERR_GPS_OPEN');
    assert.is(error.message, `nothing listens on 127.0.0.1:${port} (connection refused); start the app's NMEA server, or set host= and port= to where it serves`);
  }
});

test('in a service, gps=tcp is the server position, and a dropped connection is made again', async () => {
  const { server, port, clients } = await nmeaServer((socket) => sendInPieces(socket, drive));
  const t = await createTestService({ config: { gps: `tcp:host=127.0.0.1,port=${port},name=phone`, source_retry_delay: '0.1' }, log: quiet });
  try {
    await t.svc.start();
    const location = async () => (await (await t.request('/gps/location.json')).json()) as Record<string, any>;
    await waitUntil('a fix from the phone', async () => (await location())['svc.common.location.fix'] >= 2);
    const last = truth.fix_list.at(-1)!;
    await waitUntil('the last fix of the drive', async () => Math.abs((await location())['svc.common.location.geopoint'][1] - last.lat) < 1e-7);
    clients[0]!.destroy();
    await waitUntil('reconnected', () => clients.length === 2 && t.svc.gps.byName('phone')?.state === 'running');
  } finally {
    await t.close();
    for (const client of clients) client.destroy();
    server.close();
  }
});

test.run();
