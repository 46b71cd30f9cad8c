/**
 * The pcapfile type through the real datasource tracker: probing, a full replay whose count
 * equals tshark's, the file's timestamps on the packets, pacing (pps and realtime), the source
 * staying open at the end, and bad files and options as errors that name the problem.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createLogger, stableUuid, type Packet, type SvcError } from '@svc/core';
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
  const capture = testDataPath('dot11', 'aircrack-ng_zn2i.pcap');
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
  const after = await t.svc.datasources.add(`${testDataPath('dot11', 'packetnet_80211_ppi_multiplefields.pcap')}:name=after-fifos`);
  await waitUntil('a file source after the FIFOs', () => after.numPackets === 1);
});

test('a truncated file is reported after its frames; one corrupt in the middle is read to the corruption once, reported, and not replayed', async () => {
  const whole = readFileSync(testDataPath('dot11', 'aircrack-ng_test1.pcap'));
  const cut = join(scratch, 'cut.pcap');
  writeFileSync(cut, whole.subarray(0, whole.length - 10));
  const truncated = await t.svc.datasources.add(cut);
  await waitUntil('the truncated replay', () => truncated.numPackets === 191);
  await waitUntil('the truncation message', () => messages().some((message) => message.includes(`${cut} ends inside a frame (a truncated capture); the 191 frames before it were read`)));
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
