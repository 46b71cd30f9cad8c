/**
 * The capture file reader against real libpcap and tshark: every capture in the test data
 * gives the same frames (bytes, lengths, times) as libpcap reads through the `pcap` package,
 * and as many as tshark counted; pcapng and nanosecond files give the same frames as the pcap
 * they were converted from; a big-endian file reads the same; truncated and corrupt files are
 * reported; random damage never throws anything but a CaptureFileError.
 */
import { test } from 'uvu';
import { execFileSync } from 'node:child_process';
import * as assert from 'uvu/assert';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes, seededRandom, testDataPath } from '@svc/core/testing';
import { CaptureFile, CaptureFileError } from './capture-file.js';
import { readAll, readWithLibpcap } from './capture-readers.test-helper.js';

const dot11 = testDataPath('dot11');
const captures = readdirSync(dot11).filter((name) => /\.(pcap|cap)$/.test(name));
const fixtures = fileURLToPath(new URL('../../fixtures/', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'svc-capture-file-'));

test('every shared capture: the same frames as libpcap, as many as tshark counted, the link type tshark saw', async () => {
  assert.ok(captures.length >= 10, `found ${captures.length} captures in ${dot11}`);
  for (const name of captures) {
    const path = join(dot11, name);
    const reference = JSON.parse(readFileSync(path.replace(/\.(pcap|cap)$/, '.tshark.json'), 'utf8'));
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
});

test('pcapng and nanosecond pcap: the same frames as the pcap they were made from (editcap)', async () => {
  const { frames: original } = await readAll(testDataPath('dot11', 'packetnet_80211_plus_radiotap_header.pcap'));
  for (const name of ['packetnet_80211_plus_radiotap_header.pcapng', 'packetnet_80211_plus_radiotap_header.nsec.pcap']) {
    const { frames, file } = await readAll(join(fixtures, name));
    assert.is(file.format, name.endsWith('pcapng') ? 'pcapng' : 'pcap');
    assert.is(frames.length, original.length, name);
    frames.forEach((frame, index) => assert.equal(frame, original[index], `${name} frame ${index + 1}`));
  }
});

test('a big-endian pcap reads the same as its little-endian original', async () => {
  const source = readFileSync(testDataPath('dot11', 'aircrack-ng_zn2i.pcap'));
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
  const { frames: original } = await readAll(testDataPath('dot11', 'aircrack-ng_zn2i.pcap'));
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
  const whole = readFileSync(testDataPath('dot11', 'aircrack-ng_test1.pcap'));
  const cut = join(scratch, 'cut.pcap');
  writeFileSync(cut, whole.subarray(0, whole.length - 10));
  const { frames, file } = await readAll(cut);
  assert.is(frames.length, 191);
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
  const sources = [readFileSync(testDataPath('dot11', 'aircrack-ng_zn2i.pcap')), readFileSync(join(fixtures, 'packetnet_80211_plus_radiotap_header.pcapng')).subarray(0, 4000)];
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
