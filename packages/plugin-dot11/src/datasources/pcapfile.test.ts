/**
 * The pcapfile type through the real datasource tracker: probing, a full replay whose count
 * equals tshark's, the file's timestamps on the packets, pacing (pps and realtime), the source
 * staying open at the end, and bad files and options as errors that name the problem. svc's own
 * captures run everywhere; the same replays of real captures run where the shared data set is.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createLogger, stableUuid, type Packet, type SvcError } from '@svc/core';
import { createTestService, projectDataPath, realDataPath, realDataTest, waitUntil, type TestService } from '@svc/core/testing';
import dot11Plugin from '../index.js';
import { writeBulkCapture } from '../synthetic/index.js';

const scratch = mkdtempSync(join(tmpdir(), 'svc-pcapfile-'));
const DEMO = projectDataPath('dot11', 'svc-demo-scene.pcap');
const demoFrames = JSON.parse(readFileSync(projectDataPath('dot11', 'svc-demo-scene.tshark.json'), 'utf8')).frames_total as number;
/** Short captures for pacing (two files, so two sources): 1 200 frames about a millisecond apart, 1.2 s in all. */
const SHORT = [join(scratch, 'short-paced.pcap'), join(scratch, 'short-realtime.pcap')] as const;
for (const path of SHORT) writeBulkCapture(path, { frames: 1_200, devices: 100, seed: 3 });
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

/** `path` (tshark's reference beside it) is probed as pcapfile and replayed whole, with its own timestamps; the source stays open. */
async function replaysWhole(path: string) {
  const reference = JSON.parse(readFileSync(path.replace(/\.(pcap|cap)$/, '.tshark.json'), 'utf8'));
  seen.length = 0;
  const name = `whole-${reference.frames_total}`;
  const source = await t.svc.datasources.add(`${path}:name=${name}`);
  assert.is(source.type.name, 'pcapfile');
  assert.is(source.uuid, stableUuid('pcapfile', resolve(path)));
  await waitUntil('the replay', () => source.numPackets === reference.frames_total);
  assert.is(source.info.dlt, 127);
  assert.is(source.state, 'running');
  await waitUntil('the end message', () => messages().includes(`datasource ${name}: replayed ${reference.frames_total} frames from ${path}`));
  const mine = seen.filter((packet) => packet.sourceUuid === source.uuid);
  assert.is(mine.length, reference.frames_total);
  assert.is(mine[0]!.dlt, 127);
  assert.ok(mine[0]!.tsSec > 1_000_000_000 && mine[0]!.tsSec < 1_800_000_000, 'the file time, not the replay time');
}

const WHOLE = 'a capture file is probed as pcapfile and replayed whole, with its own timestamps; the source stays open';
realDataTest(test, `aircrack-ng_test1.pcap: ${WHOLE}`, ['dot11/aircrack-ng_test1.pcap', 'dot11/aircrack-ng_test1.tshark.json'], () => replaysWhole(realDataPath('dot11', 'aircrack-ng_test1.pcap')));
test(`svc-demo-scene.pcap: ${WHOLE}`, () => replaysWhole(DEMO));

/** A replay of `definition` reaches `frames` packets no sooner than `atLeastMs`. */
async function replayTakes(definition: string, frames: number, atLeastMs: number) {
  const source = await t.svc.datasources.add(definition);
  const started = Date.now();
  await waitUntil(`the paced replay of ${definition}`, () => source.numPackets === frames, { timeoutMs: 30_000 });
  const elapsed = Date.now() - started;
  assert.ok(elapsed >= atLeastMs, `${frames} frames of ${definition} took ${elapsed} ms`);
}

realDataTest(test, 'real captures: pps paces the replay; realtime keeps the capture timing', ['dot11/aircrack-ng_wpa3-psk.pcap', 'dot11/synthetic_radiotap_10k_seed1.pcap'], async () => {
  await replayTakes(`${realDataPath('dot11', 'aircrack-ng_wpa3-psk.pcap')}:pps=100`, 24, 200);
  await replayTakes(`${realDataPath('dot11', 'synthetic_radiotap_10k_seed1.pcap')}:realtime=true`, 10_000, 1100);
});

test("svc's own capture: pps paces the replay; realtime keeps the capture timing", async () => {
  await replayTakes(`${SHORT[0]}:pps=2000`, 1_200, 550);
  await replayTakes(`${SHORT[1]}:realtime=true`, 1_200, 1_100);
});

