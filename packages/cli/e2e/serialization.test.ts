/**
 * End-to-end: the wire formats and request conventions of a real server, on every tracked route
 * it lists, and the server's resilience to bad requests.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { basicAuth, startSvc, type SvcProcess } from './svc-process.js';

let svc: SvcProcess;
let admin: Record<string, string>;
let registered: Set<string>;
let trackedGets: string[];
test.before(async () => {
  svc = await startSvc();
  admin = { authorization: basicAuth('svc', svc.password!) };
  const html = await (await fetch(`${svc.url}/system/tracked_fields.html`, { headers: admin })).text();
  registered = new Set([...html.matchAll(/<tr><td>([^<]+)<\/td>/g)].map((match) => match[1]!));
  const routes = (await (await fetch(`${svc.url}/system/routes.json`, { headers: admin })).json()) as Record<string, any>[];
  trackedGets = routes
    .filter((route) => route['svc.route.methods'].includes('GET') && !route['svc.route.path'].includes(':'))
    .flatMap((route) => route['svc.route.urls'] as string[])
    .filter((url) => url.endsWith('.prettyjson'))
    .map((url) => url.slice(0, -'.prettyjson'.length));
});
test.after(async () => {
  await svc.stop();
});

function visitObjects(value: unknown, visit: (object: Record<string, unknown>) => void): void {
  if (Array.isArray(value)) value.forEach((item) => visitObjects(item, visit));
  else if (value && typeof value === 'object') {
    visit(value as Record<string, unknown>);
    Object.values(value).forEach((item) => visitObjects(item, visit));
  }
}

test('the field table lists the fields served', () => {
  assert.ok(registered.has('svc.system.timestamp.sec'));
  assert.ok(registered.size > 40);
  assert.ok(trackedGets.includes('/system/status'));
  assert.ok(trackedGets.length >= 8, trackedGets.join(' '));
});

test('.prettyjson carries a description.K sibling for every registered field K, on every tracked route', async () => {
  let described = 0;
  for (const path of trackedGets) {
    const response = await fetch(`${svc.url}${path}.prettyjson`, { headers: admin });
    assert.is(response.status, 200, path);
    const text = await response.text();
    if (text.trim() !== '[]' && text.trim() !== '{}') assert.match(text, '\n  ', `${path} is indented`);
    visitObjects(JSON.parse(text), (object) => {
      for (const key of Object.keys(object)) {
        if (key.startsWith('description.') || !registered.has(key)) continue;
        assert.type(object[`description.${key}`], 'string', `${path}: ${key} has no description`);
        described++;
      }
    });
  }
  assert.ok(described > 20, `${described} fields described`);
});

test('.ekjson has no dotted field names, and lists come one object per line', async () => {
  for (const path of trackedGets) {
    const text = await (await fetch(`${svc.url}${path}.ekjson`, { headers: admin })).text();
    for (const line of text.split('\n').filter(Boolean)) {
      visitObjects(JSON.parse(line), (object) => {
        for (const key of Object.keys(object)) assert.not.ok(key.includes('.'), `${path}.ekjson has dotted key ${key}`);
      });
    }
  }
  const lines = (await (await fetch(`${svc.url}/system/routes.ekjson`, { headers: admin })).text()).trimEnd().split('\n');
  assert.ok(lines.length > 10);
  assert.type(JSON.parse(lines[0]!).svc_route_path, 'string');
});

test('bad requests get the documented answers and the server keeps serving', async () => {
  const post = (body: string, contentType = 'application/json') =>
    fetch(`${svc.url}/alerts/definitions/define_alert.cmd`, { method: 'POST', headers: { ...admin, 'content-type': contentType }, body });
  const malformed = await post('{"name": "X", ');
  assert.is(malformed.status, 400);
  assert.is(((await malformed.json()) as any).code, 'SVC_ERR_BAD_JSON');
  const oversize = await post(JSON.stringify({ name: 'BIG', pad: 'x'.repeat(300_000) }));
  assert.is(oversize.status, 413);
  assert.is(((await oversize.json()) as any).code, 'SVC_ERR_BODY_TOO_LARGE');
  const unknownKeys = await post(
    new URLSearchParams({ json: JSON.stringify({ name: 'KEYS', description: 'd', throttle: '1/min', burst: '1/sec', whatever: { nested: true } }) }).toString(),
    'application/x-www-form-urlencoded; charset=UTF-8',
  );
  assert.is(unknownKeys.status, 200, 'unknown keys are ignored');
  const status = await fetch(`${svc.url}/system/status.json`, { headers: admin });
  assert.is(status.status, 200);
  assert.is(svc.child.exitCode, null, 'still running');
});

test.run();
