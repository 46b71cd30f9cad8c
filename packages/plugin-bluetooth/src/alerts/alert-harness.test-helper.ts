/**
 * What the Bluetooth alert tests share: the core's alert test service with the Bluetooth plugin
 * (BLEEDINGTOOTH, off by default, is on), a `send` that puts a built frame through the real packet chain at a capture
 * time and with a GPS fix, the alerts raised since the last look, and a check of the one alert
 * a frame raised. Not part of the package's exports.
 */
import * as assert from 'uvu/assert';
import type { AlertRecord, Packet, PacketGps } from '@svc/core';
import { alertTestService, type TestService } from '@svc/core/testing';
import bluetoothPlugin from '../index.js';
import { BluetoothAlert } from './bluetooth-alert-catalog.js';

/** Capture time the tests start at. */
export const T0 = 1_700_000_000;

/** A test service and helpers around it. */
export interface AlertHarness {
  readonly t: TestService;
  /** Runs a frame of link type `dlt` through the chain at capture time `time` (s), with the sensor's GPS fix. */
  send(dlt: number, data: Buffer, time?: number, gps?: PacketGps): Packet;
  /** The alerts raised since the last call, as `HEADER SOURCE_MAC`. */
  raised(): string[];
  /** The full records raised since the last call. */
  records(): AlertRecord[];
  /** Errors the server logged (a check that threw). */
  readonly errors: string[];
  close(): Promise<void>;
}

/** Starts a harness; `config` adds config lines (the TRACKERFOLLOW keys, `alert=`). */
export async function alertHarness(config: Record<string, string | string[]> = {}): Promise<AlertHarness> {
  const service = await alertTestService({ plugins: [bluetoothPlugin], alerts: Object.values(BluetoothAlert), config });
  return {
    t: service.t,
    errors: service.errors,
    send: (dlt, data, time = T0, gps) => service.run({ tsSec: Math.floor(time), tsUsec: Math.round((time % 1) * 1e6), sourceUuid: 'SOURCE', dlt, data, annotations: {}, gps }),
    raised: () => service.fresh().map((alert) => `${alert['svc.alert.header']} ${alert['svc.alert.source_mac']}`),
    records: () => service.fresh(),
    close: () => service.close(),
  };
}

/**
 * Asserts that exactly one alert was raised since the last look, with the given fields as served
 * (`svc.alert.<name>`, by `<name>`).
 */
export function assertOneAlert(h: AlertHarness, expected: Readonly<Record<string, unknown>>): void {
  const [record, ...more] = h.records();
  assert.equal(more, [], 'one alert');
  assert.ok(record, 'an alert');
  for (const [name, value] of Object.entries(expected)) assert.is(record[`svc.alert.${name}`], value, name);
}
