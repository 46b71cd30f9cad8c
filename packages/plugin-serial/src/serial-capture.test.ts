/**
 * The serial source framework on real pty pairs from `socat`: the plugin opens one end, the test
 * writes to the other what a device sends. NMEA streams (every line of the gpsd logs, real data
 * skipped where it is not there, and of the tracks made here, noise included, arrives as one
 * frame), Nordic sniffer frames built byte by byte from the README's layout
 * (escapes, frames split across writes, garbage between them), `serialjson` device reports and
 * raw packets into the chain, and a device unplugged and plugged back in.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createLogger, definePlugin, type OpenContext, type Packet } from '@svc/core';
import { createTestService, realDataTest, testPhyPlugin, TEST_PHY, waitUntil } from '@svc/core/testing';
import serialPlugin from './index.js';
import { LineFramer } from './framing/line-framer.js';
import { NordicSlipFramer, slipEncode } from './framing/nordic-slip-framer.js';
import { openSerialCapture } from './serial-capture.js';
import { openPtyPair, type PtyPair } from './testing/pty-pair.js';
import { NMEA_RECORDINGS, nmeaRecordingFiles, readNmeaRecording, readSvcTrack, SVC_TRACK_NAMES, type NmeaStream } from './testing/nmea-streams.js';

const quiet = createLogger({ write: () => {} });
const context = (messages: string[] = []): OpenContext => ({ uuid: 'SERIAL-UUID', log: quiet, message: (text) => messages.push(text) });


/** Reads a capture's packets in the background. */
function drain(packets: AsyncIterable<readonly Packet[]>) {
  const seen: Packet[] = [];
  let failure: Error | undefined;
  const done = (async () => {
    try {
      for await (const batch of packets) seen.push(...batch);
    } catch (error) {
      failure = error as Error;
    }
  })();
  return { seen, done, failure: () => failure };
}

let pty: PtyPair;
test.before.each(async () => {
  pty = await openPtyPair();
});
test.after.each(() => pty.close());

/** Writes a stream to the pty: every line arrives as one line frame, in order. */
async function linesArriveInOrder({ bytes: raw, summary }: NmeaStream): Promise<void> {
  const lines: string[] = [];
  const capture = await openSerialCapture(
    { device: pty.device, baudRate: 4800, framer: (sink) => new LineFramer(sink), decode: (frame) => void lines.push(frame.toString('latin1')) },
    context(),
  );
  try {
    await pty.send(raw);
    await waitUntil('every sentence arrived', () => lines.length >= summary.sentences);
    assert.is(lines.length, summary.sentences);
    assert.equal(lines, raw.toString('latin1').split('\r\n').filter((line) => line !== ''));
  } finally {
    await capture.close();
  }
}

for (const log of NMEA_RECORDINGS) {
  realDataTest(test, `${log}: every NMEA sentence written to the pty arrives as one line frame, in order`, nmeaRecordingFiles(log), () => linesArriveInOrder(readNmeaRecording(log)));
}

for (const name of SVC_TRACK_NAMES) {
  test(`${name} (made here): every line written to the pty, noise and damaged sentences too, arrives as one line frame, in order`, () => linesArriveInOrder(readSvcTrack(name)));
}

test('Nordic frames with escapes, split across writes, with garbage between: every frame decoded, every error counted', async () => {
  const bodies = [
    Buffer.from('0600020100 02'.replace(' ', ''), 'hex'),
    Buffer.from([0x0a, 0x00, 0x03, 0x02, 0x00, 0x02, 0xab, 0xbc, 0xcd, 0x55, 0x66]),
    Buffer.from([0x06, 0x00, 0x02, 0x03, 0x00, 0x06, 0xcd, 0xcd]),
  ];
  const frames: string[] = [];
  const capture = await openSerialCapture(
    {
      device: pty.device,
      baudRate: 460800,
      framer: (sink) => new NordicSlipFramer(sink),
      decode: (frame, uuid) => {
        frames.push(frame.toString('hex'));
        return { tsSec: 1, tsUsec: 0, sourceUuid: uuid, dlt: 272, data: frame, annotations: {} };
      },
    },
    context(),
  );
  const reader = drain(capture.packets);
  try {
    const wire = Buffer.concat([Buffer.from([0x11, 0x22]), slipEncode(bodies[0]!), Buffer.from([0x33]), slipEncode(bodies[1]!), slipEncode(bodies[2]!)]);
    for (const byte of wire) pty.write(Buffer.from([byte]));
    await waitUntil('three frames', () => frames.length >= 3);
    assert.equal(frames, bodies.map((body) => body.toString('hex')));
    await waitUntil('the packets are read', () => reader.seen.length >= 5);
    assert.is(reader.seen.filter((packet) => packet.error).length, 2, 'two runs of garbage, two error packets');
    assert.equal(reader.seen.filter((packet) => !packet.error).map((packet) => packet.data!.toString('hex')), frames);
  } finally {
    await capture.close();
  }
});

