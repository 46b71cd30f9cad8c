/**
 * Kismet's watchlist routes, `/devices/alerts/mac/{found|lost|both}/...`: Kismet's `mac` and
 * `macs` keys, svc's names, the MAC list and the entry records, roles, and a fuzz of entry
 * definitions that must each get a 400 with a sentence and change nothing.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createLogger } from '../../logger.js';
import { createTestService, mutateText, seededRandom, TestSource, testPhyPlugin, type TestService } from '../../testing/index.js';

let t: TestService;
let readonly: string;
test.before(async () => {
  t = await createTestService({ plugins: [testPhyPlugin], config: { devicefound: '00:11:22:33:44:55,from config' }, log: createLogger({ write: () => {} }) });
  readonly = (await (await t.command('/auth/apikey/generate.cmd', { name: 'ro', role: 'readonly' })).text()).trim();
});
test.after(async () => t.close());

const body = async (response: Response) => ({ status: response.status, json: (await response.json()) as any });
const json = (path: string, dictionary: unknown, cookie?: string) =>
  t.request(path, { method: 'POST', headers: { 'content-type': 'application/json', ...(cookie ? { cookie: `SVC=${cookie}` } : {}) }, body: JSON.stringify(dictionary), auth: cookie ? false : undefined });

test('add.cmd takes mac, macs (strings or {mac, name}) and name; macs.json lists MAC strings as Kismet does; entries.json the records', async () => {
  const added = await body(await t.command('/devices/alerts/mac/found/add.cmd', { mac: '70:4c:a5:00:00:00/ff:ff:ff:00:00:00', name: 'cameras', macs: ['02:00:00:00:00:01', { mac: 'AA:BB:CC', name: 'printers' }] }));
  assert.is(added.status, 200);
  assert.equal(
    added.json.map((entry: any) => [entry['svc.watchlist.entry.mac'], entry['svc.watchlist.entry.name'], entry['svc.watchlist.entry.type'], entry['svc.watchlist.entry.origin']]),
    [
      ['70:4C:A5:00:00:00/FF:FF:FF:00:00:00', 'cameras', 'found', 'api'],
      ['02:00:00:00:00:01', 'cameras', 'found', 'api'],
      ['AA:BB:CC:00:00:00/FF:FF:FF:00:00:00', 'printers', 'found', 'api'],
    ],
  );
  assert.is((await t.command('/devices/alerts/mac/both/add.cmd', { mac: '02:00:00:00:00:02' })).status, 200);
  const found = (await body(await t.request('/devices/alerts/mac/found/macs.json'))).json;
  assert.equal(found, ['00:11:22:33:44:55', '70:4C:A5:00:00:00/FF:FF:FF:00:00:00', '02:00:00:00:00:01', 'AA:BB:CC:00:00:00/FF:FF:FF:00:00:00', '02:00:00:00:00:02']);
  assert.equal((await body(await t.request('/devices/alerts/mac/lost/macs.json'))).json, ['02:00:00:00:00:02']);
  assert.is((await body(await t.request('/devices/alerts/mac/both/macs.json'))).json.length, 5, 'both: each MAC once');
  const entries = (await body(await t.request('/devices/alerts/mac/both/entries.json'))).json as any[];
  assert.is(entries.length, 6);
  assert.equal(entries[0], {
    'svc.watchlist.entry.mac': '00:11:22:33:44:55',
    'svc.watchlist.entry.type': 'found',
    'svc.watchlist.entry.name': 'from config',
    'svc.watchlist.entry.origin': 'config',
    'svc.watchlist.entry.last_alert': 0,
  });
  // Adding again renames; the device the entry matches raises DEVICEFOUND with the new name.
  await t.command('/devices/alerts/mac/found/add.cmd', { mac: '02:00:00:00:00:01', name: 'tablet' });
  new TestSource(t.svc).send({ mac: '02:00:00:00:00:01' });
  const alert = t.svc.alerts.all().find((entry) => entry['svc.alert.header'] === 'DEVICEFOUND');
  assert.is(alert?.['svc.alert.text'], 'Monitored device "tablet" 02:00:00:00:00:01 (02:00:00:00:00:01) has been found.');
  const after = (await body(await t.request('/devices/alerts/mac/found/entries.json'))).json as any[];
  assert.is(after.find((entry) => entry['svc.watchlist.entry.mac'] === '02:00:00:00:00:01')['svc.watchlist.entry.last_alert'], alert!['svc.alert.timestamp']);
});

test('remove.cmd removes from one list or both; a MAC on no list is 404, a config entry 409, and nothing changes then', async () => {
  assert.is((await t.command('/devices/alerts/mac/lost/remove.cmd', { mac: '02:00:00:00:00:02' })).status, 200);
  assert.equal((await body(await t.request('/devices/alerts/mac/lost/macs.json'))).json, []);
  const missing = await body(await t.command('/devices/alerts/mac/found/remove.cmd', { macs: ['02:00:00:00:00:02', '0E:00:00:00:00:00'] }));
  assert.equal([missing.status, missing.json.code], [404, 'SVC_ERR_NOT_FOUND']);
  assert.match(missing.json.error, '0E:00:00:00:00:00 is not on the found list');
  assert.ok(t.svc.watchlist.match('found', 0x020000000002), 'the listed MAC before it was not removed');
  const config = await body(await t.command('/devices/alerts/mac/found/remove.cmd', { mac: '00:11:22:33:44:55' }));
  assert.equal([config.status, config.json.code], [409, 'SVC_ERR_CONFLICT']);
  assert.is((await t.command('/devices/alerts/mac/both/remove.cmd', { macs: ['02:00:00:00:00:02', 'AA:BB:CC:00:00:00/24'] })).status, 200);
  assert.equal((await body(await t.request('/devices/alerts/mac/found/macs.json'))).json, ['00:11:22:33:44:55', '70:4C:A5:00:00:00/FF:FF:FF:00:00:00', '02:00:00:00:00:01']);
});

test('reading takes readonly, changing takes admin', async () => {
  for (const path of ['/devices/alerts/mac/found/macs.json', '/devices/alerts/mac/both/entries.json']) {
    assert.is((await t.request(path, { auth: false, headers: { cookie: `SVC=${readonly}` } })).status, 200);
    assert.is((await t.request(path, { auth: false })).status, 401);
  }
  for (const path of ['/devices/alerts/mac/found/add.cmd', '/devices/alerts/mac/found/remove.cmd']) {
    const refused = await body(await json(path, { mac: '02:00:00:00:00:01' }, readonly));
    assert.equal([refused.status, refused.json.code], [403, 'SVC_ERR_FORBIDDEN']);
  }
  assert.ok(t.svc.watchlist.match('found', 0x020000000001));
});

test('bad definitions are 400s with a sentence: types, masks, OUIs, names, keys, JSON', async () => {
  const before = JSON.stringify(t.svc.watchlist.entries().map((entry) => [entry.type, entry.prefix, entry.name]));
  const cases: [string, unknown, string][] = [
    ['/devices/alerts/mac/seen/add.cmd', { mac: '02:00:00:00:00:09' }, "unknown watchlist 'seen': expected found, lost or both"],
    ['/devices/alerts/mac/seen/macs.json', undefined, 'expected found, lost or both'],
    ['/devices/alerts/mac/found/add.cmd', {}, "expected a MAC in 'mac' or a list in 'macs'"],
    ['/devices/alerts/mac/found/add.cmd', { mac: 'AA:BB:CC:00:00:00/FF:00:FF:00:00:00' }, 'with holes'],
    ['/devices/alerts/mac/found/add.cmd', { mac: 'AA:BB' }, 'is not a MAC'],
    ['/devices/alerts/mac/found/add.cmd', { mac: 'AA:BB:CC:DD:00:00/16' }, 'bits set outside'],
    ['/devices/alerts/mac/found/add.cmd', { mac: 12 }, "'mac' must be a MAC string"],
    ['/devices/alerts/mac/found/add.cmd', { macs: 'AA:BB:CC:DD:EE:FF' }, "'macs' must be a list"],
    ['/devices/alerts/mac/found/add.cmd', { macs: ['AA:BB:CC:DD:EE:FF', 'nope'] }, "'macs[1]'"],
    ['/devices/alerts/mac/found/add.cmd', { macs: [{ name: 'x' }] }, "'macs[0]'.mac"],
    ['/devices/alerts/mac/found/add.cmd', { mac: 'AA:BB:CC:DD:EE:FF', name: 'two\nlines' }, 'control characters'],
    ['/devices/alerts/mac/found/add.cmd', { mac: 'AA:BB:CC:DD:EE:FF', name: 7 }, "'name' must be a string"],
    ['/devices/alerts/mac/found/add.cmd', { mac: 'AA:BB:CC:DD:EE:FF', name: 'n'.repeat(201) }, 'at most 200'],
    ['/devices/alerts/mac/found/add.cmd', { mac: 'AA:BB:CC', macs: ['AA:BB:CC:00:00:00/24'] }, 'is given twice'],
    ['/devices/alerts/mac/found/remove.cmd', { macs: [] }, "expected a MAC in 'mac'"],
  ];
  for (const [path, dictionary, words] of cases) {
    const answer = await body(dictionary === undefined ? await t.request(path) : await json(path, dictionary));
    assert.is(answer.status, 400, `${path} ${JSON.stringify(dictionary)}: ${JSON.stringify(answer.json)}`);
    assert.match(answer.json.error, words, JSON.stringify(dictionary));
  }
  const badJson = await body(await t.request('/devices/alerts/mac/found/add.cmd', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"mac": ' }));
  assert.equal([badJson.status, badJson.json.code], [400, 'SVC_ERR_BAD_JSON']);
  assert.is(JSON.stringify(t.svc.watchlist.entries().map((entry) => [entry.type, entry.prefix, entry.name])), before, 'nothing changed');
});

test('fuzz: mutated entry definitions are a 200 or a 400 (409 for the config MAC), never anything else', async () => {
  const random = seededRandom(611);
  const seeds = ['{"mac": "70:4C:A5:00:00:00/FF:FF:FF:00:00:00", "name": "cams"}', '{"macs": ["AA:BB:CC", {"mac": "02:00:00:00:00:05", "name": "x"}]}', '{"mac": "0A:0B:0C:0D:0E:0F/40"}'];
  let accepted = 0;
  for (let round = 0; round < 400; round++) {
    const type = ['found', 'lost', 'both'][round % 3];
    const text = mutateText(seeds[round % seeds.length]!, random);
    const response = await t.request(`/devices/alerts/mac/${type}/add.cmd`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: text });
    const answer = await response.text();
    assert.ok([200, 400, 409].includes(response.status), `${text}: ${response.status} ${answer}`);
    if (response.status === 200) accepted++;
    else assert.match((JSON.parse(answer) as { error: string }).error, /\w/);
  }
  assert.ok(accepted > 10, `${accepted} accepted`);
  assert.is((await t.request('/devices/alerts/mac/both/entries.json')).status, 200);
});

test.run();
