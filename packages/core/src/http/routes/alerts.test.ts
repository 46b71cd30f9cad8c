import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createLogger } from '../../logger.js';
import { definePlugin } from '../../plugin.js';
import { createTestService, type TestService } from '../../testing/index.js';

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
    [10, 'min', 2, 'sec'],
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
