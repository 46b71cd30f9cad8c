/**
 * Logging (issue 21): 802.11 ingest of the generated 1,000,000-frame capture with no log, with
 * an svcdb log of every packet, and with a pcapng log, in interleaved rounds (targets: svcdb at
 * least 85 % of the rate without logging since issue 38, 70 % before; pcapng at least 85 %), each log checked to hold every
 * frame; then restoring 100,000 devices at start (target under 3 s): a capture with 100,000
 * devices is logged once, and a new service is timed from `start()` until the tracker holds
 * them all. Prints figures only.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, openSync, readSync, closeSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { createLogger } from '@svc/core';
import { createTestService, type TestService } from '@svc/core/testing';
import dot11Plugin from '@svc/plugin-dot11';
import { bigCapture } from './big-capture.js';

const FRAMES = 1_000_000;
const ROUNDS = 5;
const RESTORE_DEVICES = 100_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const quiet = createLogger({ write: () => {} });
const scratch = mkdtempSync(join(tmpdir(), 'svc-bench-logging-'));

/** Packet blocks in a pcapng file, walked block by block. */
function pcapngPackets(path: string): number {
  const file = openSync(path, 'r');
  const head = Buffer.alloc(8);
  let packets = 0;
  try {
    for (let offset = 0, size = statSync(path).size; offset < size; ) {
      readSync(file, head, 0, 8, offset);
      if (head.readUInt32LE(0) === 6) packets++;
      offset += head.readUInt32LE(4);
    }
  } finally {
    closeSync(file);
  }
  return packets;
}

async function replay(capture: string, frames: number, config: Record<string, string>): Promise<{ seconds: number; t: TestService }> {
  const t = await createTestService({ plugins: [dot11Plugin], log: quiet, config });
  await t.svc.start();
  const started = performance.now();
  const source = await t.svc.datasources.add(`${capture}:name=big`);
  while (source.numPackets < frames && source.state !== 'error') await sleep(2);
  if (source.numPackets !== frames) throw new Error(`the replay stopped at ${source.numPackets} frames: ${source.errorReason}`);
  return { seconds: (performance.now() - started) / 1000, t };
}

async function round(capture: string, logType: string | undefined): Promise<number> {
  const prefix = mkdtempSync(join(scratch, 'logs-'));
  const config: Record<string, string> = logType ? { enable_logging: 'true', log_types: logType, log_prefix: prefix } : {};
  const { seconds, t } = await replay(capture, FRAMES, config);
  await t.svc.stop();
  await t.close();
  if (logType) {
    const [file] = readdirSync(prefix);
    const path = join(prefix, file!);
    const logged = logType === 'svcdb' ? (new Database(path, { readonly: true }).prepare('SELECT count(*) FROM packets').pluck().get() as number) : pcapngPackets(path);
    if (logged !== FRAMES) throw new Error(`the ${logType} log holds ${logged} of ${FRAMES} frames`);
  }
  rmSync(prefix, { recursive: true, force: true });
  // The next round starts with the disk's write-back done, whatever this one wrote.
  spawnSync('sync');
  return FRAMES / seconds;
}

const capture = bigCapture(FRAMES);
const rates: Record<string, number[]> = { none: [], svcdb: [], pcapng: [] };
for (let index = 0; index < ROUNDS; index++) {
  for (const kind of ['none', 'svcdb', 'pcapng'] as const) {
    const rate = await round(capture, kind === 'none' ? undefined : kind);
    rates[kind]!.push(rate);
    console.log(`round ${index + 1}, ${kind === 'none' ? 'no log' : `${kind} log of every frame (row count checked)`}: ${Math.round(rate).toLocaleString('en')} frames/s`);
  }
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const none = median(rates.none!);
// svcdb's target was 70 % (issue 21); issue 38 (ingest on every core) raised it to 85 %.
for (const [kind, target] of [['svcdb', 85], ['pcapng', 85]] as const) {
  const rate = median(rates[kind]!);
  console.log(`${kind} logging: median ${Math.round(rate).toLocaleString('en')} frames/s = ${((rate / none) * 100).toFixed(0)} % of ${Math.round(none).toLocaleString('en')} without logging (target ${target} %)`);
}

const manyDevices = bigCapture(FRAMES, RESTORE_DEVICES);
const configDir = mkdtempSync(join(scratch, 'restore-'));
const writer = await createTestService({ plugins: [dot11Plugin], log: quiet, configDir, config: { enable_logging: 'true' } });
await writer.svc.start();
const source = await writer.svc.datasources.add(`${manyDevices}:name=many`);
while (source.numPackets < FRAMES) await sleep(5);
const tracked = writer.svc.devices.size;
await writer.svc.stop();
await writer.close();
const restores: number[] = [];
for (let index = 0; index < ROUNDS; index++) {
  // Each restore starts as a fresh server would: no earlier server's devices left in the heap.
  global.gc?.();
  const reader = await createTestService({ plugins: [dot11Plugin], log: quiet, configDir, config: { enable_logging: 'false', tracker_restore: 'true' } });
  const started = performance.now();
  await reader.svc.start();
  const seconds = (performance.now() - started) / 1000;
  if (reader.svc.devices.size !== tracked) throw new Error(`restored ${reader.svc.devices.size} of ${tracked} devices`);
  restores.push(seconds);
  console.log(`restore round ${index + 1}: ${tracked.toLocaleString('en')} devices in ${seconds.toFixed(2)} s`);
  await reader.svc.stop();
  await reader.close();
}
console.log(`tracker restore: ${tracked.toLocaleString('en')} devices, median ${median(restores).toFixed(2)} s (target under 3 s)`);
rmSync(scratch, { recursive: true, force: true });
