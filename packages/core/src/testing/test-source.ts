/**
 * A test datasource and a test PHY for plugin authors and svc's own tests. `TestSource.send()`
 * builds a packet carrying a JSON report, the way a record-producing datasource would, and runs
 * it through the real packet chain; the `TESTPHY` plugin classifies it and updates the tracker.
 * Nothing here shortcuts into the tracker.
 */
import { randomUUID } from 'node:crypto';
import { definePlugin } from '../plugin.js';
import { runPacketChain } from '../packets/chain.js';
import type { Packet } from '../packets/packet.js';
import type { Service } from '../service-types.js';
import { parseMac } from '../util/mac.js';

/** PHY name of the test devices. */
export const TEST_PHY = 'TESTPHY';

/** JSON record type the test PHY classifies. */
export const TEST_RECORD_TYPE = 'TESTPHY';

/** One synthetic sighting. */
export interface TestReport {
  /** Device MAC, `AA:BB:CC:DD:EE:FF`. */
  mac: string;
  name?: string;
  type?: string;
  /** Value of the test sub-record field `test.device.model`. */
  model?: string;
  signal?: number;
  channel?: string;
  freqKhz?: number;
  /** Capture time, Unix seconds (default now). */
  time?: number;
  /** Bytes to count as the packet's size (default 0). */
  length?: number;
  /** Where the sensor was when it heard the report (a 3D fix), as a GPS would stamp it. */
  position?: { lat: number; lon: number };
}

declare module '../index.js' {
  interface DeviceComponents {
    /** The test PHY's sub-record. */
    test: { 'test.device.model': string };
  }
}

/** Plugin name of the test PHY. */
export const TEST_PHY_PLUGIN = '@svc/core/testing:phy';

/** The test PHY: classifies `TESTPHY` JSON records into devices with a `test.device` sub-record. */
export const testPhyPlugin = definePlugin({
  name: TEST_PHY_PLUGIN,
  apply(svc) {
    svc.hooks.phys.tap(TEST_PHY_PLUGIN, (phys) =>
      phys.add({
        name: TEST_PHY,
        description: 'synthetic devices for tests',
        deviceComponent: {
          field: 'test.device',
          key: 'test',
          description: 'test PHY sub-record',
          fields: [{ name: 'test.device.model', type: 'string', description: 'model reported by the test source' }],
        },
        restoreComponent: (record) => ({ 'test.device.model': typeof record['test.device.model'] === 'string' ? record['test.device.model'] : '' }),
        componentState: {
          version: 1,
          write: (component, writer) => writer.string((component as { 'test.device.model': string })['test.device.model']),
          read: (reader) => ({ 'test.device.model': reader.string() }),
        },
        views: [
          {
            name: 'test-named',
            description: 'test devices with a name',
            includes: (device) => device.name !== '',
          },
        ],
      }),
    );
    svc.hooks.packet.for('classify').tap(TEST_PHY_PLUGIN, (packet) => {
      if (packet.json?.type !== TEST_RECORD_TYPE) return;
      const report = JSON.parse(packet.json.text) as TestReport;
      const mac = parseMac(report.mac);
      const phy = svc.devices.phy(TEST_PHY);
      if (mac === undefined || !phy) {
        packet.error = true;
        return;
      }
      const device = svc.devices.touch(packet, phy, mac);
      if (device === undefined) return; // an ingest filter rule blocks it
      if (report.name !== undefined) device.name = report.name;
      device.type = report.type ?? 'Test Device';
      if (report.model !== undefined) device.components.test = { 'test.device.model': report.model };
    });
  },
});

/** A datasource that emits synthetic reports into the packet chain. */
export class TestSource {
  constructor(
    private readonly svc: Pick<Service, 'hooks'>,
    /** The source's UUID, as seen in `seenby` and `seenby-<UUID>` views. */
    readonly uuid: string = randomUUID().toUpperCase(),
  ) {}

  /** Sends one report through the packet chain. */
  send(report: TestReport): void {
    runPacketChain(this.svc.hooks, testPacket(report, this.uuid));
  }
}

/** The packet a record-producing datasource would make of a test report. */
export function testPacket(report: TestReport, sourceUuid: string): Packet {
  const time = report.time ?? Date.now() / 1000;
  return {
    tsSec: Math.floor(time),
    tsUsec: Math.round((time % 1) * 1e6),
    sourceUuid,
    dlt: 0,
    data: report.length ? Buffer.alloc(report.length) : undefined,
    json: { type: TEST_RECORD_TYPE, text: JSON.stringify(report) },
    signal:
      report.signal !== undefined || report.channel !== undefined || report.freqKhz !== undefined
        ? { signalDbm: report.signal, channel: report.channel, freqKhz: report.freqKhz }
        : undefined,
    annotations: {},
    ...(report.position ? { gps: { lat: report.position.lat, lon: report.position.lon, fix: 3, time } } : {}),
  };
}
