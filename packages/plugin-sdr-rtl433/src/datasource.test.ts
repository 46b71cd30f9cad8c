/**
 * The `rtl433` datasource with the real `rtl_433`: live through rtl_tcp (a real socket feeding
 * a real recording), attached to a real `rtl_433 -F http`, and the ways a helper goes wrong
 * (missing, exits at start, prints garbage, dies while capturing), each leaving the server
 * running with what it already knew. Every test that reads a recording runs twice: on a shared
 * real recording (skipped without the real data) and on svc's own synthetic one.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger, parseDefinition, type Datasource, type OpenContext } from '@svc/core';
import { createTestService, freePort, projectDataPath, realDataPath, realDataTest, waitUntil, type TestService } from '@svc/core/testing';
import rtl433Plugin, { createRtl433Type } from './index.js';
import { findRtlSdrDongles } from './datasource/usb-dongles.js';
import { SYNTHETIC_RECORDING } from './synthetic/synthetic-data.js';
import { messagesBySensor, readRtl433Lines } from './testing/rtl433-reference.js';
import { startRtlTcpServer } from './testing/rtl-tcp-server.js';

/** A recording the tests replay, with what rtl_433 decodes from it (the `.rtl433.jsonl` beside it). */
interface Recording {
  readonly path: string;
  /** rtl_433's output for it. */
  readonly reference: string;
  /** Messages rtl_433 decodes from it. */
  readonly messages: number;
  /** Sensors they come from. */
  readonly sensors: number;
}

function recordingAt(path: string): Recording {
  const reference = path.replace(/\.cu8$/, '.rtl433.jsonl');
  const messages = readRtl433Lines(reference);
  return { path, reference, messages: messages.length, sensors: messagesBySensor(messages).size };
}

/** The shared real recording (Ambient Weather F007TH thermometers) and its reference. */
const REAL_RECORDING = ['rtl433/ambient_weather__01__f007th.cu8', 'rtl433/ambient_weather__01__f007th.rtl433.jsonl'];

