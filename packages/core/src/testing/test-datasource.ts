/**
 * A real datasource type for tests and plugin authors: `testsource`, whose captures produce
 * test-PHY reports through the real datasource path (probe, open, packets, channels, close).
 * Definitions: `testsource-<n>[:options]` with
 * - `pps=N` reports per second (default 0: only what a test emits through the harness),
 * - `devices=N` distinct MACs to cycle through (default 10),
 * - `channels=a,b,c` the channels it supports (default 1,6,11),
 * - `flood=true` to produce as fast as the reader takes them (honouring backpressure),
 * - `count=N` to end after N reports, as a replayed file ends (default 0: never),
 * - `frame_bytes=N` to give each report a frame of N bytes (default 0: none), for logs and streams,
 * - `lat=N,lon=N` to locate every device, each at its own fixed place in a disc of `radius=M`
 *   metres (default 1000) around that centre (test-device-positions.ts), as a GPS would stamp them,
 * - `fail=open` to refuse to open; `fail_after=N` to fail after N packets.
 * The harness lets a test emit packets and fail captures by source UUID.
 */
import { SvcError } from '../errors.js';
import { definePlugin, type PluginDefinition } from '../plugin.js';
import { createPacketQueue, type PacketQueue } from '../datasources/packet-queue.js';
import type { Capture, DatasourceTypeDefinition } from '../datasources/datasource-type.js';
import type { SourceDefinition } from '../datasources/definition.js';
import { testDevicePosition, type PositionDisc } from './test-device-positions.js';
import { testPacket } from './test-source.js';

/** Type name of the test datasource. */
export const TEST_DATASOURCE_TYPE = 'testsource';

/** What a test can do with an open test capture. */
export interface TestCaptureHandle {
  /** Emits `count` reports (cycling through the source's MACs). */
  emit(count: number): void;
  /** Makes the capture fail with this reason. */
  fail(reason: string): void;
  /** Channels the capture was tuned to, in order. */
  readonly tunes: string[];
  readonly closed: boolean;
}

/** The test datasource plugin and access to its open captures. */
export interface TestDatasourceHarness {
  readonly plugin: PluginDefinition;
  readonly type: DatasourceTypeDefinition;
  /** The open capture of a source, by UUID. */
  capture(uuid: string): TestCaptureHandle | undefined;
  /** How many times a source's capture was opened. */
  opens(uuid: string): number;
}

/** Creates a test datasource type with its own harness (one per test service). */
export function createTestDatasource(): TestDatasourceHarness {
  const captures = new Map<string, TestCaptureHandle>();
  const openCounts = new Map<string, number>();
  const type: DatasourceTypeDefinition = {
    name: TEST_DATASOURCE_TYPE,
    description: 'synthetic test-PHY reports for tests',
    capabilities: { probe: true, list: true, local: true, remote: true, passive: false, tune: true, hop: true },
    options: TEST_SOURCE_OPTIONS,
    validate: (definition) => void readTestOptions(definition),
    probe: async (definition) => /^testsource(-\d+)?$/.test(definition.interface),
    list: async () => [{ interface: 'testsource-0', hardware: 'synthetic' }, { interface: 'testsource-1', hardware: 'synthetic' }],
    open: async (definition, context) => {
      openCounts.set(context.uuid, (openCounts.get(context.uuid) ?? 0) + 1);
      const { capture, handle } = openTestCapture(definition, context.uuid);
      captures.set(context.uuid, handle);
      return capture;
    },
  };
  return {
    plugin: definePlugin({
      name: '@svc/core/testing:datasource',
      apply(svc) {
        svc.hooks.datasourceTypes.tap('@svc/core/testing:datasource', (types) => types.add(type));
      },
    }),
    type,
    capture: (uuid) => captures.get(uuid.toUpperCase()),
    opens: (uuid) => openCounts.get(uuid.toUpperCase()) ?? 0,
  };
}

/** The test source's own options (`channels` is the generic option, read as the channels it supports). */
const TEST_SOURCE_OPTIONS = {
  pps: 'reports per second (default 0: only what a test emits)',
  devices: 'distinct MACs to cycle through (default 10)',
  flood: 'true to report as fast as the reader takes them',
  count: 'end after this many reports (default 0: never)',
  fail: "'open' to refuse to open",
  fail_after: 'fail after this many reports',
  frame_bytes: 'a frame of this many bytes with each report, for logs and packet streams (default 0: none)',
  lat: 'latitude of the centre the devices are placed around (with lon): each device at its own fixed place',
  lon: 'longitude of that centre',
  radius: 'metres from the centre the devices are spread over (default 1000)',
} as const;

