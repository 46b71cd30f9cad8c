/**
 * Bluetooth ingest (issue 33: replay of HCI advertising reports at 200,000 reports a second or
 * more into the tracker). The input is a btsnoop file made here, shaped like an Android
 * controller's log in a busy place: 1,000,000 LE Advertising Report events of one report each
 * (as controllers send them), from 20,000 advertisers (random addresses, flags, Apple or
 * Microsoft manufacturer data, a name on one in four, scan responses), with the HCI commands an
 * Android log interleaves (one in 20 records). Each round replays the file with a `btsnoop`
 * source into a fresh service with the built Bluetooth plugin and measures from adding the
 * source until the source has counted every record; the heap per BLE device is measured after
 * a full GC. Prints figures only.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger } from '@svc/core';
import { createTestService } from '@svc/core/testing';
import bluetoothPlugin from '@svc/plugin-bluetooth';
import { adStructures, btsnoopFile, leAdvertisingReportEvent, type BtsnoopRecord } from '@svc/plugin-bluetooth/testing';

const REPORTS = 1_000_000;
const DEVICES = 20_000;
const COMMAND_EVERY = 20;
const ROUNDS = 3;
const gc = (globalThis as { gc?: () => void }).gc;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function address(device: number): string {
  const bytes = [0xc0 | (device >> 16) % 64, (device >> 8) & 255, device & 255, 0x5e, 0x71, 0x09];
  return bytes.map((byte) => byte.toString(16).padStart(2, '0')).join(':');
}

/** The advertising data of one advertiser, by kind, as phones and laptops send it. */
function advertisingData(device: number, scanResponse: boolean): Buffer {
  if (scanResponse) return adStructures([[0x09, `sensor-${device}`], [0x0a, Uint8Array.of(0xf8)]]);
  const flags: [number, Uint8Array] = [0x01, Uint8Array.of(0x1a)];
  if (device % 3 === 0) return adStructures([flags, [0xff, Uint8Array.of(0x4c, 0x00, 0x10, 0x05, 0x01, 0x18, device & 255, 0x2c, 0x9e)]]);
  if (device % 3 === 1) return adStructures([[0xff, Uint8Array.of(0x06, 0x00, 0x01, 0x09, 0x20, 0x02, ...Buffer.alloc(23, device & 255))]]);
  return adStructures([flags, [0x03, Uint8Array.of(0x0f, 0x18)], [0x16, Uint8Array.of(0xaa, 0xfe, 0x10, device & 255)]]);
}

function makeLog(path: string): void {
  const records: BtsnoopRecord[] = [];
  const start = 1_700_000_000_000_000;
  const command = Buffer.of(0x01, 0x0c, 0x20, 0x02, 0x01, 0x00); // LE Set Scan Enable
  for (let i = 0; i < REPORTS; i++) {
    const device = (i * 7919) % DEVICES;
    const scanResponse = device % 4 === 0 && i % 2 === 1;
    const event = leAdvertisingReportEvent([{ eventType: scanResponse ? 4 : device % 3 === 1 ? 3 : 0, addressType: 1, address: address(device), data: advertisingData(device, scanResponse), rssi: -40 - (i % 50) }]);
    records.push({ data: event, timeUs: start + i * 500, flags: 3 });
    if (i % COMMAND_EVERY === 0) records.push({ data: command, timeUs: start + i * 500, flags: 2 });
  }
  writeFileSync(path, btsnoopFile(records));
}

const path = join(tmpdir(), `svc-bench-btsnoop-${REPORTS}.log`);
if (!existsSync(path)) makeLog(path);
const RECORDS = REPORTS + Math.ceil(REPORTS / COMMAND_EVERY);

function heapUsed(): number {
  gc?.();
  gc?.();
  return process.memoryUsage().heapUsed;
}

const rates: number[] = [];
const heaps: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  const t = await createTestService({ plugins: [bluetoothPlugin], log: createLogger({ level: 'error' }) });
  const before = heapUsed();
  const started = performance.now();
  const source = await t.svc.datasources.add(`${path}:type=btsnoop`);
  while (source.numPackets < RECORDS) await sleep(5);
  const seconds = (performance.now() - started) / 1000;
  rates.push(REPORTS / seconds);
  const devices = t.svc.devices.phy('BTLE')!.deviceCount;
  if (devices !== DEVICES) throw new Error(`${devices} BLE devices tracked, ${DEVICES} expected`);
  heaps.push((heapUsed() - before) / devices);
  await t.close();
}
rates.sort((a, b) => a - b);
heaps.sort((a, b) => a - b);
console.log(
  `btsnoop replay of LE advertising reports into the tracker: median ${Math.round(rates[1]!).toLocaleString('en')} reports/s (rounds ${rates.map((rate) => Math.round(rate).toLocaleString('en')).join(', ')}; ${REPORTS.toLocaleString('en')} reports, ${DEVICES.toLocaleString('en')} devices, target 200,000)`,
);
console.log(`heap per BLE device (tracker record, btle.device sub-record, signal, seen-by): median ${Math.round(heaps[1]!)} bytes`);
