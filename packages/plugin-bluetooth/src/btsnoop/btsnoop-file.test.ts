/**
 * The btsnoop reader on files built byte by byte: H4 records as DLT 187 frames with their Unix
 * times, H1 records given their H4 type from the flags, BlueZ monitor records given their
 * monitor header, and each way a file can be wrong: not btsnoop, another version or datalink,
 * cut inside a record (truncated, the records before it kept), a record length that cannot be.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { btsnoopFile } from '../testing/hci-frames.js';
import { BtsnoopFile, BtsnoopFileError } from './btsnoop-file.js';

const dir = mkdtempSync(join(tmpdir(), 'svc-btsnoop-'));
test.after(() => rmSync(dir, { recursive: true, force: true }));

function write(name: string, bytes: Buffer): string {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return path;
}

async function readAll(path: string): Promise<{ file: BtsnoopFile; frames: { linkType: number; tsSec: number; tsUsec: number; data: string }[] }> {
  const file = await BtsnoopFile.open(path);
  const frames = [];
  for await (const batch of file.frames()) for (const frame of batch) frames.push({ linkType: frame.linkType, tsSec: frame.tsSec, tsUsec: frame.tsUsec, data: frame.data.toString('hex') });
  await file.close();
  return { file, frames };
}

const EVENT = Buffer.of(0x04, 0x0e, 0x01, 0x00);
const TIME_US = 1_700_000_000_123_456;

test('H4 records are DLT 187 frames with their Unix times', async () => {
  const path = write('h4.log', btsnoopFile([{ data: EVENT, timeUs: TIME_US }, { data: Buffer.of(0x01, 0x03, 0x0c, 0x00), timeUs: TIME_US + 1_000_000, flags: 2 }]));
  const { file, frames } = await readAll(path);
  assert.equal(frames, [
    { linkType: 187, tsSec: 1_700_000_000, tsUsec: 123_456, data: '040e0100' },
    { linkType: 187, tsSec: 1_700_000_001, tsUsec: 123_456, data: '01030c00' },
  ]);
  assert.is(file.truncated, false);
});

test('H1 records get their H4 type from the flags; monitor records their monitor header', async () => {
  const h1 = write('h1.log', btsnoopFile([{ data: EVENT.subarray(1), timeUs: TIME_US, flags: 3 }, { data: Buffer.of(0x03, 0x0c, 0x00), timeUs: TIME_US, flags: 2 }, { data: Buffer.of(0x01, 0x20), timeUs: TIME_US, flags: 1 }], 1001));
  assert.equal((await readAll(h1)).frames.map((frame) => [frame.linkType, frame.data]), [[187, '040e0100'], [187, '01030c00'], [187, '020120']]);
  const monitor = write('monitor.log', btsnoopFile([{ data: EVENT.subarray(1), timeUs: TIME_US, flags: (1 << 16) | 3 }], 2001));
  assert.equal((await readAll(monitor)).frames.map((frame) => [frame.linkType, frame.data]), [[254, '000100030e0100']]);
});

test('a file that is not btsnoop, of another version or datalink, is refused with the reason', async () => {
  const cases: [Buffer, RegExp][] = [
    [Buffer.from('not a btsnoop file at all'), /is not a btsnoop file/],
    [Buffer.from('btsnoop\0'), /shorter than a btsnoop header/],
    [Buffer.concat([Buffer.from('btsnoop\0'), Buffer.of(0, 0, 0, 2, 0, 0, 3, 0xea)]), /version 2; svc reads version 1/],
    [btsnoopFile([], 1003), /datalink 1003; svc reads 1001 \(HCI H1\), 1002 \(HCI H4\) and 2001/],
  ];
  for (const [bytes, message] of cases) {
    const error = await BtsnoopFile.open(write('bad.log', bytes)).catch((caught: unknown) => caught);
    assert.instance(error, BtsnoopFileError);
    assert.match((error as Error).message, message);
  }
  await BtsnoopFile.open(join(dir, 'missing.log')).then(
    () => assert.unreachable('a missing file opens'),
    (error: Error) => assert.match(error.message, /no such file/),
  );
});

test('a file cut inside a record keeps the records before it; a record length that cannot be is an error naming its offset', async () => {
  const whole = btsnoopFile([{ data: EVENT, timeUs: TIME_US }, { data: EVENT, timeUs: TIME_US }]);
  const { file, frames } = await readAll(write('cut.log', whole.subarray(0, whole.length - 2)));
  assert.is(frames.length, 1);
  assert.is(file.truncated, true);
  const corrupt = Buffer.from(whole);
  corrupt.writeUInt32BE(0x00ffffff, 16 + 24 + 4 + 4); // the second record's included length
  corrupt.writeUInt32BE(0x00ffffff, 16 + 24 + 4);
  const error = await readAll(write('corrupt.log', corrupt)).catch((caught: unknown) => caught);
  assert.instance(error, BtsnoopFileError);
  assert.match((error as Error).message, /the record at byte 44 claims 16777215 bytes/);
});

test.run();
