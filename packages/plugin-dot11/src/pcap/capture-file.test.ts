/**
 * The capture file reader against real libpcap and tshark: every capture (the shared data set's
 * real ones, svc's demo scene under each radio header and its bulk capture) gives the same
 * frames (bytes, lengths, times) as libpcap reads through the `pcap` package, and as many as
 * tshark counted; pcapng and nanosecond files made from a pcap by the real editcap give the same
 * frames as the pcap; a big-endian file reads the same; truncated and corrupt files are
 * reported; random damage never throws anything but a CaptureFileError.
 */
import { test } from 'uvu';
import { execFileSync } from 'node:child_process';
import * as assert from 'uvu/assert';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { projectDataPath, randomBytes, realDataPath, realDataTest, seededRandom } from '@svc/core/testing';
import { ownCaptures, realCaptures, type FixtureCapture } from '../fixture-captures.test-helper.js';
import { CaptureFile, CaptureFileError } from './capture-file.js';
import { readAll, readWithLibpcap } from './capture-readers.test-helper.js';

const scratch = mkdtempSync(join(tmpdir(), 'svc-capture-file-'));
const DEMO = projectDataPath('dot11', 'svc-demo-scene.pcap');

/** `pcap` converted by the real editcap to `format` (pcapng or nsecpcap), in the scratch folder. */
function editcap(pcap: string, format: 'pcapng' | 'nsecpcap'): string {
  const converted = join(scratch, `${basename(pcap)}.${format}`);
  execFileSync('editcap', ['-F', format, pcap, converted], { stdio: 'ignore' });
  return converted;
}

/** Each capture gives the same frames as libpcap, as many as tshark counted, with the link type tshark saw. */
async function readsAsLibpcap(captures: readonly FixtureCapture[]) {
  for (const { name, path, reference: referencePath } of captures) {
    const reference = JSON.parse(readFileSync(referencePath, 'utf8'));
    const { frames, file, largestBatch } = await readAll(path);
    assert.is(frames.length, reference.frames_total, `${name}: frame count`);
    assert.ok(largestBatch <= 512, `${name}: frames come at most 512 at a time (${largestBatch})`);
    assert.ok(frames.every((frame) => frame.linkType === reference.file_linktypes[0].dlt), `${name}: link type`);
    assert.is(file.truncated, false);
    const libpcap = await readWithLibpcap(path);
    assert.is(libpcap.length, frames.length, `${name}: libpcap count`);
    libpcap.forEach((expected, index) => {
      const frame = frames[index]!;
      if (frame.tsSec !== expected.tsSec || frame.tsUsec !== expected.tsUsec || frame.originalLength !== expected.len || !frame.data.equals(expected.data)) {
        assert.unreachable(`${name}: frame ${index + 1} differs from libpcap`);
      }
    });
  }
}

const real = realCaptures();
realDataTest(test, "every shared capture: the same frames as libpcap, as many as tshark counted, the link type tshark saw", real.flatMap((capture) => capture.needs), async () => {
  assert.ok(real.length >= 10, `${real.length} shared captures`);
  await readsAsLibpcap(real);
});
test("svc's own captures: the same frames as libpcap, as many as tshark counted, the link type tshark saw", () => readsAsLibpcap(ownCaptures({ bulk: true })));

/** The pcapng and nanosecond pcap editcap makes of `pcap` read as the same frames as the pcap. */
async function convertedReadTheSame(pcap: string) {
  const { frames: original } = await readAll(pcap);
  assert.ok(original.length > 0);
  for (const format of ['pcapng', 'nsecpcap'] as const) {
    const { frames, file } = await readAll(editcap(pcap, format));
    assert.is(file.format, format === 'pcapng' ? 'pcapng' : 'pcap');
    assert.is(frames.length, original.length, format);
    frames.forEach((frame, index) => assert.equal(frame, original[index], `${format} frame ${index + 1}`));
  }
}

const CONVERTED = 'pcapng and nanosecond pcap (editcap): the same frames as the pcap they were made from';
realDataTest(test, `packetnet_80211_plus_radiotap_header.pcap: ${CONVERTED}`, ['dot11/packetnet_80211_plus_radiotap_header.pcap'], () => convertedReadTheSame(realDataPath('dot11', 'packetnet_80211_plus_radiotap_header.pcap')));
test(`svc-demo-scene.pcap: ${CONVERTED}`, () => convertedReadTheSame(DEMO));

