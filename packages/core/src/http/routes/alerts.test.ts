import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createLogger } from '../../logger.js';
import { definePlugin } from '../../plugin.js';
import { createTestService, type TestService } from '../../testing/index.js';
import { virtualGpsType } from '../../gps/virtual-gps.js';

const phyPlugin = definePlugin({
  name: 'phy',
  apply(svc) {
    svc.hooks.phys.tap('phy', (phys) => phys.add({ name: 'TESTPHY', description: 'a PHY for alert tests' }));
  },
});

let t: TestService;
const events: unknown[] = [];
test.before(async () => {
  t = await createTestService({ plugins: [phyPlugin], config: { alert: 'CONFIGURED,1/min,1/sec' }, log: createLogger({ write: () => {} }) });
  t.svc.events.subscribe('ALERT', (_topic, payload) => events.push(payload));
});
test.after(async () => t.close());

const body = async (response: Response) => ({ status: response.status, json: (await response.json()) as any });

test('define_alert.cmd defines an alert, ignoring unknown keys; definitions.json lists it', async () => {
  const answer = await body(
    await t.command('/alerts/definitions/define_alert.cmd', {
      cmd: 'define',
      name: 'testalert',
      description: 'a test alert',
      throttle: '10/min',
      burst: '2/sec',
      severity: 10,
      phyname: 'TESTPHY',
      unknown: true,
    }),
  );
  assert.is(answer.status, 200);
  assert.is(answer.json['svc.alert.definition.header'], 'TESTALERT');
  const definitions = (await body(await t.request('/alerts/definitions.json'))).json as any[];
  const defined = definitions.find((definition) => definition['svc.alert.definition.header'] === 'TESTALERT');
  assert.equal(
    [defined['svc.alert.definition.limit_rate'], defined['svc.alert.definition.limit_unit'], defined['svc.alert.definition.limit_burst'], defined['svc.alert.definition.burst_unit']],
    [10, 1, 2, 0],
  );
});

test('a duplicate definition is 409; bad rates, severities and PHYs are 400; a missing key is 400', async () => {
  const define = (extra: Record<string, unknown>) =>
    t.command('/alerts/definitions/define_alert.cmd', { name: 'other', description: 'd', throttle: '1/min', burst: '1/sec', ...extra });
  assert.equal((await body(await define({ name: 'testalert' }))).json.code, 'SVC_ERR_CONFLICT');
  assert.is((await define({ name: 'TestAlert' })).status, 409);
  const badRate = await body(await define({ throttle: '5/fortnight' }));
  assert.equal([badRate.status, badRate.json.code], [400, 'SVC_ERR_BAD_RATE']);
  assert.match(badRate.json.error, "throttle '5/fortnight'");
  assert.is((await define({ burst: 'often' })).status, 400);
  assert.is((await define({ severity: 7 })).status, 400);
  assert.is((await define({ phyname: 'NOPHY' })).status, 400);
  const missing = await body(await t.command('/alerts/definitions/define_alert.cmd', { name: 'x', throttle: '1/min' }));
  assert.equal([missing.status, missing.json.code], [400, 'SVC_ERR_MISSING_KEY']);
});

test('raise_alert.cmd and raise_alerts.cmd raise; the alert reaches the backlog, the message bus and ALERT subscribers', async () => {
  const first = await body(await t.command('/alerts/raise_alert.cmd', { name: 'TESTALERT', text: 'first', bssid: 'aa-bb-cc-dd-ee-ff', channel: '6' }));
  assert.is(first.status, 200);
  assert.is(first.json['svc.alert.transmitter_mac'], 'AA:BB:CC:DD:EE:FF');
  assert.is(first.json['svc.alert.source_mac'], '00:00:00:00:00:00');
  assert.is((await t.command('/alerts/raise_alerts.cmd', { name: 'testalert', text: 'second' })).status, 200);
  const all = (await body(await t.request('/alerts/all_alerts.json'))).json as any[];
  assert.equal(all.map((alert) => alert['svc.alert.text']), ['first', 'second']);
  assert.equal(events.map((event: any) => event['svc.alert.text']), ['first', 'second']);
  assert.ok(t.svc.messages.all().some((message) => message['svc.messagebus.message_string'] === 'ALERT TESTALERT: first'));
  const byId = await body(await t.request(`/alerts/by-id/${all[0]['svc.alert.hash']}/alert.json`));
  assert.is(byId.json['svc.alert.text'], 'first');
  assert.is((await t.request('/alerts/by-id/999999/alert.json')).status, 404);
  const since = (await body(await t.request(`/alerts/last-time/${all[0]['svc.alert.timestamp']}/alerts.json`))).json as any[];
  assert.equal(since.map((alert) => alert['svc.alert.text']), ['second']);
});