/** Registers `body` on the shared real recording (a real-data test) and on svc's synthetic recording of every sensor class. */
function withEachRecording(name: string, body: (recording: Recording) => Promise<void>): void {
  realDataTest(test, name, REAL_RECORDING, () => body(recordingAt(realDataPath(REAL_RECORDING[0]!))));
  test(`${name} (svc's synthetic recording)`, () => body(recordingAt(projectDataPath('rtl433', SYNTHETIC_RECORDING))));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const quiet = createLogger({ write: () => {} });

/** Real rtl_433 runs take their time: polls for up to 15 s. */
const until = (what: string, check: () => boolean) => waitUntil(what, check, { timeoutMs: 15_000 });

async function sensorCount(t: TestService, source: Datasource): Promise<number> {
  const response = await t.request(`/devices/views/seenby-${source.uuid}/devices.json`);
  return response.status === 200 ? ((await response.json()) as unknown[]).length : 0;
}

/** A stand-in rtl_433: a shell script in a temporary directory. */
function fakeRtl433(body: string): { path: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'svc-rtl433-'));
  const path = join(dir, 'rtl_433');
  writeFileSync(path, `#!/bin/sh\n${body}\n`);
  chmodSync(path, 0o755);
  return { path, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

withEachRecording('live through rtl_tcp: rtl_433 is tuned as asked, its sensors are tracked, and losing the SDR is an error that keeps them', async (recording) => {
  const server = await startRtlTcpServer(recording.path);
  const t = await createTestService({ plugins: [rtl433Plugin], log: quiet });
  try {
    const source = await t.svc.datasources.add(`rtl433-tcp:type=rtl433,rtl_tcp=127.0.0.1:${server.port},channel=433.92MHz,samplerate=250k,retry=false`);
    await until('the recording is decoded', () => source.numPackets >= recording.messages);
    assert.is(source.numPackets, recording.messages);
    assert.ok(server.commands.some((command) => command.code === 1 && command.value === 433_920_000), 'tuned to 433.92 MHz');
    assert.ok(server.commands.some((command) => command.code === 2 && command.value === 250_000), 'sample rate 250k');
    assert.equal(source.channels, ['433.920000MHz']);
    assert.is(await sensorCount(t, source), recording.sensors);

    server.disconnect();
    await until('the source fails', () => source.state === 'error');
    assert.match(source.errorReason, /^rtl_433 exited with code \d+/);
    assert.is(await sensorCount(t, source), recording.sensors, 'the sensors are still there');
  } finally {
    await t.close();
    await server.close();
  }
});

withEachRecording('attach: the events of an rtl_433 already running with -F http become sensors; its end is the source error', async (recording) => {
  const server = await startRtlTcpServer(recording.path, { hold: true });
  const httpPort = await freePort();
  const rtl433 = spawn('rtl_433', ['-c', '0', '-d', `rtl_tcp:127.0.0.1:${server.port}`, '-s', '250k', '-F', `http:127.0.0.1:${httpPort}`], { stdio: 'ignore' });
  const t = await createTestService({ plugins: [rtl433Plugin], log: quiet });
  try {
    for (let tries = 0; ; tries++) {
      const up = await new Promise<boolean>((resolve) => connect(httpPort, '127.0.0.1').once('connect', function (this: { destroy(): void }) { this.destroy(); resolve(true); }).once('error', () => resolve(false)));
      if (up) break;
      if (tries > 100) assert.unreachable('rtl_433 never listened');
      await sleep(50);
    }
    const source = await t.svc.datasources.add(`rtl433-attic:type=rtl433,attach=127.0.0.1:${httpPort},retry=false`);
    await until('the source is attached', () => source.state === 'running');
    assert.is(source.info.captureInterface, `http://127.0.0.1:${httpPort}/events`);
    server.start();
    await until('the events arrive', () => source.numPackets >= recording.messages);
    assert.is(await sensorCount(t, source), recording.sensors);

    rtl433.kill('SIGTERM');
    await until('the source fails', () => source.state === 'error');
    assert.match(source.errorReason, /rtl_433 at http:\/\/127\.0\.0\.1:\d+\/events/);
    assert.is(await sensorCount(t, source), recording.sensors);
  } finally {
    rtl433.kill('SIGKILL');
    await t.close();
    await server.close();
  }
});

test('attach to nothing: the open fails saying rtl_433 cannot be reached', async () => {
  const port = await freePort();
  const type = createRtl433Type();
  const context: OpenContext = { uuid: 'U', log: quiet, message: () => {} };
  try {
    await type.open!(parseDefinition(`rtl433-x:attach=127.0.0.1:${port}`), context);
    assert.unreachable('opened');
  } catch (error) {
    assert.match((error as Error).message, `cannot reach rtl_433 at http://127.0.0.1:${port}/events: ECONNREFUSED`);
  }
});

withEachRecording('a missing rtl_433 fails the open with how to install it', async (recording) => {
  const type = createRtl433Type({ command: 'svc-no-such-rtl_433' });
  try {
    await type.open!(parseDefinition(recording.path), { uuid: 'U', log: quiet, message: () => {} });
    assert.unreachable('opened');
  } catch (error) {
    assert.is((error as Error).message, "rtl_433 is not installed: 'svc-no-such-rtl_433' was not found on PATH (install the rtl-433 package, or set rtl433_command)");
  }
});

test('no dongle: the real rtl_433 exits at start and the source says why', async () => {
  if ((await findRtlSdrDongles()).length > 0) return; // this host has a dongle: nothing to prove here
  const t = await createTestService({ plugins: [rtl433Plugin], log: quiet });
  try {
    const source = await t.svc.datasources.add('rtl433-0:retry=false');
    await until('the source fails', () => source.state === 'error');
    assert.match(source.errorReason, /^rtl_433 exited with code \d+: .*No supported devices found/);
  } finally {
    await t.close();
  }
});

withEachRecording('a helper that prints garbage: each bad line is an error packet, good lines still make sensors', async (recording) => {
  const fake = fakeRtl433(`echo 'not json'
echo '{"model":"Acme-TH","id":7,"temperature_F":212,"humidity":40}'
echo '[1,2,3]'
echo '{"model":"Acme-TH","id":7,"temperature_C":21.5'
echo '{"model":"Acme-TH","id":7,"temperature_C":21.5,"battery_ok":0}'`);
  const t = await createTestService({ plugins: [rtl433Plugin], log: quiet, config: { rtl433_command: fake.path } });
  try {
    const source = await t.svc.datasources.add(`${recording.path}:type=rtl433,retry=false`);
    await until('every line is read', () => source.numPackets >= 5);
    assert.is(source.numErrorPackets, 3);
    const devices = (await (await t.request('/devices/views/phy-RFSENSOR/devices.json')).json()) as Record<string, any>[];
    assert.is(devices.length, 1);
    const sensor = devices[0]!['sensor.device'];
    assert.is(sensor['sensor.device.thermometer']['sensor.device.temperature'], 21.5);
    assert.is(sensor['sensor.device.common']['sensor.device.battery'], '0', 'battery_ok as Kismet keeps it');
    assert.is(devices[0]!['svc.device.base.packets.total'], 2);
  } finally {
    await t.close();
    fake.remove();
  }
});

test('a live helper that exits during start-up fails the open with its reason, not its banner', async () => {
  const fake = fakeRtl433(`echo 'rtl_433 version 22.11 (2022-11-19) inputs file rtl_tcp RTL-SDR SoapySDR' >&2
echo 'Use -h for usage help and see https://triq.org/ for documentation.' >&2
echo 'usb_open error -3' >&2
echo 'Please fix the device permissions, e.g. by installing the udev rules file rtl-sdr.rules' >&2
exit 2`);
  const type = createRtl433Type({ command: fake.path });
  try {
    await type.open!(parseDefinition('rtl433-0'), { uuid: 'U', log: quiet, message: () => {} });
    assert.unreachable('opened');
  } catch (error) {
    assert.is((error as Error).message, 'rtl_433 exited with code 2: usb_open error -3 / Please fix the device permissions, e.g. by installing the udev rules file rtl-sdr.rules');
  } finally {
    fake.remove();
  }
});

withEachRecording('bad definitions, missing recordings and config files are 400s with the reason, before rtl_433 runs; the server keeps running', async (recording) => {
  const t = await createTestService({ plugins: [rtl433Plugin], log: quiet });
  try {
    const cases: [string, RegExp][] = [
      ['somewhere:type=rtl433', /rtl433 cannot tell what 'somewhere' is/],
      ['rtl433-1:type=rtl433,channel=433', /outside 1 MHz to 6 GHz \(a number without a unit is in Hz: write 433.92MHz\)/],
      ['rtl433-2:type=rtl433,gain=loud', /rtl433 option gain must be a gain in dB/],
      ['rtl433-2:type=rtl433,volume=11', /datasource type 'rtl433' has no option 'volume'; it takes frequency, gain/],
      ['/nonexistent/recording.cu8:type=rtl433', /^no such file: \/nonexistent\/recording.cu8 \(check the rtl433 recording path\)$/],
      ['/nonexistent/recording.cu8', /^no such file: \/nonexistent\/recording.cu8 \(check the file path\)$/],
      [`${recording.path}:conf=/nonexistent/rtl_433.conf`, /^no such file: \/nonexistent\/rtl_433.conf \(check the rtl_433 config file path\)$/],
      [`${recording.path}:conf=/tmp`, /the rtl_433 config file \/tmp is a directory, not a regular file/],
    ];
    for (const [definition, reason] of cases) {
      try {
        await t.svc.datasources.add(definition);
        assert.unreachable(definition);
      } catch (error) {
        assert.is((error as { code?: string }).code, 'SVC_ERR_BAD_DEFINITION', definition);
        assert.match((error as Error).message, reason, definition);
      }
    }
    assert.is(t.svc.datasources.list().length, 0);
    assert.is((await t.request('/system/status.json')).status, 200);
  } finally {
    await t.close();
  }
});

withEachRecording('conf= naming a file that is not an rtl_433 config (a password file) never puts its lines in messages, errors or logs', async (recording) => {
  const dir = mkdtempSync(join(tmpdir(), 'svc-rtl433-conf-'));
  const secrets = join(dir, 'shadow');
  writeFileSync(secrets, 'root:$6$rounds=5000$secret-salt$secret-hash:19000:0:99999:7:::\ndaemon:*:19000:0:99999:7:::\n');
  const logged: string[] = [];
  const t = await createTestService({ plugins: [rtl433Plugin], log: createLogger({ write: (line) => void logged.push(line), level: 'debug' }) });
  try {
    const source = await t.svc.datasources.add(`${recording.path}:conf=${secrets},retry=false`);
    await until('rtl_433 refuses the config', () => source.state === 'error');
    const messages = t.svc.messages.all().map((message) => String(message['svc.messagebus.message_string']));
    assert.ok(messages.some((message) => message.includes('Unknown keyword in the config file (the line is not shown)')), messages.join('\n'));
    assert.match(source.errorReason, /^rtl_433 exited with code \d+: .*Unknown keyword in the config file \(the line is not shown\).* not shown\)$/);
    for (const text of [...messages, source.errorReason, ...logged]) {
      assert.not.match(text, /secret|daemon|root:/, `leaked: ${text}`);
    }
  } finally {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

withEachRecording('probe: dongle names, recordings and attach= are rtl433; other files are not', async (recording) => {
  const type = createRtl433Type();
  const signal = new AbortController().signal;
  const probe = (line: string) => type.probe!(parseDefinition(line), { signal });
  assert.ok(await probe('rtl433-0'));
  assert.ok(await probe('rtl433-00000001'));
  assert.ok(await probe(recording.path));
  assert.ok(await probe('upstairs:attach=10.0.0.5:8433'));
  assert.not.ok(await probe(recording.reference));
  assert.not.ok(await probe('/nonexistent/recording.cu8'));
  assert.not.ok(await probe('wlan0'));
});

test.run();
