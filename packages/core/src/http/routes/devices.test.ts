import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createLogger } from '../../logger.js';
import { createTestService, TestSource, testPhyPlugin, type TestService } from '../../testing/index.js';

let t: TestService;
let source: TestSource;
let other: TestSource;
const created: string[] = [];
const updated: string[] = [];
const newDeviceEvents: Record<string, unknown>[] = [];
const NOW = Math.floor(Date.now() / 1000);

// Six devices; names sort as: alpha, bravo, charlie, delta, echo, (none)
const REPORTS = [
  { mac: '00:1A:11:00:00:01', name: 'charlie', model: 'm1', signal: -40, channel: '6', freqKhz: 2437000, time: NOW - 100, length: 100 },
  { mac: '00:1A:11:00:00:02', name: 'alpha', model: 'm2', signal: -70, channel: '1', time: NOW - 50 },
  { mac: 'AA:BB:CC:00:00:03', name: 'echo', model: 'Linksys WRT', signal: -60, channel: '11', time: NOW - 10 },
  { mac: 'AA:BB:CC:00:00:04', name: 'bravo', time: NOW - 5 },
  { mac: 'AA:BB:CD:00:00:05', name: 'delta', time: NOW - 1 },
  { mac: '02:00:00:00:00:06', time: NOW - 1000 },
];

test.before(async () => {
  t = await createTestService({
    plugins: [testPhyPlugin],
    config: { view: ['linksys:Linksys devices:test.device/test.device.model:^Linksys', 'bad-signal::svc.device.base.name:^(alpha|bravo)$'] },
    log: createLogger({ write: () => {} }),
  });
  t.svc.hooks.deviceCreated.tap('test', (device) => created.push(device.key));
  t.svc.hooks.deviceUpdated.tap('test', (device) => updated.push(device.key));
  t.svc.events.subscribe('NEW_DEVICE', (_topic, payload) => newDeviceEvents.push(payload as Record<string, unknown>));
  source = new TestSource(t.svc, '11111111-1111-1111-1111-111111111111');
  other = new TestSource(t.svc, '22222222-2222-2222-2222-222222222222');
  for (const report of REPORTS) source.send(report);
  source.send({ ...REPORTS[0]!, signal: -30, time: NOW - 90 });
  other.send({ mac: '00:1A:11:00:00:02', name: 'alpha', time: NOW - 40 });
});
test.after(async () => t.close());

const keyOf = (mac: string) => `${t.svc.devices.phy('TESTPHY')!.keyPrefix}_${mac.replaceAll(':', '')}`;
const post = async (path: string, dictionary: Record<string, unknown>, extra: Record<string, string> = {}) => {
  const response = await t.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8' },
    body: new URLSearchParams({ json: JSON.stringify(dictionary), ...extra }).toString(),
  });
  return { status: response.status, body: (await response.json()) as any };
};

test('packets through the chain create devices once and update them; hooks and NEW_DEVICE fire', () => {
  assert.is(t.svc.devices.size, 6);
  assert.is(created.length, 6);
  assert.equal(updated, [keyOf('00:1A:11:00:00:01'), keyOf('00:1A:11:00:00:02')]);
  assert.is(newDeviceEvents.length, 6);
  assert.is(newDeviceEvents[0]!['svc.device.base.key'], keyOf('00:1A:11:00:00:01'));
});