test('bad files and options are 400s naming the problem, before anything is read; no file content is quoted', async () => {
  const refusal = async (definition: string): Promise<{ code: string; message: string }> => {
    try {
      await t.svc.datasources.add(definition);
    } catch (error) {
      return { code: (error as SvcError).code, message: (error as Error).message };
    }
    throw new Error(`${definition} was added`);
  };
  assert.equal(await refusal(`${join(scratch, 'missing.pcap')}:type=pcapfile`), { code: 'SVC_ERR_BAD_DEFINITION', message: `no such file: ${join(scratch, 'missing.pcap')} (check the capture file path)` });
  assert.equal(await refusal('/nonexistent/file.pcap'), { code: 'SVC_ERR_BAD_DEFINITION', message: 'no such file: /nonexistent/file.pcap (check the file path)' });
  const text = join(scratch, 'notes.txt');
  writeFileSync(text, 'root:$6$secret-hash:19000:0:99999:7:::');
  const notCapture = await refusal(`${text}:type=pcapfile`);
  assert.equal(notCapture, { code: 'SVC_ERR_BAD_DEFINITION', message: `${text} is not a pcap or pcapng capture file` });
  assert.match((await refusal(`${text}:name=x`)).message, /no datasource type recognised/);
  const capture = DEMO;
  assert.equal(await refusal(`${capture}:pps=fast`), { code: 'SVC_ERR_BAD_DEFINITION', message: "pcapfile option pps must be a number of packets per second, 0.001 or more, got 'fast'" });
  assert.equal((await refusal(`${capture}:pps=1e-10`)).code, 'SVC_ERR_BAD_DEFINITION', 'a pace past the timer range');
  assert.match((await refusal(`${capture}:pps=5,realtime=true`)).message, /realtime=true or pps=N, not both/);
  assert.match((await refusal(`${capture}:speed=9`)).message, /datasource type 'pcapfile' has no option 'speed'; it takes realtime, pps/);
  assert.not.ok(messages().some((message) => message.includes('secret-hash')), 'the file content never reaches the messages');
});

test('a FIFO given as a pcapfile is refused at once, and file sources keep working after several', async () => {
  for (let n = 0; n < 6; n++) {
    const fifo = join(scratch, `pipe-${n}`);
    execFileSync('mkfifo', [fifo]);
    for (const definition of [`${fifo}:type=pcapfile`, fifo]) {
      try {
        await t.svc.datasources.add(definition);
        assert.unreachable(definition);
      } catch (error) {
        assert.is((error as SvcError).code, 'SVC_ERR_BAD_DEFINITION');
        assert.match((error as Error).message, /is a FIFO \(named pipe\), not a regular file/);
      }
    }
  }
  const after = await t.svc.datasources.add(`${projectDataPath('dot11', 'svc-demo-scene-ppi.pcap')}:name=after-fifos`);
  await waitUntil('a file source after the FIFOs', () => after.numPackets === demoFrames);
});

test('a truncated file is reported after its frames; one corrupt in the middle is read to the corruption once, reported, and not replayed', async () => {
  const whole = readFileSync(DEMO);
  const cut = join(scratch, 'cut.pcap');
  writeFileSync(cut, whole.subarray(0, whole.length - 10));
  const truncated = await t.svc.datasources.add(cut);
  await waitUntil('the truncated replay', () => truncated.numPackets === demoFrames - 1);
  await waitUntil('the truncation message', () => messages().some((message) => message.includes(`${cut} ends inside a frame (a truncated capture); the ${demoFrames - 1} frames before it were read`)));
  assert.is(truncated.state, 'running');

  // Record 100's length made impossible: frames 1-99 are good.
  const corrupt = Buffer.from(whole);
  let offset = 24;
  for (let record = 0; record < 99; record++) offset += 16 + corrupt.readUInt32LE(offset + 8);
  corrupt.writeUInt32LE(0x7fffffff, offset + 8);
  const bad = join(scratch, 'corrupt.pcap');
  writeFileSync(bad, corrupt);
  const retrying = await createTestService({ plugins: [dot11Plugin], config: { source_retry_delay: '0.1' }, log: createLogger({ write: () => {} }) });
  try {
    const source = await retrying.svc.datasources.add(bad);
    await waitUntil('the corruption', () => source.state === 'error');
    assert.is(source.numPackets, 99);
    assert.is(source.errorKind, 'permanent');
    assert.match(source.errorReason, new RegExp(`corrupt record at byte ${offset} .*; the 99 frames before it were read`));
    await new Promise((resolve) => setTimeout(resolve, 600));
    assert.equal([source.numPackets, source.totalRetryAttempts, source.state], [99, 0, 'error'], 'not replayed: its frames are counted once');
  } finally {
    await retrying.close();
  }
});

test.run();