test('the burst limit throttles with 429; unknown alerts are 404; bad MACs 400', async () => {
  const throttled = await body(await t.command('/alerts/raise_alerts.cmd', { name: 'TESTALERT', text: 'third' }));
  assert.equal([throttled.status, throttled.json.code], [429, 'SVC_ERR_ALERT_THROTTLED']);
  assert.is((await t.command('/alerts/raise_alerts.cmd', { name: 'NOPE', text: 'x' })).status, 404);
  assert.is((await t.command('/alerts/raise_alerts.cmd', { name: 'CONFIGURED', text: 'x', source: 'not-a-mac' })).status, 404);
});

test('alert= config lines override the throttle of an alert defined later', async () => {
  const defined = await body(await t.command('/alerts/definitions/define_alert.cmd', { name: 'configured', description: 'd', throttle: '100/min', burst: '100/sec' }));
  assert.equal([defined.json['svc.alert.definition.limit_rate'], defined.json['svc.alert.definition.limit_burst']], [1, 1]);
  const badMac = await body(await t.command('/alerts/raise_alerts.cmd', { name: 'CONFIGURED', text: 'x', source: 'not-a-mac' }));
  assert.equal([badMac.status, badMac.json.code], [400, 'SVC_ERR_BAD_REQUEST']);
  assert.is((await t.command('/alerts/raise_alerts.cmd', { name: 'CONFIGURED', text: 'once' })).status, 200);
  assert.is((await t.command('/alerts/raise_alerts.cmd', { name: 'CONFIGURED', text: 'twice' })).status, 429);
});

