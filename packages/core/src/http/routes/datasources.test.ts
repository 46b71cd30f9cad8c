/**
 * End to end over a real listening server: every datasource endpoint of spec 4.2 with its
 * errors and roles, driven through the test datasource type (real probe, open, packets,
 * channels and close through the datasource tracker and the packet chain).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { stableUuid } from '../../datasources/type-resolution.js';
import { SvcError } from '../../errors.js';
import { createLogger } from '../../logger.js';
import { createTestDatasource, createTestService, TEST_ADMIN, testPhyPlugin, waitUntil, type TestService } from '../../testing/index.js';

let t: TestService;
let base: string;
const harness = createTestDatasource();
const events: { topic: string; uuid: unknown }[] = [];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const adminAuth = `Basic ${Buffer.from(`${TEST_ADMIN.user}:${TEST_ADMIN.password}`).toString('base64')}`;

test.before(async () => {
  t = await createTestService({
    plugins: [testPhyPlugin, harness.plugin],
    config: { source_retry_delay: '0.2', randomized_hopping: 'false' },
    log: createLogger({ write: () => {} }),
  });
  base = (await t.svc.start()).url;
  for (const topic of ['NEW_DATASOURCE', 'DATASOURCE_OPENED', 'DATASOURCE_CLOSED', 'DATASOURCE_ERROR', 'DATASOURCE_PAUSED', 'DATASOURCE_RESUMED', 'DATASOURCE_ENDED', 'DATASOURCE_REMOVED']) {
    t.svc.events.subscribe(topic, (name, payload) => events.push({ topic: name, uuid: (payload as Record<string, unknown>)['svc.datasource.uuid'] }));
  }
});
test.after(async () => t.close());

async function call(path: string, body?: Record<string, unknown>, auth = adminAuth): Promise<{ status: number; body: any }> {
  const response = await fetch(`${base}${path}`, {
    method: body ? 'POST' : 'GET',
    headers: { authorization: auth, ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
    body: body ? new URLSearchParams({ json: JSON.stringify(body) }) : undefined,
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}
const add = (definition: string) => call('/datasource/add_source.cmd', { definition });
const control = (uuid: string, verb: string, body: Record<string, unknown> = {}) => call(`/datasource/by-uuid/${uuid}/${verb}.cmd`, body);
const record = async (uuid: string) => (await call(`/datasource/by-uuid/${uuid}/source.json`)).body;
const devicePackets = () => [...t.svc.devices.devices()].reduce((sum, device) => sum + device.packetsTotal, 0);

test('types and defaults', async () => {
  const types = (await call('/datasource/types.json')).body as any[];
  const testType = types.find((type) => type['svc.datasource.driver.type'] === 'testsource');
  assert.equal(testType, {
    'svc.datasource.driver.type': 'testsource',
    'svc.datasource.driver.description': 'synthetic test-PHY reports for tests',
    'svc.datasource.driver.probe_capable': 1,
    'svc.datasource.driver.list_capable': 1,
    'svc.datasource.driver.local_capable': 1,
    'svc.datasource.driver.remote_capable': 1,
    'svc.datasource.driver.passive_capable': 0,
    'svc.datasource.driver.tuning_capable': 1,
    'svc.datasource.driver.hop_capable': 1,
    'svc.datasource.driver.options': {
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
    },
  });
  const defaults = (await call('/datasource/defaults.json')).body;
  assert.is(defaults['svc.datasourcetracker.default.hop_rate'], 5);
  assert.is(defaults['svc.datasourcetracker.default.random_order'], 0);
  assert.is(defaults['svc.datasourcetracker.default.remote_cap_port'], 3501);
});

test('add_source: probed type, 200 with the record; bad input is 400, a taken UUID 409, an unopenable source 200 in error', async () => {
  const added = await add('testsource-0:name=front,info_antenna_type=omni');
  assert.is(added.status, 200);
  assert.is(added.body['svc.datasource.name'], 'front');
  assert.is(added.body['svc.datasource.running'], 1);
  assert.is(added.body['svc.datasource.type_driver']['svc.datasource.driver.type'], 'testsource');
  assert.equal(added.body['svc.datasource.channels'], ['1', '6', '11']);
  assert.is(added.body['svc.datasource.info.antenna_type'], 'omni');
  const uuid = added.body['svc.datasource.uuid'];
  assert.match(uuid, /^[0-9A-F-]{36}$/);
  assert.ok(events.some((event) => event.topic === 'NEW_DATASOURCE' && event.uuid === uuid));
  assert.ok(events.some((event) => event.topic === 'DATASOURCE_OPENED' && event.uuid === uuid));

  assert.is((await add('testsource-0:name=again')).status, 409, 'same type and interface: same UUID');
  const bad = await add('testsource-1:channels="1,6');
  assert.is(bad.status, 400);
  assert.equal(bad.body.code, 'SVC_ERR_BAD_DEFINITION');
  assert.match(bad.body.error, /quote is not closed/);
  const unknownType = await add('wlan9:type=nosuchtype');
  assert.is(unknownType.status, 400);
  assert.match(unknownType.body.error, /no datasource type 'nosuchtype'; known types: kismetdb, testsource/);
  const unrecognised = await add('wlan9');
  assert.is(unrecognised.status, 400);
  assert.equal(unrecognised.body.code, 'SVC_ERR_NO_DATASOURCE_TYPE');
  assert.is((await call('/datasource/add_source.cmd', {})).status, 400);

  const failing = await add('testsource-7:fail=open,retry=false');
  assert.is(failing.status, 200);
  assert.is(failing.body['svc.datasource.error'], 1);
  assert.is(failing.body['svc.datasource.running'], 0);
  assert.match(failing.body['svc.datasource.error_reason'], /told to fail to open/);

  const all = (await call('/datasource/all_sources.json')).body as any[];
  assert.equal(all.map((source) => source['svc.datasource.name']), ['front', 'testsource-7']);
  assert.is((await call('/datasource/by-uuid/8A1C3E20-0000-4000-8000-00000000001F/source.json')).status, 404);
});

test('open -> pause -> resume -> close -> open: packet counts prove paused packets were discarded', async () => {
  const uuid = (await add('testsource-2:devices=3')).body['svc.datasource.uuid'];
  const packetsBefore = devicePackets();
  harness.capture(uuid)!.emit(5);
  await waitUntil('5 packets', async () => (await record(uuid))['svc.datasource.num_packets'] === 5);
  assert.is(devicePackets() - packetsBefore, 5);

  const paused = await control(uuid, 'pause_source');
  assert.is(paused.body['svc.datasource.paused'], 1);
  assert.is(paused.body['svc.datasource.running'], 1);
  assert.is((await control(uuid, 'pause_source')).status, 409);
  harness.capture(uuid)!.emit(4);
  await sleep(50);
  assert.is((await record(uuid))['svc.datasource.num_packets'], 5);
  assert.is(devicePackets() - packetsBefore, 5, 'paused packets never reached the tracker');

  assert.is((await control(uuid, 'resume_source')).body['svc.datasource.paused'], 0);
  assert.is((await control(uuid, 'resume_source')).status, 409);
  harness.capture(uuid)!.emit(2);
  await waitUntil('7 packets', async () => (await record(uuid))['svc.datasource.num_packets'] === 7);

  const closed = await control(uuid, 'close_source');
  assert.is(closed.body['svc.datasource.running'], 0);
  assert.is(closed.body['svc.datasource.error'], 0);
  assert.match(closed.body['svc.datasource.error_reason'], /closed/);
  assert.ok(harness.capture(uuid)!.closed, 'closing releases the capture');
  assert.is((await control(uuid, 'close_source')).status, 409);
  assert.is((await control(uuid, 'pause_source')).status, 409);
  assert.ok((await call('/datasource/all_sources.json')).body.some((source: any) => source['svc.datasource.uuid'] === uuid), 'a closed source stays listed');

  const reopened = await control(uuid, 'open_source');
  assert.is(reopened.body['svc.datasource.running'], 1);
  assert.is(harness.opens(uuid), 2);
  assert.is((await control(uuid, 'open_source')).status, 409);
  harness.capture(uuid)!.emit(1);
  await waitUntil('8 packets', async () => (await record(uuid))['svc.datasource.num_packets'] === 8);
  assert.is(devicePackets() - packetsBefore, 8);
  const topics = events.filter((event) => event.uuid === uuid).map((event) => event.topic);
  assert.equal(topics, ['NEW_DATASOURCE', 'DATASOURCE_OPENED', 'DATASOURCE_PAUSED', 'DATASOURCE_RESUMED', 'DATASOURCE_CLOSED', 'DATASOURCE_OPENED']);
});

test('a capture that ends (a replayed file) publishes DATASOURCE_ENDED once, after its last packet; the source stays open', async () => {
  const added = await add('testsource-5:count=7,pps=1000');
  const uuid = added.body['svc.datasource.uuid'];
  await waitUntil('the end', () => events.some((event) => event.uuid === uuid && event.topic === 'DATASOURCE_ENDED'));
  const after = await record(uuid);
  assert.equal([after['svc.datasource.num_packets'], after['svc.datasource.running'], after['svc.datasource.error']], [7, 1, 0]);
  assert.equal(events.filter((event) => event.uuid === uuid).map((event) => event.topic), ['NEW_DATASOURCE', 'DATASOURCE_OPENED', 'DATASOURCE_ENDED']);
});

test('add_source with an option that cannot be valid is a 400 naming it, before anything opens; only a valid source that cannot open is a 200 in error', async () => {
  for (const [definition, message] of [
    ['testsource-8:pps=abc', /testsource option pps must be a number >= 0/],
    ['testsource-8:speed=9', /datasource type 'testsource' has no option 'speed'; it takes pps, devices, flood, count, fail, fail_after, frame_bytes, lat, lon, radius, besides the generic ones \(type, name, uuid/],
    ['testsource-8:channels="1,,6"', /channels .*empty/],
    ['testsource-8:lat=52', /testsource options lat and lon go together/],
    ['testsource-8:lat=95,lon=4', /testsource option lat must be a number from -85 to 85/],
    ['testsource-8:channel_hoprate=fast', /channel_hoprate/],
    ['testsource-8:retry=maybe', /retry must be true or false/],
  ] as const) {
    const refused = await add(definition);
    assert.equal([refused.status, refused.body.code], [400, 'SVC_ERR_BAD_DEFINITION'], definition);
    assert.match(refused.body.error, message, definition);
  }
  assert.not.ok((await call('/datasource/all_sources.json')).body.some((source: any) => source['svc.datasource.interface'] === 'testsource-8'), 'nothing was added');
  assert.is(harness.opens(stableUuid('testsource', 'testsource-8')), 0, 'nothing was opened');
});

test('a path that names no file says "no such file", not "no datasource type recognised"; a FIFO is refused without being opened', async () => {
  const missing = await add('/nonexistent/file.pcap');
  assert.equal([missing.status, missing.body.code], [400, 'SVC_ERR_BAD_DEFINITION']);
  assert.is(missing.body.error, 'no such file: /nonexistent/file.pcap (check the file path)');
  const relative = await add('capture-typo.pcapng');
  assert.is(relative.body.error, 'no such file: capture-typo.pcapng (check the file path)');
  const directory = await add('/tmp/');
  assert.match(directory.body.error, /the file \/tmp\/ is a directory, not a regular file/);
  const unrecognised = await add('wlan9');
  assert.equal([unrecognised.status, unrecognised.body.code], [400, 'SVC_ERR_NO_DATASOURCE_TYPE'], 'an interface name is still "not recognised"');
});

test('a permanent failure is not retried and the record says so; a transient one is retried and says so', async () => {
  // The test type refuses fail=open with a plain Error: transient, retried at the retry delay.
  const transient = (await add('testsource-9:fail=open')).body;
  assert.equal([transient['svc.datasource.error'], transient['svc.datasource.error_kind'], transient['svc.datasource.retry']], [1, 'transient', 1]);
  const uuid = transient['svc.datasource.uuid'];
  await waitUntil('retries', async () => (await record(uuid))['svc.datasource.total_retry_attempts'] >= 2);
  await control(uuid, 'remove_source');

  // A definition that passed when added but names something that later became wrong fails permanently.
  const permanent = await createTestService({
    plugins: [
      testPhyPlugin,
      {
        name: 'vanishing-file',
        apply(svc: any) {
          svc.hooks.datasourceTypes.tap('vanishing-file', (types: any) =>
            types.add({
              name: 'vanishing',
              description: 'fails as a file that vanished after it was added',
              capabilities: { probe: false, list: false, local: true, remote: false, passive: false, tune: false, hop: false },
              options: {},
              open: async () => {
                throw new SvcError('SVC_ERR_DATASOURCE_PERMANENT', 'the capture file is gone');
              },
            }),
          );
        },
      },
    ],
    config: { source_retry_delay: '0.1' },
    log: createLogger({ write: () => {} }),
  });
  try {
    const source = await permanent.svc.datasources.add('x:type=vanishing');
    await sleep(400);
    const served = permanent.svc.datasources.record(source);
    assert.equal([served['svc.datasource.error'], served['svc.datasource.error_kind'], served['svc.datasource.total_retry_attempts']], [1, 'permanent', 0]);
    assert.match(String(served['svc.datasource.error_reason']), /the capture file is gone/);
  } finally {
    await permanent.close();
  }
});

test('disable_source and remove_source take a source out, so a corrected definition can be added under the same UUID', async () => {
  const first = (await add('testsource-6:uuid=8A1C3E20-0000-4000-8000-0000000000AA,devices=2')).body;
  const uuid = first['svc.datasource.uuid'];
  assert.is((await add('testsource-6:uuid=8A1C3E20-0000-4000-8000-0000000000AA,devices=3')).status, 409, 'a running source keeps its UUID');

  const disabled = await control(uuid, 'disable_source');
  assert.equal([disabled.status, disabled.body['svc.datasource.running'], disabled.body['svc.datasource.error'], disabled.body['svc.datasource.disabled']], [200, 0, 1, 1]);
  assert.is(disabled.body['svc.datasource.error_reason'], 'disabled by request');
  assert.is((await control(uuid, 'disable_source')).status, 409);
  const replaced = await add('testsource-6:uuid=8A1C3E20-0000-4000-8000-0000000000AA,devices=3,name=fixed');
  assert.equal([replaced.status, replaced.body['svc.datasource.name'], replaced.body['svc.datasource.running'], replaced.body['svc.datasource.disabled']], [200, 'fixed', 1, 0]);
  assert.is((await call('/datasource/all_sources.json')).body.filter((source: any) => source['svc.datasource.uuid'] === uuid).length, 1, 'the disabled one was replaced');

  const removed = await control(uuid, 'remove_source');
  assert.is(removed.status, 200);
  assert.is((await record(uuid))?.code, 'SVC_ERR_NOT_FOUND');
  assert.ok(events.some((event) => event.topic === 'DATASOURCE_REMOVED' && event.uuid === uuid));
  assert.is((await add('testsource-6:uuid=8A1C3E20-0000-4000-8000-0000000000AA,name=again')).body['svc.datasource.name'], 'again');

  const routes = (await call('/system/routes.json')).body as any[];
  for (const [verb, methods] of [
    ['disable_source', ['GET', 'POST']],
    ['remove_source', ['POST']],
  ] as const) {
    const route = routes.find((entry) => entry['svc.route.path'] === `/datasource/by-uuid/:uuid/${verb}`);
    assert.equal([route?.['svc.route.role'], route?.['svc.route.methods']], ['admin', methods], verb);
  }
});

test('the source commands Kismet takes by GET work by GET too (set_channel, which needs a dictionary, only by POST)', async () => {
  const uuid = (await add('testsource-12:channel=6')).body['svc.datasource.uuid'];
  const byGet = (verb: string) => call(`/datasource/by-uuid/${uuid}/${verb}.cmd`);
  const steps: [string, number, string, number][] = [
    ['pause_source', 200, 'svc.datasource.paused', 1],
    ['pause_source', 409, 'svc.datasource.paused', 1],
    ['resume_source', 200, 'svc.datasource.paused', 0],
    ['set_hop', 200, 'svc.datasource.hopping', 1],
    ['close_source', 200, 'svc.datasource.running', 0],
    ['open_source', 200, 'svc.datasource.running', 1],
    ['disable_source', 200, 'svc.datasource.disabled', 1],
  ];
  for (const [verb, status, field, value] of steps) {
    const answer = await byGet(verb);
    assert.is(answer.status, status, verb);
    assert.is((await record(uuid))[field], value, `${verb}: ${field}`);
  }
  assert.is((await call(`/datasource/by-uuid/${uuid}/set_channel.cmd`)).status, 405);
  assert.is((await call(`/datasource/by-uuid/${uuid}/remove_source.cmd`)).status, 405);
  assert.is((await call('/datasource/by-uuid/8A1C3E20-0000-4000-8000-00000000001F/close_source.cmd')).status, 404, 'unknown UUID');
  await control(uuid, 'remove_source');
});

test('a failing capture goes into error and is re-opened after the retry delay', async () => {
  const uuid = (await add('testsource-3')).body['svc.datasource.uuid'];
  harness.capture(uuid)!.fail('the radio went away');
  await waitUntil('the error', async () => (await record(uuid))['svc.datasource.error'] === 1);
  assert.match((await record(uuid))['svc.datasource.error_reason'], /the radio went away/);
  await waitUntil('the retry', async () => (await record(uuid))['svc.datasource.running'] === 1);
  const reopened = await record(uuid);
  assert.is(reopened['svc.datasource.total_retry_attempts'], 1);
  assert.is(reopened['svc.datasource.error'], 0);
  assert.is(harness.opens(uuid), 2);
  assert.ok(events.some((event) => event.topic === 'DATASOURCE_ERROR' && event.uuid === uuid));
});

test('set_channel locks a channel or sets a hop list (rate kept unless given); set_hop hops again', async () => {
  const uuid = (await add('testsource-4:channel_hop=false')).body['svc.datasource.uuid'];
  const handle = harness.capture(uuid)!;
  const locked = await control(uuid, 'set_channel', { channel: '6' });
  assert.is(locked.status, 200);
  assert.is(locked.body['svc.datasource.channel'], '6');
  assert.is(locked.body['svc.datasource.hopping'], 0);
  assert.equal(handle.tunes, ['6']);
  const unsupported = await control(uuid, 'set_channel', { channel: '7' });
  assert.is(unsupported.status, 400);
  assert.match(unsupported.body.error, /does not support channel '7'; it supports 1, 6, 11/);

  const hopping = await control(uuid, 'set_channel', { channels: ['1', '11'], hoprate: 50 });
  assert.is(hopping.body['svc.datasource.hopping'], 1);
  assert.is(hopping.body['svc.datasource.hop_rate'], 50);
  assert.equal(hopping.body['svc.datasource.hop_channels'], ['1', '11']);
  await waitUntil('hops', () => handle.tunes.includes('1') && handle.tunes.includes('11'));
  const keptRate = await control(uuid, 'set_channel', { channels: ['6', '11'] });
  assert.is(keptRate.body['svc.datasource.hop_rate'], 50, 'the rate is kept');
  assert.is((await control(uuid, 'set_channel', { channels: ['6', '11'], rate: 20, hoprate: 30 })).body['svc.datasource.hop_rate'], 20, 'rate wins over hoprate');

  await control(uuid, 'set_channel', { channel: '1' });
  const rehop = await control(uuid, 'set_hop');
  assert.is(rehop.body['svc.datasource.hopping'], 1);
  for (const [body, code] of [
    [{}, 'SVC_ERR_MISSING_KEY'],
    [{ channels: [] }, 'SVC_ERR_BAD_CHANNEL'],
    [{ channels: '1,,6' }, 'SVC_ERR_BAD_CHANNEL'],
    [{ channels: [{}] }, 'SVC_ERR_BAD_CHANNEL'],
    [{ channels: ['1'], rate: -1 }, 'SVC_ERR_BAD_RATE'],
    // Past setInterval's range Node fires every 1 ms: rates are checked before they reach a timer.
    [{ channels: ['1'], rate: 1e-10 }, 'SVC_ERR_BAD_RATE'],
    [{ channels: ['1'], hoprate: 1e9 }, 'SVC_ERR_BAD_RATE'],
    [{ channels: ['1'], rate: '0.00000001/sec' }, 'SVC_ERR_BAD_RATE'],
  ] as const) {
    const refused = await control(uuid, 'set_channel', body);
    assert.is(refused.status, 400, JSON.stringify(body));
    assert.is(refused.body.code, code, JSON.stringify(body));
  }
  assert.is((await control('8A1C3E20-0000-4000-8000-00000000001F', 'set_channel', { channel: '1' })).status, 404);
  await control(uuid, 'close_source');
  assert.is((await control(uuid, 'set_channel', { channel: '1' })).status, 409);
});

test('antennas.json lists one antenna per datasource, keyed by id, with the info_antenna_* options of its definition', async () => {
  const added = (await add('testsource-13:info_antenna_type=yagi,info_antenna_gain=9.5,info_antenna_orientation=270,info_antenna_beamwidth=40')).body;
  const antennas = (await call('/antennas/antennas.json')).body as Record<string, any>;
  const sources = (await call('/datasource/all_sources.json')).body as any[];
  assert.equal(Object.keys(antennas), sources.map((source) => String(source['svc.datasource.source_number'])));
  const antenna = antennas[String(added['svc.datasource.source_number'])];
  assert.equal(antenna, {
    'svc.antenna.id': added['svc.datasource.source_number'],
    'svc.antenna.uuid': antenna['svc.antenna.uuid'],
    'svc.antenna.source_uuid': added['svc.datasource.uuid'],
    'svc.antenna.source_antnum': 0,
    'svc.antenna.power_adjust': 0,
    'svc.antenna.type': 'yagi',
    'svc.antenna.gain': 9.5,
    'svc.antenna.orientation': 270,
    'svc.antenna.beamwidth': 40,
  });
  assert.match(antenna['svc.antenna.uuid'], /^[0-9A-F]{8}-[0-9A-F]{4}-5[0-9A-F]{3}-[89AB][0-9A-F]{3}-[0-9A-F]{12}$/);
  assert.is.not(antenna['svc.antenna.uuid'], added['svc.datasource.uuid']);
  assert.equal((await call('/antennas/antennas.json')).body, antennas, 'the same ids and UUIDs on every call');
  const ekjson = (await (await fetch(`${base}/antennas/antennas.ekjson`, { headers: { authorization: adminAuth } })).text()).trim();
  assert.ok(JSON.parse(ekjson)[String(added['svc.datasource.source_number'])].svc_antenna_type === 'yagi', 'ids stay keys, field names are rewritten');
  await control(added['svc.datasource.uuid'], 'remove_source');
  assert.not.ok(String(added['svc.datasource.source_number']) in (await call('/antennas/antennas.json')).body, 'a removed source takes its antenna');
});

test('list_interfaces (admin) marks interfaces in use; readonly logins get 403 on admin routes, none get 401', async () => {
  const listed = (await call('/datasource/list_interfaces.json')).body as any[];
  assert.equal(listed.map((item) => item['svc.datasource.probed.interface']), ['testsource-0', 'testsource-1']);
  const front = (await call('/datasource/all_sources.json')).body.find((source: any) => source['svc.datasource.name'] === 'front');
  assert.is(listed[0]['svc.datasource.probed.in_use_uuid'], front['svc.datasource.uuid']);
  assert.is(listed[1]['svc.datasource.probed.in_use_uuid'], '00000000-0000-0000-0000-000000000000');

  const token = await (await t.command('/auth/apikey/generate.cmd', { name: 'ds-reader', role: 'readonly' })).text();
  const asReader = (path: string, body?: Record<string, unknown>) =>
    fetch(`${base}${path}`, {
      method: body ? 'POST' : 'GET',
      headers: { cookie: `SVC=${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    }).then((response) => response.status);
  assert.is(await asReader('/datasource/all_sources.json'), 200);
  assert.is(await asReader('/datasource/list_interfaces.json'), 403);
  assert.is(await asReader('/datasource/add_source.cmd', { definition: 'testsource-1' }), 403);
  assert.is(await asReader(`/datasource/by-uuid/${front['svc.datasource.uuid']}/close_source.cmd`, {}), 403);
  assert.is((await fetch(`${base}/datasource/all_sources.json`)).status, 401);
});

test.run();