test('a big-endian pcap reads the same as its little-endian original', async () => {
  const source = readFileSync(DEMO);
  const swapped = Buffer.from(source);
  swapped.writeUInt32BE(source.readUInt32LE(0), 0);
  swapped.writeUInt16BE(source.readUInt16LE(4), 4);
  swapped.writeUInt16BE(source.readUInt16LE(6), 6);
  for (const offset of [8, 12, 16, 20]) swapped.writeUInt32BE(source.readUInt32LE(offset), offset);
  for (let at = 24; at < source.length; ) {
    const included = source.readUInt32LE(at + 8);
    for (let field = 0; field < 16; field += 4) swapped.writeUInt32BE(source.readUInt32LE(at + field), at + field);
    at += 16 + included;
  }
  const path = join(scratch, 'big-endian.pcap');
  writeFileSync(path, swapped);
  const { frames } = await readAll(path);
  const { frames: original } = await readAll(DEMO);
  assert.equal(frames, original);
});

test('bad files: not a capture (its bytes never quoted), missing, a directory, a FIFO (refused without opening it), truncated (frames before the cut still read), a corrupt length', async () => {
  const text = join(scratch, 'notes.txt');
  writeFileSync(text, 'hello world');
  const fifo = join(scratch, 'pipe');
  execFileSync('mkfifo', [fifo]);
  for (const [path, message] of [
    [text, /^\S+notes\.txt is not a pcap or pcapng capture file$/],
    [join(scratch, 'missing.pcap'), /no such file/],
    [scratch, /is a directory, not a regular file/],
    // Opening a FIFO would wait for a writer forever: the reader must not even try.
    [fifo, /is a FIFO \(named pipe\), not a regular file/],
  ] as const) {
    try {
      await CaptureFile.open(path);
      assert.unreachable(path);
    } catch (error) {
      assert.instance(error, CaptureFileError);
      assert.match((error as Error).message, message);
      assert.not.match((error as Error).message, /hello|68656c6c/, 'no file content in errors');
    }
  }
  const whole = readFileSync(DEMO);
  const cut = join(scratch, 'cut.pcap');
  writeFileSync(cut, whole.subarray(0, whole.length - 10));
  const { frames, file } = await readAll(cut);
  assert.is(frames.length, JSON.parse(readFileSync(projectDataPath('dot11', 'svc-demo-scene.tshark.json'), 'utf8')).frames_total - 1);
  assert.is(file.truncated, true);

  const corrupt = Buffer.from(whole);
  corrupt.writeUInt32LE(0x7fffffff, 24 + 8);
  const bad = join(scratch, 'corrupt.pcap');
  writeFileSync(bad, corrupt);
  try {
    await readAll(bad);
    assert.unreachable('read a corrupt file');
  } catch (error) {
    assert.match((error as Error).message, /corrupt record at byte 24 \(it claims 2147483647 bytes\)/);
  }
});

test('fuzz: damaged pcap and pcapng files either read or fail with a CaptureFileError', async () => {
  const random = seededRandom(11);
  const sources = [readFileSync(DEMO).subarray(0, 4000), readFileSync(editcap(DEMO, 'pcapng')).subarray(0, 4000)];
  const path = join(scratch, 'fuzz.bin');
  for (let i = 0; i < 600; i++) {
    const source = sources[i % sources.length]!;
    const damaged = Buffer.from(source);
    const hits = 1 + Math.floor(random() * 8);
    for (let hit = 0; hit < hits; hit++) damaged[Math.floor(random() * damaged.length)] = Math.floor(random() * 256);
    const cutAt = random() < 0.3 ? Math.floor(random() * damaged.length) : damaged.length;
    writeFileSync(path, i % 50 === 0 ? randomBytes(random, 200) : damaged.subarray(0, cutAt));
    try {
      await readAll(path);
    } catch (error) {
      if (!(error instanceof CaptureFileError)) assert.unreachable(`iteration ${i}: ${(error as Error).stack}`);
    }
  }
});

test.after(() => rmSync(scratch, { recursive: true, force: true }));

test.run();