test('readonly logins cannot define or raise alerts', async () => {
  const token = await (await t.command('/auth/apikey/generate.cmd', { name: 'ro', role: 'readonly' })).text();
  const response = await t.request('/alerts/raise_alerts.cmd', {
    method: 'POST',
    auth: false,
    headers: { cookie: `SVC=${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'TESTALERT', text: 'nope' }),
  });
  assert.is(response.status, 403);
});

test('definitions.json lists the built-in alerts in Kismet\'s shape, with Kismet\'s class, severity and rates', async () => {
  const definitions = (await body(await t.request('/alerts/definitions.json'))).json as any[];
  const byName = new Map(definitions.map((definition) => [definition['svc.alert.definition.header'], definition]));
  const shape = (name: string) => {
    const definition = byName.get(name);
    assert.ok(definition, `${name} is defined`);
    return [
      definition['svc.alert.definition.class'],
      definition['svc.alert.definition.severity'],
      definition['svc.alert.definition.phyid'],
      definition['svc.alert.definition.limit_rate'],
      definition['svc.alert.definition.limit_unit'],
      definition['svc.alert.definition.limit_burst'],
      definition['svc.alert.definition.burst_unit'],
    ];
  };
  // datasourcetracker.cc: define_alert("SOURCEERROR", sat_second, 1, sat_second, 10), SYSTEM, high.
  assert.equal(shape('SOURCEERROR'), ['SYSTEM', 15, -1, 1, 0, 10, 0]);
  // devicetracker.cc: DEVICEFOUND / DEVICELOST have no line in kismet_alerts.conf, so Kismet's default 10/min, 1/sec.
  assert.equal(shape('DEVICEFOUND'), ['SYSTEM', 15, -1, 10, 1, 1, 0]);
  assert.equal(shape('DEVICELOST'), ['SYSTEM', 15, -1, 10, 1, 1, 0]);
  // Kismet's field order.
  assert.equal(Object.keys(byName.get('SOURCEERROR')).slice(0, 12), [
    'svc.alert.definition.header',
    'svc.alert.definition.class',
    'svc.alert.definition.severity',
    'svc.alert.definition.description',
    'svc.alert.definition.phyid',
    'svc.alert.definition.limit_unit',
    'svc.alert.definition.limit_rate',
    'svc.alert.definition.burst_unit',
    'svc.alert.definition.limit_burst',
    'svc.alert.definition.burst_sent',
    'svc.alert.definition.total_sent',
    'svc.alert.definition.time_last',
  ]);
  assert.is(byName.get('TESTALERT')['svc.alert.definition.phyid'], t.svc.devices.phy('TESTPHY')!.id);
});

test('wrapped/last-time answers {svc.alert.list, svc.alert.timestamp} with the alerts after the time and the server time', async () => {
  const all = (await body(await t.request('/alerts/all_alerts.json'))).json as any[];
  const before = Date.now() / 1000;
  const wrapped = (await body(await t.request(`/alerts/wrapped/last-time/${all[0]['svc.alert.timestamp']}/alerts.json`))).json;
  assert.equal(Object.keys(wrapped), ['svc.alert.list', 'svc.alert.timestamp']);
  assert.equal(
    wrapped['svc.alert.list'].map((alert: any) => alert['svc.alert.text']),
    all.slice(1).map((alert) => alert['svc.alert.text']),
  );
  assert.ok(wrapped['svc.alert.timestamp'] >= before - 1 && wrapped['svc.alert.timestamp'] <= Date.now() / 1000 + 1);
  const empty = (await body(await t.request(`/alerts/wrapped/last-time/${wrapped['svc.alert.timestamp'] + 60}/alerts.json`))).json;
  assert.equal(empty['svc.alert.list'], []);
  const relative = (await body(await t.request('/alerts/wrapped/last-time/-3600/alerts.json'))).json;
  assert.is(relative['svc.alert.list'].length, all.length);
  const bad = await body(await t.request('/alerts/wrapped/last-time/yesterday/alerts.json'));
  assert.equal([bad.status, bad.json.code], [400, 'SVC_ERR_BAD_TIMESTAMP']);
  const pretty = await (await t.request(`/alerts/wrapped/last-time/0/alerts.prettyjson`)).text();
  assert.match(pretty, '"description.svc.alert.list"');
  const noLogin = await t.request('/alerts/wrapped/last-time/0/alerts.json', { auth: false });
  assert.is(noLogin.status, 401);
});

test("alerts_view.json is Kismet's alert table: the backlog whole, or paged, searched and sorted; bad fields are 400", async () => {
  const all = (await body(await t.request('/alerts/all_alerts.json'))).json as any[];
  assert.equal(all.map((alert) => alert['svc.alert.text']), ['first', 'second', 'once'], 'the backlog the earlier tests raised');
  const whole = (await body(await t.request('/alerts/alerts_view.json'))).json as any[];
  assert.equal(whole, all);
  const fields = ['svc.alert.header', 'svc.alert.text'];
  const page = (await body(await t.command('/alerts/alerts_view.json?page=0&length=2&sort=svc.alert.text&sort_dir=desc', { fields }))).json;
  assert.equal(page, {
    data: [
      { 'svc.alert.header': 'TESTALERT', 'svc.alert.text': 'second' },
      { 'svc.alert.header': 'CONFIGURED', 'svc.alert.text': 'once' },
    ],
    last_page: 2,
    last_row: 3,
    total_row: 3,
  });
  const searched = (await body(await t.command('/alerts/alerts_view.json?page=0&length=10&search=configured', { fields }))).json;
  assert.equal([searched.data, searched.last_row, searched.total_row], [[{ 'svc.alert.header': 'CONFIGURED', 'svc.alert.text': 'once' }], 1, 3]);
  const table = (await body(await t.command('/alerts/alerts_view.json?start=1&length=1&draw=4', { datatable: true, fields }))).json;
  assert.equal(table, { draw: 4, data: [{ 'svc.alert.header': 'TESTALERT', 'svc.alert.text': 'second' }], recordsTotal: 3, recordsFiltered: 3 });
  const lines = (await (await t.request('/alerts/alerts_view.itjson')).text()).trim().split('\n');
  assert.is(lines.length, 3);
  const bad = await body(await t.command('/alerts/alerts_view.json', { fields: [['a', 'b', 'c']] }));
  assert.equal([bad.status, bad.json.code], [400, 'SVC_ERR_BAD_FIELDS']);
  assert.is((await t.request('/alerts/alerts_view.json', { auth: false })).status, 401);
});

test('disable_alert= turns built-in and later defined alerts off (rates 0, never raised); unknown names are warned about', async () => {
  const lines: string[] = [];
  const other = await createTestService({
    config: { disable_alert: ['sourceerror', 'LATER,NOSUCHALERT'] },
    log: createLogger({ level: 'warn', write: (line) => lines.push(line) }),
  });
  try {
    const definitions = (await body(await other.request('/alerts/definitions.json'))).json as any[];
    const sourceError = definitions.find((definition) => definition['svc.alert.definition.header'] === 'SOURCEERROR');
    assert.equal([sourceError['svc.alert.definition.limit_rate'], sourceError['svc.alert.definition.limit_burst']], [0, 0]);
    await other.command('/alerts/definitions/define_alert.cmd', { name: 'later', description: 'd', throttle: '10/min', burst: '5/sec' });
    const raised = await body(await other.command('/alerts/raise_alerts.cmd', { name: 'LATER', text: 'x' }));
    assert.equal([raised.status, raised.json.code], [429, 'SVC_ERR_ALERT_THROTTLED']);
    assert.equal(other.svc.alerts.all(), []);
    await other.svc.hooks.ready.promise();
    assert.ok(lines.some((line) => line.includes('NOSUCHALERT') && line.includes('no plugin defines')), lines.join('\n'));
    assert.not.ok(lines.some((line) => line.includes('names LATER')));
  } finally {
    await other.close();
  }
  for (const bad of ['DEAUTH FLOOD', 'X,,Y']) {
    try {
      await createTestService({ config: { disable_alert: bad }, log: createLogger({ write: () => {} }) });
      assert.unreachable(bad);
    } catch (error) {
      assert.match(String(error), `disable_alert=${bad}`);
    }
  }
});

test('an alert raised while a GPS has a valid fix carries svc.alert.location; without a fix it has none', async () => {
  const gpsPlugin = definePlugin({ name: 'virtual-gps', apply: (svc) => svc.hooks.gpsTypes.tap('virtual-gps', (types) => types.add(virtualGpsType)) });
  const other = await createTestService({ plugins: [gpsPlugin], log: createLogger({ write: () => {} }) });
  try {
    await other.command('/alerts/definitions/define_alert.cmd', { name: 'placed', description: 'd', throttle: '10/min', burst: '5/sec' });
    const without = await body(await other.command('/alerts/raise_alerts.cmd', { name: 'PLACED', text: 'no fix' }));
    assert.is(without.json['svc.alert.location'], undefined);
    await other.svc.gps.add('virtual:lat=52.2,lon=6.88,alt=40');
    other.svc.gps.refresh();
    const placed = await body(await other.command('/alerts/raise_alerts.cmd', { name: 'PLACED', text: 'fixed' }));
    const location = placed.json['svc.alert.location'];
    assert.equal(location['svc.common.location.geopoint'], [6.88, 52.2]);
    assert.is(location['svc.common.location.alt'], 40);
    assert.is(location['svc.common.location.valid'], 1);
    assert.ok(location['svc.common.location.fix'] >= 2);
    const described = await (await other.request('/alerts/all_alerts.prettyjson')).text();
    assert.match(described, '"description.svc.alert.location"');
  } finally {
    await other.close();
  }
});

test('mayRaise and tryRaise: the packet path asks before building a text, and a throttled alert is undefined, not an error', () => {
  t.svc.alerts.define({ name: 'QUIETLY', description: 'd', throttle: '5/min', burst: '1/sec' });
  assert.ok(t.svc.alerts.mayRaise('quietly'));
  assert.not.ok(t.svc.alerts.mayRaise('NOSUCHALERT'));
  assert.is(t.svc.alerts.tryRaise({ name: 'QUIETLY', text: 'first', sourceMac: '02:00:00:00:00:01' })?.['svc.alert.source_mac'], '02:00:00:00:00:01');
  assert.not.ok(t.svc.alerts.mayRaise('QUIETLY'), 'the burst of one is used');
  assert.is(t.svc.alerts.tryRaise({ name: 'QUIETLY', text: 'second' }), undefined);
  assert.throws(() => t.svc.alerts.tryRaise({ name: 'NOSUCHALERT', text: '' }), /no alert named/);
  t.svc.alerts.define({ name: 'SILENCED', description: 'd', throttle: '0/min', burst: '0/sec' });
  assert.not.ok(t.svc.alerts.mayRaise('SILENCED'));
  assert.is(t.svc.alerts.tryRaise({ name: 'SILENCED', text: '' }), undefined);
});

test.run();
