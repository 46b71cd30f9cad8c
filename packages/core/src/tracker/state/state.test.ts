/**
 * The tracker's compact state format: every kind of value comes back as written (whole numbers
 * up to 2^53, negatives, fractions, NaN and -0, any Unicode, bytes); a device comes back with
 * every field and its sub-record; and a damaged state (cut short, a byte changed, bytes added)
 * is refused with SVC_ERR_BAD_STATE (or SVC_ERR_STATE_VERSION) or gives a device, never another exception.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { isSvcError } from '../../errors.js';
import { seededRandom } from '../../testing/fuzz.js';
import { deviceRecord } from '../device-fields.js';
import { deviceKey, phyKeyPrefix } from '../device-key.js';
import type { PhyComponentState } from '../phy.js';
import { Rrd } from '../rrd.js';
import { SignalData } from '../signal.js';
import { SignalRrd } from '../signal-rrd.js';
import { addSample, startEstimate } from '../location-estimate.js';
import { TrackedDevice, type PhyState } from '../tracked-device.js';
import { readDeviceState, writeDeviceState } from './device-state.js';
import { StateReader } from './state-reader.js';
import { StateWriter } from './state-writer.js';

const NUMBERS = [0, 1, 127, 128, 16_383, 16_384, 2 ** 31, 2 ** 32 + 5, Number.MAX_SAFE_INTEGER, -1, -128, -Number.MAX_SAFE_INTEGER, 0.5, -0.25, 1_700_000_000.123456, 2 ** 60, NaN, Infinity, -Infinity, -0];
const TEXTS = ['', 'ascii', 'café 漢字 🙂', '\u0000\u00ff', 'x'.repeat(300)];

test('numbers, text, bytes and booleans come back as written, in order', () => {
  const writer = new StateWriter();
  for (const value of NUMBERS) writer.number(value);
  for (const value of TEXTS) writer.string(value);
  writer.bytes(Buffer.from([0, 1, 254, 255]));
  writer.bytes(new Uint8Array(0));
  writer.boolean(true);
  writer.boolean(false);
  writer.uint(Number.MAX_SAFE_INTEGER);
  const state = writer.take();
  assert.is(writer.length, 0, 'take() starts the writer afresh');
  const reader = new StateReader(state);
  for (const value of NUMBERS) assert.ok(Object.is(reader.number(), value), `number ${value}`);
  for (const value of TEXTS) assert.is(reader.string(), value);
  assert.equal([...reader.bytes()], [0, 1, 254, 255]);
  assert.is(reader.bytes().length, 0);
  assert.is(reader.boolean(), true);
  assert.is(reader.boolean(), false);
  assert.is(reader.uint(), Number.MAX_SAFE_INTEGER);
  reader.end();
  assert.throws(() => writer.uint(-1), /not a whole number/);
  assert.throws(() => writer.uint(1.5), /not a whole number/);
});

test('a state cut short, with an unknown tag or with bytes left over is refused', () => {
  const writer = new StateWriter();
  writer.number(1_700_000_000.5);
  writer.string('hello');
  const state = writer.take();
  for (let length = 0; length < state.length; length++) {
    const reader = new StateReader(state.subarray(0, length));
    assert.throws(
      () => {
        reader.number();
        reader.string();
      },
      (error: unknown) => isSvcError(error, 'SVC_ERR_BAD_STATE') && /ends early/.test((error as Error).message),
      `cut at ${length}`,
    );
  }
  assert.throws(() => new StateReader(Buffer.from([7])).number(), /unknown number tag 7/);
  assert.throws(() => new StateReader(Buffer.from([2])).boolean(), /holds 2 where a boolean belongs/);
  assert.throws(() => new StateReader(Buffer.from([0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 1])).uint(), /longer than 8 bytes/);
  assert.throws(() => new StateReader(Buffer.from([200, 1])).count(), /announces 200 items with 0 bytes left/);
  const extra = new StateReader(Buffer.from([0, 5, 0]));
  extra.number();
  assert.throws(() => extra.end(), /1 bytes past its end/);
});

const phy: PhyState = { name: 'TESTPHY', description: 'test', id: 0, keyPrefix: phyKeyPrefix('TESTPHY'), componentField: 'test.device', componentKey: 'test', deviceCount: 0, packetCount: 0 };
const component: PhyComponentState<{ model: string; readings: number }> = {
  version: 3,
  write: (value, writer) => {
    writer.string(value.model);
    writer.number(value.readings);
  },
  read: (reader) => ({ model: reader.string(), readings: reader.number() }),
};

/** A device with every optional part in use. */
function fullDevice(): TrackedDevice {
  const mac = 0x02aabbccddee;
  const device = new TrackedDevice(deviceKey(phy.keyPrefix, mac), mac, phy, 'Acme Sensors', 1_700_000_000.25);
  device.lastTime = 1_700_000_123.75;
  device.modTime = 1_700_000_124;
  device.name = 'thermo';
  device.username = 'kitchen';
  device.type = 'Sensor';
  device.basicTypeSet = 4;
  device.crypt = 'None';
  device.channel = '433.92MHz';
  device.frequency = 433_920;
  device.packetsTotal = 81;
  device.packetsRx = 3;
  device.packetsTx = 78;
  device.packetsData = 60;
  device.datasize = 12_345;
  device.numAlerts = 2;
  device.packetsRrd = new Rrd();
  for (let second = 0; second < 200; second += 7) device.packetsRrd.add(1_700_000_000 + second, 3);
  device.signal = new SignalData();
  device.signal.signalRrd = new SignalRrd();
  for (const level of [-61, -70, -55]) {
    device.signal.add(level, -95);
    device.signal.signalRrd.add(1_700_000_100 + level, level);
  }
  device.frequencyCounts = [
    { khz: 433_920, packets: 80 },
    { khz: 868_300, packets: 1 },
  ];
  device.seenby = [{ uuid: '5FE308BD-0000-0000-0000-000000000001', firstTime: 1_700_000_000, lastTime: 1_700_000_123, numPackets: 81 }];
  device.tags = new Map([
    ['room', 'kitchen'],
    ['note', 'é'],
  ]);
  const point = (lat: number, lon: number) => ({ lat, lon, alt: 35.5, fix: 3, time: 1_700_000_050 });
  const estimate = startEstimate(point(48.8561, 2.3519), -71);
  addSample(estimate, 48.8572, 2.3530, 36, 3, 1_700_000_060.5, -58.5);
  device.location = { last: point(48.8566, 2.3522), min: point(48.85, 2.35), max: point(48.86, 2.36), sum: { lat: 146.5, lon: 7.05, alt: 106.5, count: 3, altCount: 3 }, fix: 3, estimate };
  device.relatedDevices = new Map([['shares-mac', new Set(['A_B', 'C_D'])]]);
  (device.components as Record<string, unknown>).test = { model: 'TH-9', readings: 7 };
  return device;
}