test('a device record has the base fields, its PHY sub-record, and no fields it never used', async () => {
  const { status, body } = await post(`/devices/by-key/${keyOf('00:1A:11:00:00:01')}/device.json`, {});
  assert.is(status, 200);
  assert.is(body['svc.device.base.macaddr'], '00:1A:11:00:00:01');
  assert.is(body['svc.device.base.phyname'], 'TESTPHY');
  assert.is(body['svc.device.base.name'], 'charlie');
  assert.is(body['svc.device.base.commonname'], 'charlie');
  assert.is(body['svc.device.base.manuf'], 'Google, Inc.');
  assert.is(body['svc.device.base.packets.total'], 2);
  assert.is(body['svc.device.base.datasize'], 200);
  assert.is(body['svc.device.base.first_time'], NOW - 100);
  assert.is(body['svc.device.base.last_time'], NOW - 90);
  assert.is(body['svc.device.base.channel'], '6');
  assert.is(body['svc.device.base.frequency'], 2437000);
  assert.equal(body['svc.device.base.freq_khz_map'], { '2437000': 2 });
  assert.is(body['svc.device.base.signal']['svc.common.signal.last_signal'], -30);
  assert.is(body['svc.device.base.signal']['svc.common.signal.min_signal'], -40);
  assert.is(body['svc.device.base.signal']['svc.common.signal.max_signal'], -30);
  assert.is(body['svc.device.packets_rrd']['svc.common.rrd.minute_vec'].length, 60);
  assert.equal(body['test.device'], { 'test.device.model': 'm1' });
  assert.equal(body['svc.device.base.seenby'].map((seen: any) => [seen['svc.common.seenby.uuid'], seen['svc.common.seenby.num_packets']]), [['11111111-1111-1111-1111-111111111111', 2]]);
  for (const absent of ['svc.device.base.username', 'svc.device.base.tags', 'svc.device.base.location', 'svc.device.base.related_devices', 'svc.device.base.packets.rrd']) {
    assert.not.ok(absent in body, `${absent} should be absent`);
  }
  const bare = (await post(`/devices/by-key/${keyOf('02:00:00:00:00:06')}/device.json`, {})).body;
  assert.not.ok('svc.device.base.signal' in bare, 'a device never measured has no signal record');
  assert.not.ok('test.device' in bare, 'nor a sub-record its PHY never filled');
  assert.is(bare['svc.device.base.commonname'], '02:00:00:00:00:06', 'common name falls back to the MAC');
});

test('device keys: malformed is 400, well-formed unknown is 404', async () => {
  assert.is((await post('/devices/by-key/nonsense/device.json', {})).status, 400);
  assert.is((await post(`/devices/by-key/${keyOf('00:00:00:00:00:99')}/device.json`, {})).status, 404);
});

test('views: all_views lists all, phy, seenby, PHY-defined and config views with sizes', async () => {
  const views = (await t.request('/devices/views/all_views.json').then((r) => r.json())) as any[];
  const sizes = Object.fromEntries(views.map((view) => [view['svc.devices.view.id'], view['svc.devices.view.size']]));
  assert.is(sizes.all, 6);
  assert.is(sizes['phy-TESTPHY'], 6);
  assert.is(sizes['seenby-11111111-1111-1111-1111-111111111111'], 6);
  assert.is(sizes['seenby-22222222-2222-2222-2222-222222222222'], 1);
  assert.is(sizes['test-named'], 5);
  assert.is(sizes.linksys, 1);
  assert.is(sizes['bad-signal'], 2);
  assert.ok(views.every((view) => view['svc.devices.view.indexed'] === 1 && typeof view['svc.devices.view.description'] === 'string'));
  assert.is((await post('/devices/views/nope/devices.json', {})).status, 404);
  // PHY views are also served under /devices/views/phy/<PHYNAME>/.
  assert.is(((await t.request('/devices/views/phy/TESTPHY/devices.json').then((r) => r.json())) as unknown[]).length, 6);
  assert.equal(await t.request(`/devices/views/phy/TESTPHY/last-time/${NOW - 5}/devices.json`).then((r) => r.json()), await t.request(`/devices/views/phy-TESTPHY/last-time/${NOW - 5}/devices.json`).then((r) => r.json()));
  assert.is((await t.request('/devices/views/phy/NOPHY/devices.json')).status, 404);
});

test('fields (spec 4.1): names, paths, aliases, missing -> 0, same final name once', async () => {
  const { body } = await post('/devices/views/linksys/devices.json', {
    fields: [
      'svc.device.base.name',
      'svc.device.base.signal/svc.common.signal.last_signal',
      ['test.device/test.device.model', 'model'],
      'svc.device.base.location/svc.common.location.last',
      'no.such.field',
      ['svc.device.base.key', 'same'],
      ['svc.device.base.macaddr', 'same'],
    ],
  });
  assert.equal(body, [
    {
      'svc.device.base.name': 'echo',
      'svc.common.signal.last_signal': -60,
      model: 'Linksys WRT',
      'svc.common.location.last': 0,
      'no.such.field': 0,
      same: 'AA:BB:CC:00:00:03',
    },
  ]);
  const bad = await post('/devices/views/all/devices.json', { fields: [['a', 'b', 'c']] });
  assert.equal([bad.status, bad.body.code], [400, 'SVC_ERR_BAD_FIELDS']);
});

