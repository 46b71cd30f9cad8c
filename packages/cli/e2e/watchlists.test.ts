/**
 * End-to-end: watchlists and the generic alerts of a real `svc start`, replaying real captures.
 * `devicefound=` / `devicelost=` lines with names raise DEVICEFOUND and DEVICELOST for the
 * capture's access point and client (as tshark lists them), delivered on the alert routes and
 * on the event bus; an entry added through `add.cmd` raises DEVICEFOUND for the demo capture's
 * access point and is still there after a restart; a capture that breaks mid-file raises
 * SOURCEERROR.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { testDataPath, waitUntil } from '@svc/core/testing';
import { basicAuth, startSvc, type SvcProcess } from './svc-process.js';

const capture = testDataPath('dot11', 'aircrack-ng_test1.pcap');
const demo = testDataPath('dot11', 'packetnet_80211_plus_radiotap_header.pcap');
const reference = JSON.parse(readFileSync(capture.replace(/\.pcap$/, '.tshark.json'), 'utf8')) as { bssids: Record<string, unknown>; transmitters: string[] };
const demoReference = JSON.parse(readFileSync(demo.replace(/\.pcap$/, '.tshark.json'), 'utf8')) as { bssids: Record<string, unknown> };
const ACCESS_POINT = '28:10:7B:94:BB:29';
const CLIENT = 'EC:D0:9F:05:44:B0';
const DEMO_AP = Object.keys(demoReference.bssids)[0]!.toUpperCase();

const configDir = mkdtempSync(join(tmpdir(), 'svc-watch-e2e-'));
const configFile = join(configDir, 'svc.conf');
writeFileSync(configFile, [`devicefound=${ACCESS_POINT},office AP`, `devicelost=${CLIENT},Jane's phone`, 'devicelost_timeout=2', ''].join('\n'));
let svc: SvcProcess;
const call = async (path: string, body?: unknown) => {
  const response = await fetch(`${svc.url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: basicAuth('svc', svc.password!), 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${path}: ${response.status} ${text}`);
  return JSON.parse(text);
};
const alerts = async (header: string) => ((await call('/alerts/all_alerts.json')) as Record<string, any>[]).filter((alert) => alert['svc.alert.header'] === header);

const busAlerts: Record<string, any>[] = [];
let bus: WebSocket;

test.before(async () => {
  svc = await startSvc({ configDir, args: ['-n', '--config', configFile] });
  bus = new WebSocket(`${svc.url.replace('http', 'ws')}/eventbus/events.ws?user=svc&password=${encodeURIComponent(svc.password!)}`);
  bus.on('message', (data) => {
    const message = JSON.parse(String(data)) as Record<string, any>;
    if (message.ALERT) busAlerts.push(message.ALERT);
  });
  await new Promise((resolve, reject) => {
    bus.once('open', resolve);
    bus.once('error', reject);
  });
  bus.send(JSON.stringify({ SUBSCRIBE: 'ALERT' }));
  await new Promise((resolve) => setTimeout(resolve, 200));
});
test.after(async () => {
  bus?.close();
  await svc?.stop();
});

test('the access point on the found list raises DEVICEFOUND with its name, on the routes and the event bus', async () => {
  assert.ok(ACCESS_POINT.toLowerCase() in reference.bssids, 'tshark lists the access point');
  assert.ok(reference.transmitters.includes(CLIENT.toLowerCase()), 'tshark lists the client');
  const since = Date.now() / 1000;
  await call('/datasource/add_source.cmd', { definition: `${capture}:name=office` });
  await waitUntil('DEVICEFOUND is raised', async () => (await alerts('DEVICEFOUND')).length > 0, { timeoutMs: 10_000, detail: svc.stderr });
  const [found, ...more] = await alerts('DEVICEFOUND');
  assert.equal(more, [], 'once: the client is on the lost list only');
  assert.match(found!['svc.alert.text'], `Monitored device "office AP" ${ACCESS_POINT} (`);
  assert.is(found!['svc.alert.source_mac'], ACCESS_POINT);
  assert.equal([found!['svc.alert.class'], found!['svc.alert.severity']], ['SYSTEM', 15]);
  const device = await call(`/devices/by-key/${found!['svc.alert.device_key']}/device.json`);
  assert.is(device['svc.device.base.macaddr'], ACCESS_POINT, 'the alert names the device by key');
  await waitUntil('the event bus delivered it', () => busAlerts.some((alert) => alert['svc.alert.hash'] === found!['svc.alert.hash']));
  const wrapped = await call(`/alerts/wrapped/last-time/${since}/alerts.json`);
  assert.ok(wrapped['svc.alert.list'].some((alert: any) => alert['svc.alert.hash'] === found!['svc.alert.hash']));
  assert.ok(wrapped['svc.alert.timestamp'] >= since);
});

test('the client on the lost list raises DEVICELOST with its name once the replay has ended and devicelost_timeout passed', async () => {
  await waitUntil('DEVICELOST is raised', async () => (await alerts('DEVICELOST')).length > 0, { timeoutMs: 10_000, detail: svc.stderr });
  const [lost] = await alerts('DEVICELOST');
  assert.match(lost!['svc.alert.text'], `Monitored device "Jane's phone" ${CLIENT} (`);
  assert.match(lost!['svc.alert.text'], "hasn't been seen for 2 seconds.");
  assert.ok(busAlerts.some((alert) => alert['svc.alert.header'] === 'DEVICELOST'));
  const entries = (await call('/devices/alerts/mac/both/entries.json')) as Record<string, any>[];
  assert.equal(
    entries.map((entry) => [entry['svc.watchlist.entry.mac'], entry['svc.watchlist.entry.type'], entry['svc.watchlist.entry.origin'], entry['svc.watchlist.entry.last_alert'] > 0]),
    [
      [ACCESS_POINT, 'found', 'config', true],
      [CLIENT, 'lost', 'config', true],
    ],
  );
});

test('an entry added through add.cmd raises DEVICEFOUND for the demo capture\'s access point, and survives a restart', async () => {
  const added = await call('/devices/alerts/mac/found/add.cmd', { mac: DEMO_AP.toLowerCase(), name: 'demo AP' });
  assert.is(added[0]['svc.watchlist.entry.origin'], 'api');
  await call('/datasource/add_source.cmd', { definition: `${demo}:name=demo` });
  await waitUntil('DEVICEFOUND for the demo access point', async () => (await alerts('DEVICEFOUND')).some((alert) => alert['svc.alert.source_mac'] === DEMO_AP), { timeoutMs: 10_000, detail: svc.stderr });
  const found = (await alerts('DEVICEFOUND')).find((alert) => alert['svc.alert.source_mac'] === DEMO_AP)!;
  assert.match(found['svc.alert.text'], `Monitored device "demo AP" ${DEMO_AP} (`);
  bus.close();
  assert.is(await svc.stop(), 0);
  svc = await startSvc({ configDir, args: ['-n', '--config', configFile] });
  svc = { ...svc, password: svc.password ?? readPassword() };
  assert.equal(await call('/devices/alerts/mac/found/macs.json'), [ACCESS_POINT, DEMO_AP]);
  const entries = (await call('/devices/alerts/mac/found/entries.json')) as Record<string, any>[];
  assert.equal(entries[1], { 'svc.watchlist.entry.mac': DEMO_AP, 'svc.watchlist.entry.type': 'found', 'svc.watchlist.entry.name': 'demo AP', 'svc.watchlist.entry.origin': 'api', 'svc.watchlist.entry.last_alert': 0 });
});

test('a capture that breaks mid-file raises SOURCEERROR naming the source and the reason', async () => {
  const broken = join(configDir, 'broken.pcap');
  const good = readFileSync(capture);
  // The file header and the first record, then a record header that claims 2 GB.
  const firstRecord = 24 + 16 + good.readUInt32LE(24 + 8);
  const bogus = Buffer.alloc(16);
  bogus.writeUInt32LE(0x7fffffff, 8);
  bogus.writeUInt32LE(0x7fffffff, 12);
  writeFileSync(broken, Buffer.concat([good.subarray(0, firstRecord), bogus]));
  const source = await call('/datasource/add_source.cmd', { definition: `${broken}:name=broken` });
  await waitUntil('SOURCEERROR is raised', async () => (await alerts('SOURCEERROR')).length > 0, { timeoutMs: 10_000, detail: svc.stderr });
  const [error] = await alerts('SOURCEERROR');
  assert.equal([error!['svc.alert.class'], error!['svc.alert.severity']], ['SYSTEM', 20]);
  assert.match(error!['svc.alert.text'], `Source broken (${source['svc.datasource.uuid']}) has encountered an error (`);
  assert.match(error!['svc.alert.text'], 'corrupt record');
  const definitions = (await call('/alerts/definitions.json')) as Record<string, any>[];
  const sourceError = definitions.find((definition) => definition['svc.alert.definition.header'] === 'SOURCEERROR')!;
  assert.is(sourceError['svc.alert.definition.total_sent'], 1);
});

/** The password of the first start (a restart prints none): kept in the config dir. */
function readPassword(): string {
  const text = readFileSync(join(configDir, 'svc_httpd.conf'), 'utf8');
  return /httpd_password=(.*)/.exec(text)![1]!.trim();
}

test.run();