/** The test source's numeric options, checked (a bad value is a bad definition). */
function readTestOptions(definition: SourceDefinition): { pps: number; devices: number; failAfter: number; count: number; frameBytes: number; disc: PositionDisc | undefined } {
  const option = (name: string, fallback: number, min = 0, max = Infinity) => {
    const value = Number(definition.options.get(name) ?? fallback);
    if (!Number.isFinite(value) || value < min || value > max) {
      throw new SvcError('SVC_ERR_BAD_DEFINITION', `testsource option ${name} must be a number ${max === Infinity ? `>= ${min}` : `from ${min} to ${max}`}`);
    }
    return value;
  };
  const located = definition.options.has('lat') || definition.options.has('lon');
  if (located && !(definition.options.has('lat') && definition.options.has('lon'))) throw new SvcError('SVC_ERR_BAD_DEFINITION', 'testsource options lat and lon go together');
  return {
    pps: option('pps', 0),
    devices: Math.max(1, option('devices', 10)),
    failAfter: option('fail_after', 0),
    count: option('count', 0),
    frameBytes: Math.min(65_535, Math.floor(option('frame_bytes', 0))),
    disc: located ? { lat: option('lat', 0, -85, 85), lon: option('lon', 0, -180, 180), radiusMetres: option('radius', 1000) } : undefined,
  };
}

/** Opens a test capture from its definition; also used by `svc capture` tests. */
export function openTestCapture(definition: SourceDefinition, uuid: string): { capture: Capture; handle: TestCaptureHandle } {
  if (definition.options.get('fail') === 'open') throw new Error('the test source was told to fail to open');
  const { pps, devices, failAfter, count, frameBytes, disc } = readTestOptions(definition);
  const channels = (definition.options.get('channels') ?? '1,6,11').split(',');
  const queue: PacketQueue = createPacketQueue();
  const suffix = /-(\d+)$/.exec(definition.interface)?.[1] ?? '0';
  let sent = 0;
  let closed = false;
  let backlogged = false;
  let channel = channels[0]!;
  const tunes: string[] = [];
  const emit = (reports: number) => {
    for (let i = 0; i < reports && !closed; i++) {
      const n = sent % devices;
      const octet = (shift: number) => ((n >> shift) & 255).toString(16).padStart(2, '0');
      const mac = `02:7E:${suffix.padStart(2, '0').slice(-2)}:${octet(16)}:${octet(8)}:${octet(0)}`;
      const extras = { ...(frameBytes > 0 ? { length: frameBytes } : {}), ...(disc ? { gps: { ...testDevicePosition(disc, n, devices), fix: 3, time: Date.now() / 1000 } } : {}) };
      backlogged = !queue.push(testPacket({ mac, name: `test-${suffix}-${n}`, channel, signal: -50, ...extras }, uuid));
      sent++;
      if (failAfter > 0 && sent >= failAfter) {
        queue.fail(new Error(`the test source failed after ${sent} packets`));
        return;
      }
      if (count > 0 && sent >= count) {
        closed = true;
        if (timer) clearInterval(timer);
        queue.end();
        return;
      }
    }
  };
  // Every 10 ms, the reports due since the start, so a late timer is caught up; while the
  // server has not taken the queue (it is behind), they are lost, as a radio's would be.
  const started = performance.now();
  let paced = 0;
  const pace = () => {
    const due = Math.floor(((performance.now() - started) / 1000) * pps);
    if (!backlogged || queue.queued === 0) emit(due - paced);
    paced = due;
  };
  const timer = pps > 0 ? setInterval(pace, 10) : undefined;
  if (definition.options.get('flood') === 'true') {
    void (async () => {
      while (!closed) {
        emit(1024);
        await (backlogged ? queue.drained() : new Promise((resolve) => setImmediate(resolve)));
      }
    })();
  }
  const handle: TestCaptureHandle = {
    emit,
    fail: (reason) => queue.fail(new Error(reason)),
    tunes,
    get closed() {
      return closed;
    },
  };
  const capture: Capture = {
    info: { captureInterface: definition.interface, hardware: 'synthetic', dlt: 0, channels, channel, version: 'test' },
    packets: queue.batches,
    backlog: () => queue.queued,
    async setChannel(next) {
      if (!channels.includes(next)) throw new Error(`channel ${next} is not one of ${channels.join(',')}`);
      channel = next;
      tunes.push(next);
    },
    async close() {
      closed = true;
      if (timer) clearInterval(timer);
      queue.end();
    },
  };
  return { capture, handle };
}