test('regex (spec 4.1): nested pairs, any pair matches, expansion through lists; a bare pair or bad regex is 400', async () => {
  const names = (body: any[]) => body.map((device) => device['svc.device.base.name']).sort();
  const one = await post('/devices/views/all/devices.json', { fields: ['svc.device.base.name'], regex: [['svc.device.base.name', '^al']] });
  assert.equal(names(one.body), ['alpha']);
  const any = await post('/devices/views/all/devices.json', { fields: ['svc.device.base.name'], regex: [['svc.device.base.name', '^al'], ['test.device/test.device.model', 'Linksys']] });
  assert.equal(names(any.body), ['alpha', 'echo']);
  const throughList = await post('/devices/views/all/devices.json', {
    fields: ['svc.device.base.name'],
    regex: [['svc.device.base.seenby/svc.common.seenby.uuid', '^2222']],
  });
  assert.equal(names(throughList.body), ['alpha']);
  const bare = await post('/devices/views/all/devices.json', { regex: ['svc.device.base.name', '^al'] });
  assert.equal([bare.status, bare.body.code], [400, 'SVC_ERR_BAD_REQUEST']);
  const broken = await post('/devices/views/all/devices.json', { regex: [['svc.device.base.name', '(unclosed']] });
  assert.is(broken.status, 400);
  assert.match(broken.body.error, 'invalid regex');
});

test('datatables: window, draw, totals, search, sort both ways, json and form variables together', async () => {
  const dictionary = { datatable: true, fields: ['svc.device.base.name', 'svc.device.base.macaddr'], colmap: { '1': ['svc.device.base.name'] } };
  const ascending = await post('/devices/views/all/devices.json', dictionary, { start: '0', length: '3', draw: '7', 'order[0][column]': '1', 'order[0][dir]': 'asc' });
  assert.equal(Object.keys(ascending.body), ['draw', 'data', 'recordsTotal', 'recordsFiltered']);
  assert.equal([ascending.body.draw, ascending.body.recordsTotal, ascending.body.recordsFiltered], [7, 6, 6]);
  assert.equal(ascending.body.data.map((d: any) => d['svc.device.base.name']), ['', 'alpha', 'bravo']);
  const descending = await post('/devices/views/all/devices.json', dictionary, { start: '1', length: '2', 'order[0][column]': '1', 'order[0][dir]': 'desc' });
  assert.equal(descending.body.data.map((d: any) => d['svc.device.base.name']), ['delta', 'charlie']);
  const searched = await post('/devices/views/all/devices.json', dictionary, { 'search[value]': 'AA:BB:C', length: '10' });
  assert.equal([searched.body.recordsTotal, searched.body.recordsFiltered], [6, 3]);
  const pastEnd = await post('/devices/views/all/devices.json', dictionary, { start: '50', length: '10' });
  assert.equal(pastEnd.body.data, []);
  const everything = await post('/devices/views/all/devices.json', dictionary, { length: '0' });
  assert.is(everything.body.data.length, 6);
  const badStart = await post('/devices/views/all/devices.json', dictionary, { start: '-1' });
  assert.is(badStart.status, 400);
});

