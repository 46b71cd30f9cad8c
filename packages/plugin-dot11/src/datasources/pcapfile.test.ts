/**
 * The pcapfile type through the real datasource tracker: probing, a full replay whose count
 * equals tshark's, the file's timestamps on the packets, pacing (pps and realtime), the source
 * staying open at the end, and bad files and options as errors that name the problem.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createLogger, stableUuid, type Packet } from '@svc/core';
import { createTestService, testDataPath, waitUntil, type TestService } from '@svc/core/testing';
import dot11Plugin from '../index.js';

const scratch = mkdtempSync(join(tmpdir(), 'svc-pcapfile-'));
let t: TestService;
const seen: Packet[] = [];

test.before(async () => {
  t = await createTestService({ plugins: [dot11Plugin], log: createLogger({ write: () => {} }) });
  t.svc.hooks.packet.for('decode').tap('pcapfile-test', (packet) => void seen.push(packet));
});
test.after(async () => {
  await t.close();
  rmSync(scratch, { recursive: true, force: true });
});

const messages = () => t.svc.messages.all().map((message) => message['svc.messagebus.message_string']);

test('a capture file is probed as pcapfile and replayed whole, with its own timestamps; the source stays open', async () => {
  const path = testDataPath('dot11', 'aircrack-ng_test1.pcap');
  const reference = JSON.parse(readFileSync(path.replace(/\.pcap$/, '.tshark.json'), 'utf8'));
  seen.length = 0;
  const source = await t.svc.datasources.add(`${path}:name=t`);
  assert.is(source.type.name, 'pcapfile');
  assert.is(source.uuid, stableUuid('pcapfile', resolve(path)));
  await waitUntil('the replay', () => source.numPackets === reference.frames_total);
  assert.is(source.info.dlt, 127);
  assert.is(source.state, 'running');
  await waitUntil('the end message', () => messages().includes(`datasource t: replayed ${reference.frames_total} frames from ${path}`));
  const mine = seen.filter((packet) => packet.sourceUuid === source.uuid);
  assert.is(mine.length, reference.frames_total);
  assert.is(mine[0]!.dlt, 127);
  assert.ok(mine[0]!.tsSec > 1_000_000_000 && mine[0]!.tsSec < 1_800_000_000, 'the file time, not the replay time');
});

test('pps paces the replay; realtime keeps the capture timing', async () => {
  const paced = await t.svc.datasources.add(`${testDataPath('dot11', 'aircrack-ng_wpa3-psk.pcap')}:pps=100`);
  const started = Date.now();
  await waitUntil('the paced replay', () => paced.numPackets === 24);
  const pacedMs = Date.now() - started;
  assert.ok(pacedMs >= 200, `24 frames at 100/s took ${pacedMs} ms`);

  const realtime = await t.svc.datasources.add(`${testDataPath('dot11', 'synthetic_radiotap_10k_seed1.pcap')}:realtime=true`);
  const realtimeStart = Date.now();
  await waitUntil('the realtime replay', () => realtime.numPackets === 10_000);
  const realtimeMs = Date.now() - realtimeStart;
  assert.ok(realtimeMs >= 1100, `a 1.21 s capture replayed in ${realtimeMs} ms`);
});

test('bad files and options: a clear error on the source, and a truncated file reported after its frames', async () => {
  const missing = await t.svc.datasources.add(`${join(scratch, 'missing.pcap')}:type=pcapfile`);
  assert.is(missing.state, 'error');
  assert.match(missing.errorReason, /no such file/);
  const text = join(scratch, 'notes.txt');
  writeFileSync(text, 'not a capture');
  const notCapture = await t.svc.datasources.add(`${text}:type=pcapfile`);
  assert.match(notCapture.errorReason, /is not a pcap or pcapng capture file/);
  try {
    await t.svc.datasources.add(`${text}:name=x`);
    assert.unreachable('probed a text file');
  } catch (error) {
    assert.match((error as Error).message, /no datasource type recognised/);
  }
  const badPace = await t.svc.datasources.add(`${testDataPath('dot11', 'aircrack-ng_zn2i.pcap')}:pps=fast`);
  assert.is(badPace.state, 'error');
  assert.match(badPace.errorReason, /pcapfile option pps must be a number of frames per second > 0, got 'fast'/);
  const whole = readFileSync(testDataPath('dot11', 'aircrack-ng_test1.pcap'));
  const cut = join(scratch, 'cut.pcap');
  writeFileSync(cut, whole.subarray(0, whole.length - 10));
  const truncated = await t.svc.datasources.add(cut);
  await waitUntil('the truncated replay', () => truncated.numPackets === 191);
  await waitUntil('the truncation message', () => messages().some((message) => message.includes(`${cut} ends inside a frame (a truncated capture); the 191 frames before it were read`)));
  assert.is(truncated.state, 'running');
});

test.run();
