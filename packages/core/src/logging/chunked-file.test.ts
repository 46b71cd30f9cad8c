/**
 * The background file writer on its own: chunks queued faster than a write completes land in
 * order, and the counters of bytes and records queued and written add up; a failed write is
 * reported once and drops what follows.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ChunkedFile } from './chunked-file.js';

const scratch = mkdtempSync(join(tmpdir(), 'svc-chunked-'));

test('chunks queued while a write runs land in order; written and queued add up', async () => {
  const path = join(scratch, 'ordered.bin');
  const failures: Error[] = [];
  const file = await ChunkedFile.create(path, 'head;', (error) => failures.push(error));
  assert.is(readFileSync(path, 'utf8'), 'head;', 'the head is on disk before the file is handed out');
  const chunks = Array.from({ length: 2000 }, (_, index) => Buffer.from(`chunk ${index};`));
  for (const chunk of chunks) file.write(chunk, 3);
  assert.is(file.queued, Buffer.concat(chunks).length, 'everything is queued at once');
  assert.is(file.queuedRecords, 6000);
  await file.close();
  assert.equal(readFileSync(path), Buffer.concat([Buffer.from('head;'), ...chunks]));
  assert.is(file.written, Buffer.concat(chunks).length + 5);
  assert.is(file.queued, 0);
  assert.is(file.queuedRecords, 0);
  assert.equal(failures, []);
});

test('a write that fails is reported once, and later chunks are dropped', async () => {
  const path = join(scratch, 'failing.bin');
  const failures: Error[] = [];
  const file = await ChunkedFile.create(path, 'first;', (error) => failures.push(error));
  await file.close();
  // Writing to a closed file fails like a removed disk would.
  file.write('second;');
  file.write('third;');
  await new Promise((resolve) => setTimeout(resolve, 50));
  assert.is(failures.length, 1, failures.map(String).join('\n'));
  file.write('fourth;');
  assert.is(file.queued, 0, 'dropped, not queued');
  assert.is(readFileSync(path, 'utf8'), 'first;');
});

test.after(() => rmSync(scratch, { recursive: true, force: true }));

test.run();
