/**
 * Field paths into round-robin records resolve as Kismet resolves them (issue 37): a REST client
 * asking for `<record>/svc.common.rrd.minute_vec` gets the 60-slot list, `hour_vec` 60 slots,
 * `day_vec` 24 and `serial_time` the second it was served, renamed or not, on every record that
 * holds an RRD: the packet chain's, a device's, a datasource's and the server status's memory and
 * device histories (sampled each second once the server runs).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createLogger } from '../../logger.js';
import { createTestDatasource, createTestService, testPhyPlugin, waitUntil, type TestService } from '../../testing/index.js';

let t: TestService;
const harness = createTestDatasource();

test.before(async () => {
  t = await createTestService({ plugins: [testPhyPlugin, harness.plugin], log: createLogger({ write: () => {} }) });
  await t.svc.start();
  const source = await t.svc.datasources.add('testsource-0:pps=50,devices=3');
  await waitUntil('packets on three devices', () => source.numPackets >= 20 && t.svc.devices.size === 3);
});
test.after(async () => t.close());

/** The RRD paths a Kismet client asks for under `record`, the minute vector renamed as python-kismet-rest's users do. */
const rrdPaths = (record: string) => [[`${record}/svc.common.rrd.minute_vec`, 'processed_data'], `${record}/svc.common.rrd.hour_vec`, `${record}/svc.common.rrd.day_vec`, `${record}/svc.common.rrd.serial_time`];

/** Asserts one answer holds the RRD's parts in Kismet's shapes; returns the minute vector. */
function assertRrdParts(answer: Record<string, unknown>, where: string): number[] {
  assert.equal(Object.keys(answer).sort(), ['processed_data', 'svc.common.rrd.day_vec', 'svc.common.rrd.hour_vec', 'svc.common.rrd.serial_time'], where);
  const minute = answer.processed_data as number[];
  assert.ok(Array.isArray(minute) && minute.length === 60 && minute.every((value) => typeof value === 'number'), `${where}: minute_vec ${JSON.stringify(minute)}`);
  assert.is((answer['svc.common.rrd.hour_vec'] as number[]).length, 60, where);
  assert.is((answer['svc.common.rrd.day_vec'] as number[]).length, 24, where);
  const served = answer['svc.common.rrd.serial_time'] as number;
  assert.ok(Number.isInteger(served) && Math.abs(served - Date.now() / 1000) < 5, `${where}: serial_time ${served}`);
  return minute;
}

test('the packet chain: every record of packet_stats, as a Kismet client asks', async () => {
  for (const record of ['svc.packetchain.processed_packets_rrd', 'svc.packetchain.packets_rrd', 'svc.packetchain.peak_packets_rrd', 'svc.packetchain.queued_packets_rrd']) {
    const minute = assertRrdParts((await (await t.command('/packetchain/packet_stats.json', { fields: rrdPaths(record) })).json()) as Record<string, unknown>, record);
    if (record !== 'svc.packetchain.queued_packets_rrd') assert.ok(minute.some((value) => value > 0), `${record} counted the packets`);
  }
});

test("a device's packet history, under both its names, in a view's device list", async () => {
  for (const record of ['svc.device.packets_rrd', 'svc.device.base.packets.rrd']) {
    const devices = (await (await t.command('/devices/views/all/devices.json', { fields: rrdPaths(record) })).json()) as Record<string, unknown>[];
    assert.is(devices.length, 3);
    for (const device of devices) assert.ok(assertRrdParts(device, record).some((value) => value > 0), `${record} counted the device's packets`);
  }
});

test("a datasource's packet history", async () => {
  const [source] = (await (await t.command('/datasource/all_sources.json', { fields: rrdPaths('svc.datasource.packets_rrd') })).json()) as Record<string, unknown>[];
  assert.ok(assertRrdParts(source!, 'svc.datasource.packets_rrd').some((value) => value > 0));
});

test("the server's memory and device-count histories (Kismet's kismet.system.memory.rrd and devices.rrd)", async () => {
  const statusRrd = async (record: string) => (await (await t.command('/system/status.json', { fields: rrdPaths(record) })).json()) as Record<string, unknown>;
  await waitUntil('a sample after the devices were made', async () => ((await statusRrd('svc.system.devices.rrd')).processed_data as number[]).includes(3));
  const memory = assertRrdParts(await statusRrd('svc.system.memory.rrd'), 'svc.system.memory.rrd');
  const rssKb = process.memoryUsage.rss() / 1024;
  assert.ok(memory.some((value) => value > rssKb / 4 && value < rssKb * 4), `a sample near the resident memory (${Math.round(rssKb)} KB): ${memory.filter(Boolean).join(', ')}`);
  assertRrdParts(await statusRrd('svc.system.devices.rrd'), 'svc.system.devices.rrd');
});

test.run();
