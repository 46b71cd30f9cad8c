/**
 * The `/filters` routes: svc's rule routes and Kismet's packet filter routes over one table,
 * their roles, and a fuzz of rule definitions (bad masks, OUIs, actions, PHYs, JSON) that must
 * each get a 400 with a sentence while the server and its rules stay as they were.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { formatFilterMatch } from '../../filters/filter-rule.js';
import { createLogger } from '../../logger.js';
import { createTestService, mutateText, seededRandom, TestSource, testPhyPlugin, type TestService } from '../../testing/index.js';

let t: TestService;
let readonly: string;
test.before(async () => {
  t = await createTestService({ plugins: [testPhyPlugin], config: { ingest_filter: 'any,randomized,block' }, log: createLogger({ write: () => {} }) });
  readonly = (await (await t.command('/auth/apikey/generate.cmd', { name: 'ro', role: 'readonly' })).text()).trim();
});
test.after(async () => t.close());

const body = async (response: Response) => ({ status: response.status, json: (await response.json()) as any });
const json = (path: string, dictionary: unknown, cookie?: string) =>
  t.request(path, { method: 'POST', headers: { 'content-type': 'application/json', ...(cookie ? { cookie: `SVC=${cookie}` } : {}) }, body: JSON.stringify(dictionary), auth: cookie ? false : undefined });

test('add_rule, filter.json and rules.json: the rule with its counts; a rule on a PHY drops that PHY\'s devices', async () => {
  const added = await body(await t.command('/filters/ingest/add_rule.cmd', { cmd: 'add', match: '00:11:22', action: 'block', phy: 'TESTPHY' }));
  assert.is(added.status, 200);
  assert.equal(added.json, {
    'svc.ingestfilter.rule.phy': 'TESTPHY',
    'svc.ingestfilter.rule.kind': 'oui',
    'svc.ingestfilter.rule.match': '00:11:22',
    'svc.ingestfilter.rule.action': 'block',
    'svc.ingestfilter.rule.origin': 'api',
    'svc.ingestfilter.rule.dropped_packets': 0,
    'svc.ingestfilter.rule.dropped_devices': 0,
    'svc.ingestfilter.rule.dropped_devices_exact': 1,
  });
  const source = new TestSource(t.svc);
  for (const mac of ['00:11:22:00:00:01', '00:11:22:00:00:01', '00:11:22:00:00:02', '0A:00:00:00:00:03', '00:55:66:00:00:04']) source.send({ mac });
  const filter = (await body(await t.request('/filters/ingest/filter.json'))).json;
  assert.is(filter['svc.ingestfilter.default'], 'pass');
  assert.equal([filter['svc.ingestfilter.dropped_packets'], filter['svc.ingestfilter.dropped_devices']], [4, 3]);
  assert.equal(
    filter['svc.ingestfilter.rules'].map((rule: any) => [rule['svc.ingestfilter.rule.match'], rule['svc.ingestfilter.rule.origin'], rule['svc.ingestfilter.rule.dropped_packets'], rule['svc.ingestfilter.rule.dropped_devices']]),
    [
      ['randomized', 'config', 1, 1],
      ['00:11:22', 'api', 3, 2],
    ],
  );
  const lines = (await (await t.request('/filters/ingest/rules.itjson')).text()).trim().split('\n');
  assert.equal(lines.map((line) => JSON.parse(line)['svc.ingestfilter.rule.match']), ['randomized', '00:11:22']);
  const devices = (await body(await t.request('/devices/views/all/devices.json'))).json as any[];
  assert.equal(devices.map((device) => device['svc.device.base.macaddr']), ['00:55:66:00:00:04']);
});

test('remove_rule, set_default; a config rule cannot be changed or removed (409); an unknown rule is 404', async () => {
  assert.is((await t.command('/filters/ingest/remove_rule.cmd', { match: '00:11:22:00:00:00/FF:FF:FF:00:00:00', phy: 'TESTPHY' })).status, 200);
  const missing = await body(await t.command('/filters/ingest/remove_rule.cmd', { match: '00:11:22', phy: 'TESTPHY' }));
  assert.equal([missing.status, missing.json.code], [404, 'SVC_ERR_NOT_FOUND']);
  const config = await body(await t.command('/filters/ingest/add_rule.cmd', { match: 'randomized', action: 'pass' }));
  assert.equal([config.status, config.json.code], [409, 'SVC_ERR_CONFLICT']);
  assert.match(config.json.error, 'change it there');
  assert.is((await t.command('/filters/ingest/remove_rule.cmd', { match: 'random' })).status, 409);
  const blocked = await body(await t.command('/filters/ingest/set_default.cmd', { default: 'block' }));
  assert.is(blocked.json['svc.ingestfilter.default'], 'block');
  assert.is(t.svc.devices.size, 0);
  assert.is((await t.command('/filters/ingest/set_default.cmd', { default: 'pass' })).status, 200);
});

test("Kismet's packet filter routes edit the same table: set_filter {MAC: bool}, remove_filter [MAC], set_default, filter.json", async () => {
  const set = await body(await t.command('/filters/packet/ingest/TESTPHY/any/set_filter.cmd', { filter: { 'AA:BB:CC:DD:EE:FF': true, 'AA:BB:CC:00:00:00/FF:FF:FF:00:00:00': false } }));
  assert.is(set.status, 200);
  assert.equal(set.json['svc.packetfilter.macaddr.blocks_by_phy'].TESTPHY['svc.packetfilter.macaddr.any'], {
    'AA:BB:CC:DD:EE:FF': 1,
    'AA:BB:CC:00:00:00/FF:FF:FF:00:00:00': 0,
  });
  assert.equal(
    t.svc.filters.rules().filter((rule) => rule.origin === 'api').map((rule) => [rule.phy, rule.match.kind, rule.action]),
    [
      ['TESTPHY', 'mac', 'block'],
      ['TESTPHY', 'mask', 'pass'],
    ],
  );
  const kismet = (await body(await t.request('/filters/packet/ingest/filter.json'))).json;
  assert.equal([kismet['svc.packetfilter.id'], kismet['svc.packetfilter.type'], kismet['svc.packetfilter.default']], ['ingest', 'mac_addr', 0]);
  assert.is((await t.command('/filters/packet/ingest/TESTPHY/any/remove_filter.cmd', { filter: ['AA:BB:CC:DD:EE:FF', 'AA:BB:CC:00:00:00/FF:FF:FF:00:00:00'] })).status, 200);
  assert.equal(t.svc.filters.rules().filter((rule) => rule.origin === 'api'), []);
  const other = await body(await t.command('/filters/packet/ingest/TESTPHY/source/set_filter.cmd', { filter: { 'AA:BB:CC:DD:EE:FF': true } }));
  assert.equal([other.status, other.json.code], [400, 'SVC_ERR_BAD_REQUEST']);
  assert.match(other.json.error, "use the block 'any'");
  const defaulted = await body(await t.command('/filters/packet/ingest/set_default.cmd', { default: 'reject' }));
  assert.is(defaulted.json['svc.packetfilter.default'], 1);
  assert.is((await t.command('/filters/packet/ingest/set_default.cmd', { default: false })).status, 200);
  assert.is(t.svc.filters.defaultAction, 'pass');
});

test('reading takes readonly, changing takes admin (403 for readonly, 401 without a login)', async () => {
  for (const path of ['/filters/ingest/filter.json', '/filters/ingest/rules.json', '/filters/packet/ingest/filter.json']) {
    assert.is((await t.request(path, { auth: false, headers: { cookie: `SVC=${readonly}` } })).status, 200, path);
    assert.is((await t.request(path, { auth: false })).status, 401, path);
  }
  for (const [path, dictionary] of [
    ['/filters/ingest/add_rule.cmd', { match: '00:11:22', action: 'block' }],
    ['/filters/ingest/remove_rule.cmd', { match: 'randomized' }],
    ['/filters/ingest/set_default.cmd', { default: 'block' }],
    ['/filters/packet/ingest/set_default.cmd', { default: 'block' }],
    ['/filters/packet/ingest/any/any/set_filter.cmd', { filter: { '00:11:22:33:44:55': true } }],
    ['/filters/packet/ingest/any/any/remove_filter.cmd', { filter: ['00:11:22:33:44:55'] }],
  ] as const) {
    const refused = await body(await json(path, dictionary, readonly));
    assert.equal([refused.status, refused.json.code], [403, 'SVC_ERR_FORBIDDEN'], path);
  }
  assert.is(t.svc.filters.rules().length, 1);
  assert.is(t.svc.filters.defaultAction, 'pass');
});

test('bad rule definitions are 400s with a sentence: masks, OUIs, actions, PHYs, types, JSON', async () => {
  const cases: [string, unknown, string][] = [
    ['/filters/ingest/add_rule.cmd', { match: 'AA:BB:CC:00:00:00/FF:00:FF:00:00:00', action: 'block' }, 'with holes'],
    ['/filters/ingest/add_rule.cmd', { match: 'AA:BB:CC:DD:00:00/16', action: 'block' }, 'bits set outside'],
    ['/filters/ingest/add_rule.cmd', { match: 'AA:BB:CC:00:00:00/64', action: 'block' }, 'outside 1 to 48'],
    ['/filters/ingest/add_rule.cmd', { match: 'AA:BB', action: 'block' }, 'an OUI (AA:BB:CC)'],
    ['/filters/ingest/add_rule.cmd', { match: 'ZZ:BB:CC', action: 'block' }, 'is not a MAC'],
    ['/filters/ingest/add_rule.cmd', { match: 'AA:BB:CC', action: 'sometimes' }, 'neither pass nor block'],
    ['/filters/ingest/add_rule.cmd', { match: 'AA:BB:CC', action: 'block', phy: 'NOPE' }, "no PHY named 'NOPE'"],
    ['/filters/ingest/add_rule.cmd', { match: 42, action: 'block' }, "'match' is required and must be a string"],
    ['/filters/ingest/add_rule.cmd', { action: 'block' }, "'match' is required"],
    ['/filters/ingest/add_rule.cmd', { match: 'AA:BB:CC' }, "'action' is required"],
    ['/filters/ingest/set_default.cmd', { default: 'maybe' }, "default 'maybe'"],
    ['/filters/packet/ingest/any/any/set_filter.cmd', { filter: ['AA:BB:CC:DD:EE:FF'] }, "'filter' must be a dictionary"],
    ['/filters/packet/ingest/any/any/set_filter.cmd', { filter: { 'AA:BB:CC:DD:EE:FF': 'perhaps' } }, 'neither pass nor block'],
    ['/filters/packet/ingest/any/any/set_filter.cmd', { filter: {} }, 'holds no MAC'],
    ['/filters/packet/ingest/any/nowhere/set_filter.cmd', { filter: { 'AA:BB:CC:DD:EE:FF': true } }, "unknown address block 'nowhere'"],
    ['/filters/packet/ingest/any/any/remove_filter.cmd', { filter: 'AA:BB:CC:DD:EE:FF' }, 'non-empty list'],
    ['/filters/packet/ingest/any/any/remove_filter.cmd', { filter: [7] }, 'as strings'],
    ['/filters/packet/ingest/set_default.cmd', {}, "'default' is required"],
  ];
  for (const [path, dictionary, words] of cases) {
    const answer = await body(await json(path, dictionary));
    assert.is(answer.status, 400, `${path} ${JSON.stringify(dictionary)}: ${JSON.stringify(answer.json)}`);
    assert.match(answer.json.error, words, JSON.stringify(dictionary));
    assert.ok(answer.json.code.startsWith('SVC_ERR_'));
  }
  const badJson = await body(await t.request('/filters/ingest/add_rule.cmd', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"match": "AA:BB:CC", "action": ' }));
  assert.equal([badJson.status, badJson.json.code], [400, 'SVC_ERR_BAD_JSON']);
  assert.is(t.svc.filters.rules().length, 1, 'no refused request left a rule behind');
});

test('fuzz: mutated rule definitions are a 200 or a 400, never anything else, and the server keeps answering', async () => {
  const random = seededRandom(2202);
  const seeds = [
    '{"match": "AA:BB:CC:00:00:00/FF:FF:FF:00:00:00", "action": "block", "phy": "TESTPHY"}',
    '{"match": "AA:BB:CC", "action": "pass"}',
    '{"match": "randomized", "action": "block", "phy": "any"}',
    '{"match": "AA:BB:CC:DD:EE:FF/40", "action": "deny"}',
  ];
  const statuses = new Map<number, number>();
  const matches = ['AA:BB:CC:00:00:00/FF:FF:FF:00:00:00', 'AA:BB:CC', 'randomized', 'AA:BB:CC:DD:EE:FF/40', '02:00:00:00:00:01'];
  for (let round = 0; round < 600; round++) {
    // Half the rounds break the JSON anywhere; half keep it valid and break the match itself.
    const text =
      round % 2
        ? mutateText(seeds[round % seeds.length]!, random)
        : JSON.stringify({ match: mutateText(matches[round % matches.length]!, random, ':/-0123456789abcdefFGx *'), action: round % 4 ? 'block' : 'pass' });
    const response = await t.request('/filters/ingest/add_rule.cmd', { method: 'POST', headers: { 'content-type': 'application/json' }, body: text });
    statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
    const answer = await response.text();
    assert.ok(response.status === 200 || response.status === 400 || response.status === 409, `${text}: ${response.status} ${answer}`);
    if (response.status !== 200) assert.match((JSON.parse(answer) as { error: string }).error, /\w/);
  }
  assert.ok((statuses.get(400) ?? 0) > 100, JSON.stringify([...statuses]));
  assert.ok((statuses.get(200) ?? 0) > 10, JSON.stringify([...statuses]));
  assert.is((await t.request('/filters/ingest/filter.json')).status, 200);
  // Each accepted rule is one the parser gives back in canonical form.
  for (const rule of t.svc.filters.rules().filter((entry) => entry.origin === 'api')) {
    const again = await body(await t.command('/filters/ingest/add_rule.cmd', { match: formatFilterMatch(rule.match), action: rule.action, phy: rule.phy }));
    assert.is(again.status, 200);
  }
});

test.run();