test('an unplugged device fails the capture saying so; opening a missing device names it', async () => {
  const capture = await openSerialCapture({ device: pty.device, baudRate: 115200, framer: (sink) => new LineFramer(sink), decode: () => undefined }, context());
  const reader = drain(capture.packets);
  await pty.unplug();
  await reader.done;
  assert.is(reader.failure()?.message, `serial device ${pty.device} went away (unplugged?)`);
  try {
    await openSerialCapture({ device: pty.device, baudRate: 115200, framer: (sink) => new LineFramer(sink), decode: () => undefined }, context());
    assert.unreachable('opened');
  } catch (error) {
    assert.is((error as Error).message, `serial device ${pty.device} does not exist (unplugged, or a different name?)`);
  }
});

/** A plugin standing in for any PHY plugin: it records the raw frames the chain carries. */
const rawFrames: Packet[] = [];
const rawRecorder = definePlugin({
  name: 'raw-recorder',
  apply(svc) {
    svc.hooks.packet.for('decode').tap('raw-recorder', (packet) => {
      if (packet.data) rawFrames.push(packet);
    });
  },
});

test('serialjson: device reports make devices of the named PHY, raw packets reach the chain, bad lines are error packets, and the source comes back after an unplug', async () => {
  const t = await createTestService({ plugins: [serialPlugin, testPhyPlugin, rawRecorder], config: { source_retry_delay: '0.2' }, log: quiet });
  try {
    const source = await t.svc.datasources.add(`serialjson-esp32:device=${pty.device},baudrate=115200`);
    assert.is(source.type.name, 'serialjson', 'recognised by its name');
    await waitUntil('the source runs', () => source.state === 'running');
    pty.write(
      [
        `{"phy":"${TEST_PHY}","mac":"02:00:00:00:00:01","rssi":-61,"channel":"6","name":"porch"}`,
        '{"dlt":147,"packet":"c0ffee00","ts":1700000000.25}',
        'not json',
        '{"phy":"NOPHY","mac":"02:00:00:00:00:02"}',
        '{"phy":"TESTPHY","mac":"not-a-mac"}',
        '{"dlt":147,"packet":"xyz"}',
      ].join('\n') + '\n',
    );
    await waitUntil('six lines', () => source.numPackets >= 6);
    assert.is(source.numErrorPackets, 4);
    const devices = (await (await t.request(`/devices/views/phy-${TEST_PHY}/devices.json`)).json()) as Record<string, any>[];
    assert.is(devices.length, 1);
    assert.is(devices[0]!['svc.device.base.macaddr'], '02:00:00:00:00:01');
    assert.is(devices[0]!['svc.device.base.name'], 'porch');
    assert.is(devices[0]!['svc.device.base.channel'], '6');
    assert.is(devices[0]!['svc.device.base.signal']['svc.common.signal.last_signal'], -61);
    const raw = rawFrames.find((packet) => packet.dlt === 147)!;
    assert.is(raw.data!.toString('hex'), 'c0ffee00');
    assert.equal([raw.tsSec, raw.tsUsec], [1_700_000_000, 250_000]);

    await pty.unplug();
    await waitUntil('the source fails', () => source.state === 'error');
    assert.match(source.errorReason, 'went away (unplugged?)');
    await pty.replug();
    await waitUntil('the source is reopened', () => source.state === 'running');
    pty.write(`{"phy":"${TEST_PHY}","mac":"02:00:00:00:00:03"}\n`);
    await waitUntil('the report after the replug', () => source.numPackets >= 7);
    assert.is((await (await t.request(`/devices/views/phy-${TEST_PHY}/devices.json`)).json() as unknown[]).length, 2);
  } finally {
    await t.close();
  }
});

test.run();