function stateOf(device: TrackedDevice): Buffer {
  const writer = new StateWriter();
  writeDeviceState(device, component, writer);
  return writer.take();
}

test('a device comes back with every field, its histories and its sub-record', () => {
  const device = fullDevice();
  const restored = readDeviceState(new StateReader(stateOf(device)), phy, component);
  const now = 1_700_000_200;
  assert.equal(deviceRecord(restored, now), deviceRecord(device, now));
  assert.equal(restored.location, device.location, 'the running average keeps its counts, the estimate its sums');
  assert.equal(restored.components, { test: { model: 'TH-9', readings: 7 } });
  assert.is(restored.mac, device.mac);
  assert.is(restored.firstTime, 1_700_000_000.25, 'times keep their fractions');
});

/** A device state of layout 1, as svc wrote it before layout 2 (commit 64ab920): a located TESTPHY device without its sub-record. */
const LAYOUT_1_STATE =
  'AQAdMzEwMkIyMDgwMDAwMDAwMF8wMkFBQkJDQ0RERUUMQWNtZSBTZW5zb3JzAgAAEED8VNlBAgAA8F78VNlBAgAAEED8VNlBBnRoZXJtbwAGU2Vuc29yAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQJ24JwRpW1IQAKoNc07TtECQAIAAAAAAMBBQAADALLiz6oGAs3MzMzMbEhAAs3MzMzMzAJAAgAAAAAAwEFAAAMAsuLPqgYCrkfhehRuSEAC4XoUrkfhAkACAAAAAADAQUAAAwCy4s+qBgIAAAAAAFBiQAIzMzMzMzMcQAIAAAAAAKBaQAADAA==';

