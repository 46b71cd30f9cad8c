import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { firstYes, stableUuid } from './type-resolution.js';

const after = <T>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

test('probing asks every type at once: the first yes wins even when a slower no or a hang is pending', async () => {
  const asked: string[] = [];
  let aborted = false;
  const started = Date.now();
  const winner = await firstYes([
    { value: 'slow-no', ask: () => (asked.push('slow-no'), after(300, false)) },
    { value: 'hangs', ask: (signal) => (asked.push('hangs'), new Promise<boolean>(() => signal.addEventListener('abort', () => (aborted = true)))) },
    { value: 'yes', ask: () => (asked.push('yes'), after(20, true)) },
    { value: 'throws', ask: () => Promise.reject(new Error('broken probe')) },
  ]);
  assert.is(winner, 'yes');
  assert.equal(asked, ['slow-no', 'hangs', 'yes']);
  assert.ok(Date.now() - started < 250, 'did not wait for the slower answers');
  assert.ok(aborted, 'the other probes are aborted');
});

test('probing: no yes means none; a probe that never answers times out after 2 s', async () => {
  const started = Date.now();
  const none = await firstYes([
    { value: 'no', ask: () => after(5, false) },
    { value: 'hangs', ask: () => new Promise<boolean>(() => {}) },
  ]);
  const waited = Date.now() - started;
  assert.is(none, undefined);
  assert.ok(waited >= 1900 && waited < 3500, `waited ${waited} ms`);
  assert.is(await firstYes([]), undefined);
});

test('a derived UUID is stable per type and interface and shaped like a version-5 UUID', () => {
  const uuid = stableUuid('pcapfile', '/tmp/a.pcap');
  assert.is(uuid, stableUuid('pcapfile', '/tmp/a.pcap'));
  assert.is.not(uuid, stableUuid('pcapfile', '/tmp/b.pcap'));
  assert.is.not(uuid, stableUuid('linuxwifi', '/tmp/a.pcap'));
  assert.match(uuid, /^[0-9A-F]{8}-[0-9A-F]{4}-5[0-9A-F]{3}-[89AB][0-9A-F]{3}-[0-9A-F]{12}$/);
});

test.run();
