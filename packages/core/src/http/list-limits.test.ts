/**
 * Every list a client grows has a size limit (issue 31, item 6): watchlist entries, ingest
 * filter rules, API keys, alert definitions and a device's tags. Filling one to its limit works;
 * one more is a 400 `SVC_ERR_LIST_FULL` naming the limit and its key, and nothing changes;
 * changing what is there or removing some still works. Large lists are served paged or streamed.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createLogger } from '../logger.js';
import { createTestService, TestSource, testPhyPlugin, type TestService } from '../testing/index.js';

const builtInAlerts = async () => {
  const probe = await createTestService({ plugins: [testPhyPlugin], log: createLogger({ write: () => {} }) });
  try {
    return ((await (await probe.request('/alerts/definitions.json')).json()) as unknown[]).length;
  } finally {
    await probe.close();
  }
};

let t: TestService;
test.before(async () => {
  t = await createTestService({
    plugins: [testPhyPlugin],
    config: {
      watchlist_max_entries: '3',
      ingest_filter_max_rules: '3',
      httpd_max_api_keys: '2',
      alert_max_definitions: String((await builtInAlerts()) + 1),
      device_max_tags: '2',
    },
    log: createLogger({ write: () => {} }),
  });
  await t.svc.start();
});
test.after(async () => t.close());

const answer = async (path: string, dictionary: Record<string, unknown>) => {
  const response = await t.command(path, dictionary);
  return { status: response.status, body: (await response.json()) as any };
};
const full = (text: string) => ({ status: 400, body: { error: text, code: 'SVC_ERR_LIST_FULL' } });

test('watchlist entries: the API adds up to watchlist_max_entries over both lists; renaming at the limit works; removing makes room', async () => {
  assert.is((await answer('/devices/alerts/mac/both/add.cmd', { macs: ['AA:00:00:00:00:01'] })).status, 200, 'two entries, one per list');
  assert.equal(
    await answer('/devices/alerts/mac/found/add.cmd', { macs: ['AA:00:00:00:00:02', 'AA:00:00:00:00:03'] }),
    full('there are 2 watchlist entries added through the API and this adds 2; the limit is 3 (watchlist_max_entries): remove some first'),
  );
  assert.is((await answer('/devices/alerts/mac/found/add.cmd', { mac: 'AA:00:00:00:00:02' })).status, 200);
  assert.is((await answer('/devices/alerts/mac/both/add.cmd', { mac: 'AA:00:00:00:00:01', name: 'renamed' })).status, 200, 'renaming adds nothing');
  assert.equal((await answer('/devices/alerts/mac/lost/add.cmd', { mac: 'AA:00:00:00:00:04' })).status, 400);
  assert.is((await answer('/devices/alerts/mac/lost/remove.cmd', { mac: 'AA:00:00:00:00:01' })).status, 200);
  assert.is((await answer('/devices/alerts/mac/lost/add.cmd', { mac: 'AA:00:00:00:00:04' })).status, 200);
  // Served paged like devices: a datatables page of the entries.
  const page = (await (await t.command('/devices/alerts/mac/both/entries.json', { datatable: true, start: 1, length: 2, draw: 4 })).json()) as any;
  assert.equal([page.draw, page.data.length, page.recordsTotal], [4, 2, 3]);
});

test('ingest filter rules: the API adds up to ingest_filter_max_rules, Kismet\'s set_filter included; changing an action at the limit works', async () => {
  for (const match of ['00:11:22', '00:11:33']) assert.is((await answer('/filters/ingest/add_rule.cmd', { match, action: 'block' })).status, 200);
  assert.equal(
    await answer('/filters/packet/ingest/any/any/set_filter.cmd', { filter: { '00:11:44:00:00:01': true, '00:11:44:00:00:02': true } }),
    full('there are 2 ingest filter rules added through the API and this adds 2; the limit is 3 (ingest_filter_max_rules): remove some first'),
  );
  assert.is((await answer('/filters/ingest/add_rule.cmd', { match: 'randomized', action: 'block' })).status, 200);
  assert.is((await answer('/filters/ingest/add_rule.cmd', { match: '00:11:22', action: 'pass' })).status, 200, 'a changed action adds nothing');
  assert.is((await answer('/filters/ingest/add_rule.cmd', { match: '*', action: 'pass' })).status, 400);
  const rules = (await (await t.request('/filters/ingest/rules.json')).json()) as unknown[];
  assert.is(rules.length, 3);
});

test('API keys: at most httpd_max_api_keys; a revoked key makes room; a name past 128 characters is refused', async () => {
  for (const name of ['one', 'two']) assert.is((await t.command('/auth/apikey/generate.cmd', { name, role: 'readonly', duration: 0 })).status, 200);
  assert.equal(await answer('/auth/apikey/generate.cmd', { name: 'three', role: 'readonly', duration: 0 }), full('there are 2 API keys and this adds 1; the limit is 2 (httpd_max_api_keys): remove some first'));
  assert.is((await t.command('/auth/apikey/revoke.cmd', { name: 'one' })).status, 200);
  assert.equal((await answer('/auth/apikey/generate.cmd', { name: 'x'.repeat(129), role: 'readonly', duration: 0 })).body.code, 'SVC_ERR_BAD_REQUEST');
  assert.is((await t.command('/auth/apikey/generate.cmd', { name: 'three', role: 'readonly', duration: 0 })).status, 200);
});

test('alert definitions: at most alert_max_definitions, built-in ones included; names and descriptions bounded', async () => {
  const define = (name: string, description = 'a client alert') => answer('/alerts/definitions/define_alert.cmd', { name, description, throttle: '1/min', burst: '1/sec' });
  assert.is((await define('CLIENTONE')).status, 200);
  const refused = await define('CLIENTTWO');
  assert.equal([refused.status, refused.body.code], [400, 'SVC_ERR_LIST_FULL']);
  assert.match(refused.body.error, /alert definitions \(built-in ones included\) and this adds 1; the limit is \d+ \(alert_max_definitions\)/);
  assert.equal((await define('CLIENTONE')).status, 409, 'a name already defined is the conflict it was, not a full list');
  assert.match((await define('A'.repeat(65))).body.error, 'an alert name is at most 64 characters');
});

test('a device\'s tags: at most device_max_tags; changing a tag at the limit works; a tag name, value or user name past its length is refused', async () => {
  // A globally administered MAC: the filter test above blocks randomized ones.
  new TestSource(t.svc).send({ mac: 'AC:DE:48:00:00:01', name: 'tagged' });
  const key = [...t.svc.devices.devices()][0]!.key;
  const tag = (tagname: string, tagvalue: string) => answer(`/devices/by-key/${key}/set_tag.cmd`, { tagname, tagvalue });
  assert.is((await tag('room', 'lab')).status, 200);
  assert.is((await tag('owner', 'ops')).status, 200);
  assert.equal(await tag('floor', '2'), full('there are 2 tags on this device and this adds 1; the limit is 2 (device_max_tags): remove some first'));
  assert.is((await tag('room', 'office')).status, 200);
  assert.is((await tag('owner', '')).status, 200, 'an empty value removes a tag');
  assert.is((await tag('floor', '2')).status, 200);
  assert.match((await tag('x'.repeat(129), 'v')).body.error, "'tagname' is at most 128 characters");
  assert.match((await tag('note', 'v'.repeat(1025))).body.error, "'tagvalue' is at most 1024 characters");
  assert.match((await answer(`/devices/by-key/${key}/set_name.cmd`, { username: 'n'.repeat(257) })).body.error, "'username' is at most 256 characters");
});

test.run();