test('a state of layout 1 (before the estimate) still reads: its location comes back, without an estimate', () => {
  const restored = readDeviceState(new StateReader(Buffer.from(LAYOUT_1_STATE, 'base64')), phy, component);
  assert.is(restored.name, 'thermo');
  assert.is(restored.lastTime, 1_700_000_123.75);
  const location = restored.location!;
  assert.equal([location.last.lat, location.last.lon, location.last.alt, location.last.fix], [48.8566, 2.3522, 35.5, 3]);
  assert.equal(location.sum, { lat: 146.5, lon: 7.05, alt: 106.5, count: 3, altCount: 3 });
  assert.is(location.fix, 3);
  assert.is(location.estimate, undefined);
  const record = deviceRecord(restored, 1_700_000_200)['svc.device.base.location'] as Record<string, any>;
  assert.equal(record['svc.common.location.avg_loc']['svc.common.location.geopoint'], [7.05 / 3, 146.5 / 3]);
  assert.is(record['svc.common.location.avg_loc']['svc.common.location.alt'], 35.5);
  assert.is(record['svc.common.location.estimate_samples'], 0);
});

test("a state of another layout or sub-record version is refused as another version's, one of another PHY as bad", () => {
  const state = stateOf(fullDevice());
  const refused = (bytes: Buffer, components: PhyComponentState | undefined, pattern: RegExp, target = phy) =>
    assert.throws(() => readDeviceState(new StateReader(bytes), target, components), (error: unknown) => isSvcError(error, 'SVC_ERR_BAD_STATE') && pattern.test((error as Error).message));
  const otherVersion = (bytes: Buffer, components: PhyComponentState<any> | undefined, pattern: RegExp) =>
    assert.throws(() => readDeviceState(new StateReader(bytes), phy, components), (error: unknown) => isSvcError(error, 'SVC_ERR_STATE_VERSION') && pattern.test((error as Error).message));
  otherVersion(Buffer.concat([Buffer.from([3]), state.subarray(1)]), component, /layout 3, this svc reads layouts 1 and 2/);
  otherVersion(state, { ...component, version: 4 }, /TESTPHY sub-record state of version 3, this svc reads version 4/);
  otherVersion(state, undefined, /sub-record state of version 3, this svc reads none/);
  refused(state, component, /is not a OTHER device/, { ...phy, name: 'OTHER', keyPrefix: phyKeyPrefix('OTHER') });
});

test('fuzz: 5 000 damaged states give a device, SVC_ERR_BAD_STATE or (a damaged version number) SVC_ERR_STATE_VERSION, nothing else', () => {
  const random = seededRandom(21);
  const state = stateOf(fullDevice());
  let refused = 0;
  for (let round = 0; round < 5000; round++) {
    let damaged = Buffer.from(state);
    const kind = round % 3;
    if (kind === 0) damaged = damaged.subarray(0, Math.floor(random() * damaged.length));
    else if (kind === 1) for (let flips = 1 + Math.floor(random() * 4); flips > 0; flips--) damaged[Math.floor(random() * damaged.length)] = Math.floor(random() * 256);
    else damaged = Buffer.concat([damaged.subarray(0, Math.floor(random() * damaged.length)), Buffer.from([Math.floor(random() * 256)]), damaged.subarray(Math.floor(random() * damaged.length))]);
    try {
      assert.instance(readDeviceState(new StateReader(damaged), phy, component), TrackedDevice);
    } catch (error) {
      if (!isSvcError(error, 'SVC_ERR_BAD_STATE') && !isSvcError(error, 'SVC_ERR_STATE_VERSION')) throw new Error(`round ${round}: ${String(error)}`);
      refused++;
    }
  }
  assert.ok(refused > 3000, `${refused} of 5000 refused`);
});

test.run();