test('regex is PCRE-compatible: (?i), (?s), (?m), (?x) prefixes work; PCRE-only syntax and over-long patterns are 400s naming why', async () => {
  const names = (body: any[]) => body.map((device) => device['svc.device.base.name']).sort();
  const caseless = await post('/devices/views/all/devices.json', { fields: ['svc.device.base.name'], regex: [['test.device/test.device.model', '(?i)^linksys']] });
  assert.equal([caseless.status, names(caseless.body)], [200, ['echo']]);
  const extended = await post('/devices/views/all/devices.json', { fields: ['svc.device.base.name'], regex: [['svc.device.base.name', '(?x) ^ (alpha | bravo) $ # two of them']] });
  assert.equal(names(extended.body), ['alpha', 'bravo']);
  const multiline = await post('/devices/views/all/devices.json', { fields: ['svc.device.base.name'], regex: [['svc.device.base.name', '(?ms)^e.*o$']] });
  assert.equal(names(multiline.body), ['echo']);
  const lookahead = await post('/devices/views/all/devices.json', { regex: [['svc.device.base.name', 'al(?=pha)']] });
  assert.equal([lookahead.status, lookahead.body.code], [400, 'SVC_ERR_BAD_REQUEST']);
  assert.match(lookahead.body.error, 'regex[0]: lookahead (?=...) is PCRE syntax svc does not run');
  const longPattern = await post('/devices/views/all/devices.json', { regex: [['svc.device.base.name', 'a'.repeat(5000)]] });
  assert.equal([longPattern.status, longPattern.body.code], [400, 'SVC_ERR_BAD_REQUEST']);
  const manyPairs = await post('/devices/views/all/devices.json', { regex: Array.from({ length: 65 }, () => ['svc.device.base.name', 'a']) });
  assert.equal([manyPairs.status, manyPairs.body.error], [400, "'regex' has 65 pairs; the limit is 64"]);
  const longSearch = await post('/devices/views/all/devices.json', { datatable: true }, { 'search[value]': 'x'.repeat(5000) });
  assert.equal([longSearch.status, longSearch.body.error], [400, 'the search term is 5000 characters long; the limit is 1024']);
});

