/**
 * BLE advertisers in the WiGLE CSV log: advertising packets built byte by byte (the nRF
 * Sniffer layout) with a GPS position make `BLE` rows with the advertised name, WiGLE's
 * `Misc [LE]` capability and the manufacturer data's company id; a packet without a fix makes
 * none.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger, runPacketChain } from '@svc/core';
import { createTestService } from '@svc/core/testing';
import bluetoothPlugin from '@svc/plugin-bluetooth';
import serialPlugin from '../index.js';
import { advertisingPacket, nordicFrameBody, snifferPayload } from '../testing/nordic-frames.js';
import { nordicSnifferPacket } from './nordic-sniffer-frame.js';

test('advertisers with a fix make BLE rows, and one at their estimate at the end; without one, none', async () => {
  const prefix = mkdtempSync(join(tmpdir(), 'svc-btle-wigle-'));
  const t = await createTestService({ plugins: [serialPlugin, bluetoothPlugin], log: createLogger({ write: () => {} }), config: { enable_logging: 'true', log_types: 'wiglecsv', log_prefix: prefix } });
  try {
    await t.svc.start();
    const feed = (ll: Buffer, time: number, gps?: { lat: number; lon: number }) => {
      const packet = nordicSnifferPacket(nordicFrameBody({ version: 3, counter: 1, id: 0x02, payload: snifferPayload(ll, { channel: 37, rssi: 60 }) }), 'UUID')!;
      packet.tsSec = time;
      if (gps) packet.gps = { ...gps, alt: 12, fix: 3, time };
      runPacketChain(t.svc.hooks, packet);
    };
    const thermo = advertisingPacket({ type: 0, address: 'C0:FF:EE:AB:BC:CD', random: true, ad: [[0x09, 'Thermo, 7'], [0xff, Buffer.from([0x4c, 0x00, 0x10, 0x05])]] });
    const quiet = advertisingPacket({ type: 0, address: 'C0:FF:EE:00:00:01', random: true, ad: [[0x01, Buffer.from([0x06])]] });
    feed(thermo, 1_750_000_000, { lat: 52.5, lon: 13.4 });
    feed(thermo, 1_750_000_000, { lat: 52.5, lon: 13.4 });
    feed(thermo, 1_750_000_002, { lat: 52.6, lon: 13.5 });
    feed(quiet, 1_750_000_003);
    await t.svc.stop();
    const file = readdirSync(prefix).find((name) => name.endsWith('.wiglecsv'))!;
    const rows = readFileSync(join(prefix, file), 'utf8').split('\n').filter(Boolean).slice(2);
    assert.equal(rows, [
      'C0:FF:EE:AB:BC:CD,"Thermo, 7",Misc [LE],2025-06-15 15:06:40,0,,-60,52.500000,13.400000,12.0,0,,76,BLE',
      'C0:FF:EE:AB:BC:CD,"Thermo, 7",Misc [LE],2025-06-15 15:06:40,0,,-60,52.600000,13.500000,12.0,0,,76,BLE',
      // At close, svc's estimate: three packets at one signal, two of them at the first place,
      // so a third of the way to the second; within the RMS distance, √(2/9) of the 13 018 m between them.
      'C0:FF:EE:AB:BC:CD,"Thermo, 7",Misc [LE],2025-06-15 15:06:40,0,,-60,52.533333,13.433333,12.0,6136.7,,76,BLE',
    ]);
  } finally {
    await t.close();
    rmSync(prefix, { recursive: true, force: true });
  }
});

test.run();