test('datatables variables in a JSON body, flat or nested as the datatables component sends them, give the answer form variables give', async () => {
  const dictionary = { datatable: true, fields: ['svc.device.base.name'], colmap: { '1': ['svc.device.base.name'] } };
  const viaForm = await post('/devices/views/all/devices.json', dictionary, { start: '1', length: '2', draw: '4', 'search[value]': 'a', 'order[0][column]': '1', 'order[0][dir]': 'desc' });
  assert.equal(viaForm.body.data.map((d: any) => d['svc.device.base.name']), ['charlie', 'bravo']);
  const json = async (body: Record<string, unknown>) => {
    const response = await t.request('/devices/views/all/devices.json', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return { status: response.status, body: (await response.json()) as any };
  };
  const flat = await json({ ...dictionary, start: 1, length: 2, draw: 4, 'search[value]': 'a', 'order[0][column]': '1', 'order[0][dir]': 'desc' });
  assert.equal(flat.body, viaForm.body);
  const nested = await json({ ...dictionary, start: '1', length: '2', draw: 4, search: { value: 'a', regex: false }, order: [{ column: 1, dir: 'desc' }] });
  assert.equal(nested.body, viaForm.body);
  const badLength = await json({ ...dictionary, length: -3 });
  assert.equal([badLength.status, badLength.body.error], [400, "'length' must be a whole number >= 0, got '-3'"]);
  const badDraw = await json({ ...dictionary, draw: [1] });
  assert.is(badDraw.status, 400);
});

test('generic paging: page, length, sort, sort_dir, search', async () => {
  const { body } = await post('/devices/views/all/devices.json', { fields: ['svc.device.base.name'] }, { page: '1', length: '2', sort: 'svc.device.base.name', sort_dir: 'asc' });
  assert.equal(Object.keys(body), ['data', 'last_page', 'last_row', 'total_row']);
  assert.equal(body.data.map((d: any) => d['svc.device.base.name']), ['bravo', 'charlie']);
  assert.equal([body.last_page, body.last_row, body.total_row], [3, 6, 6]);
});

test('last-time: view (>=) and global (>) with absolute and negative timestamps', async () => {
  const names = async (path: string) =>
    ((await t.request(path).then((r) => r.json())) as any[]).map((device) => device['svc.device.base.name']).sort();
  assert.equal(await names(`/devices/views/all/last-time/${NOW - 5}/devices.json`), ['bravo', 'delta']);
  assert.equal(await names(`/devices/last-time/${NOW - 5}/devices.json`), ['delta']);
  // Relative to now: 60 s before the devices' clock (NOW), however long the tests before this one took.
  const recent = await names(`/devices/views/all/last-time/-${Math.floor(Date.now() / 1000) - NOW + 60}/devices.json`);
  assert.ok(recent.includes('echo') && !recent.includes('charlie'), recent.join());
  assert.is((await t.request('/devices/views/all/last-time/soon/devices.json')).status, 400);
});

test('by-mac, multimac with masks, multikey and as-object', async () => {
  const byMac = (await t.request('/devices/by-mac/aa-bb-cc-00-00-03/devices.json').then((r) => r.json())) as any[];
  assert.equal(byMac.map((device) => device['svc.device.base.name']), ['echo']);
  assert.is((await t.request('/devices/by-mac/zz/devices.json')).status, 400);
  const masked = await post('/devices/multimac/devices.json', { devices: ['AA:BB:CC:00:00:00/FF:FF:FF:00:00:00', '02:00:00:00:00:06'], fields: ['svc.device.base.macaddr'] });
  assert.equal(masked.body.map((d: any) => d['svc.device.base.macaddr']).sort(), ['02:00:00:00:00:06', 'AA:BB:CC:00:00:03', 'AA:BB:CC:00:00:04']);
  assert.is((await post('/devices/multimac/devices.json', { devices: ['nope'] })).status, 400);
  const keys = [keyOf('00:1A:11:00:00:01'), `${keyOf('00:1A:11:00:00:01').slice(0, 17)}FFFFFFFFFFFF`, keyOf('AA:BB:CD:00:00:05')];
  const multikey = await post('/devices/multikey/devices.json', { devices: keys, fields: ['svc.device.base.name'] });
  assert.equal(multikey.body, [{ 'svc.device.base.name': 'charlie' }, { 'svc.device.base.name': 'delta' }]);
  const asObject = await post('/devices/multikey/as-object/devices.json', { devices: keys, fields: ['svc.device.base.name'] });
  assert.equal(Object.keys(asObject.body), [keys[0], keys[2]]);
});

test('all_devices.ekjson: one device per line, no dotted field names', async () => {
  const text = await t.request('/devices/all_devices.ekjson').then((r) => r.text());
  const lines = text.trimEnd().split('\n');
  assert.is(lines.length, 6);
  for (const line of lines) assert.not.match(Object.keys(JSON.parse(line)).join(' '), '.');
  assert.type(JSON.parse(lines[0]!).svc_device_base_key, 'string');
});

test('set_name and set_tag (admin) change the record; readonly logins get 403', async () => {
  const key = keyOf('AA:BB:CC:00:00:04');
  const named = await post(`/devices/by-key/${key}/set_name.cmd`, { username: 'my router' });
  assert.is(named.status, 200);
  assert.is(named.body['svc.device.base.username'], 'my router');
  assert.is(named.body['svc.device.base.commonname'], 'my router');
  const tagged = await post(`/devices/by-key/${key}/set_tag.cmd`, { tagname: 'owner', tagvalue: 'lab' });
  assert.equal(tagged.body['svc.device.base.tags'], { owner: 'lab' });
  const untagged = await post(`/devices/by-key/${key}/set_tag.cmd`, { tagname: 'owner', tagvalue: '' });
  assert.not.ok('svc.device.base.tags' in untagged.body);
  assert.is((await post(`/devices/by-key/${key}/set_name.cmd`, {})).status, 400);
  const token = await (await t.command('/auth/apikey/generate.cmd', { name: 'ro', role: 'readonly' })).text();
  const forbidden = await t.request(`/devices/by-key/${key}/set_name.cmd`, {
    method: 'POST',
    auth: false,
    headers: { cookie: `SVC=${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'x' }),
  });
  assert.is(forbidden.status, 403);
});

test('phy/all_phys counts devices and packets per PHY', async () => {
  const phys = (await t.request('/phy/all_phys.json').then((r) => r.json())) as any[];
  assert.equal(phys, [{ 'svc.phy.phy_name': 'TESTPHY', 'svc.phy.phy_id': 1, 'svc.phy.device_count': 6, 'svc.phy.packet_count': 8 }]);
});

test('status reports the device count', async () => {
  const status = (await t.request('/system/status.json').then((r) => r.json())) as any;
  assert.is(status['svc.system.devices.count'], 6);
});

test.run();
