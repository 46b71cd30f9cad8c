/**
 * End-to-end: watchlists and the generic alerts of a real `svc start`, replaying captures.
 * `devicefound=` / `devicelost=` lines with names raise DEVICEFOUND and DEVICELOST for a
 * capture's access point and client (as tshark lists them), delivered on the alert routes and
 * on the event bus; an entry added through `add.cmd` raises DEVICEFOUND for an access point of
 * a second capture and is still there after a restart; a capture that breaks mid-file raises
 * SOURCEERROR. It runs on svc's demo scene (the second capture: its bulk capture) and, where
 * the shared data is there, on real captures.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { hasRealData, realDataTest, waitUntil } from '@svc/core/testing';
import { DEMO_SCENE } from '@svc/plugin-dot11/synthetic';
import { BULK_CAPTURE, DEMO_SCENE_CAPTURE, realCapture, type Dot11Capture } from './dot11-captures.js';
import { basicAuth, startSvc, type SvcProcess } from './svc-process.js';

/** One run of the suite: a capture with an access point and a client to watch, and a second capture whose first access point is added through the API. */
interface WatchCase {
  readonly capture: Dot11Capture;
  readonly accessPoint: string;
  readonly client: string;
  readonly second: Dot11Capture;
}

const CASES: WatchCase[] = [
  // The demo scene's network and client of its deauthentication.
  { capture: DEMO_SCENE_CAPTURE, accessPoint: DEMO_SCENE.deauthentication!.bssid.toUpperCase(), client: DEMO_SCENE.deauthentication!.station.toUpperCase(), second: BULK_CAPTURE },
  { capture: realCapture('aircrack-ng_test1.pcap'), accessPoint: '28:10:7B:94:BB:29', client: 'EC:D0:9F:05:44:B0', second: realCapture('packetnet_80211_plus_radiotap_header.pcap') },
];

/** How long an alert may take to be raised and delivered on a busy machine. */
const ALERT_WAIT = { timeoutMs: 30_000 };

function watchlistSuite({ capture, accessPoint: ACCESS_POINT, client: CLIENT, second }: WatchCase) {
  const test = suite(capture.label);
  const needs = [...capture.needs, ...second.needs];
  const it = (name: string, fn: () => Promise<void>) => realDataTest(test, name, needs, fn);
  const configDir = mkdtempSync(join(tmpdir(), 'svc-watch-e2e-'));
  const configFile = join(configDir, 'svc.conf');
  writeFileSync(configFile, [`devicefound=${ACCESS_POINT},office AP`, `devicelost=${CLIENT},Jane's phone`, 'devicelost_timeout=2', ''].join('\n'));
  let svc: SvcProcess | undefined;
  const call = async (path: string, body?: unknown) => {
    const response = await fetch(`${svc!.url}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { authorization: basicAuth('svc', svc!.password!), 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (response.status !== 200) throw new Error(`${path}: ${response.status} ${text}`);
    return JSON.parse(text);
  };
  const alerts = async (header: string) => ((await call('/alerts/all_alerts.json')) as Record<string, any>[]).filter((alert) => alert['svc.alert.header'] === header);
  const busAlerts: Record<string, any>[] = [];
  let bus: WebSocket | undefined;
  let secondAccessPoint: string;

  test.before(async () => {
    if (!hasRealData(needs)) return;
    secondAccessPoint = Object.keys(second.reference.bssids)[0]!.toUpperCase();
    svc = await startSvc({ configDir, args: ['-n', '--config', configFile] });
    bus = new WebSocket(`${svc.url.replace('http', 'ws')}/eventbus/events.ws?user=svc&password=${encodeURIComponent(svc.password!)}`);
    let ticked = false;
    bus.on('message', (data) => {
      const message = JSON.parse(String(data)) as Record<string, any>;
      if (message.ALERT) busAlerts.push(message.ALERT);
      if (message.TIMESTAMP) ticked = true;
    });
    await new Promise((resolve, reject) => {
      bus!.once('open', resolve);
      bus!.once('error', reject);
    });
    // The server reads a connection's messages in order: once the once-a-second TIMESTAMP
    // subscribed after ALERT arrives, the ALERT subscription is in place.
    bus.send(JSON.stringify({ SUBSCRIBE: 'ALERT' }));
    bus.send(JSON.stringify({ SUBSCRIBE: 'TIMESTAMP' }));
    await waitUntil('the event bus subscriptions are in place', () => ticked, ALERT_WAIT);
    bus.send(JSON.stringify({ UNSUBSCRIBE: 'TIMESTAMP' }));
  });
  test.after(async () => {
    bus?.close();
    await svc?.stop();
  });

  it('the access point on the found list raises DEVICEFOUND with its name, on the routes and the event bus', async () => {
    assert.ok(ACCESS_POINT.toLowerCase() in capture.reference.bssids, 'tshark lists the access point');
    assert.ok(capture.reference.transmitters.includes(CLIENT.toLowerCase()), 'tshark lists the client');
    const since = Date.now() / 1000;
    await call('/datasource/add_source.cmd', { definition: `${capture.path}:name=office` });
    await waitUntil('DEVICEFOUND is raised', async () => (await alerts('DEVICEFOUND')).length > 0, { ...ALERT_WAIT, detail: svc!.stderr });
    const [found, ...more] = await alerts('DEVICEFOUND');
    assert.equal(more, [], 'once: the client is on the lost list only');
    assert.match(found!['svc.alert.text'], `Monitored device "office AP" ${ACCESS_POINT} (`);
    assert.is(found!['svc.alert.source_mac'], ACCESS_POINT);
    assert.equal([found!['svc.alert.class'], found!['svc.alert.severity']], ['SYSTEM', 15]);
    const device = await call(`/devices/by-key/${found!['svc.alert.device_key']}/device.json`);
    assert.is(device['svc.device.base.macaddr'], ACCESS_POINT, 'the alert names the device by key');
    await waitUntil('the event bus delivered it', () => busAlerts.some((alert) => alert['svc.alert.hash'] === found!['svc.alert.hash']), ALERT_WAIT);
    const wrapped = await call(`/alerts/wrapped/last-time/${since}/alerts.json`);
    assert.ok(wrapped['svc.alert.list'].some((alert: any) => alert['svc.alert.hash'] === found!['svc.alert.hash']));
    assert.ok(wrapped['svc.alert.timestamp'] >= since);
  });

  it('the client on the lost list raises DEVICELOST with its name once the replay has ended and devicelost_timeout passed', async () => {
    await waitUntil('DEVICELOST is raised', async () => (await alerts('DEVICELOST')).length > 0, { ...ALERT_WAIT, detail: svc!.stderr });
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

  it("an entry added through add.cmd raises DEVICEFOUND for the second capture's access point, and survives a restart", async () => {
    const added = await call('/devices/alerts/mac/found/add.cmd', { mac: secondAccessPoint.toLowerCase(), name: 'second AP' });
    assert.is(added[0]['svc.watchlist.entry.origin'], 'api');
    await call('/datasource/add_source.cmd', { definition: `${second.path}:name=second` });
    await waitUntil('DEVICEFOUND for the second access point', async () => (await alerts('DEVICEFOUND')).some((alert) => alert['svc.alert.source_mac'] === secondAccessPoint), { ...ALERT_WAIT, detail: svc!.stderr });
    const found = (await alerts('DEVICEFOUND')).find((alert) => alert['svc.alert.source_mac'] === secondAccessPoint)!;
    assert.match(found['svc.alert.text'], `Monitored device "second AP" ${secondAccessPoint} (`);
    bus!.close();
    assert.is(await svc!.stop(), 0);
    svc = await startSvc({ configDir, args: ['-n', '--config', configFile] });
    svc = { ...svc, password: svc.password ?? readPassword() };
    assert.equal(await call('/devices/alerts/mac/found/macs.json'), [ACCESS_POINT, secondAccessPoint]);
    const entries = (await call('/devices/alerts/mac/found/entries.json')) as Record<string, any>[];
    assert.equal(entries[1], { 'svc.watchlist.entry.mac': secondAccessPoint, 'svc.watchlist.entry.type': 'found', 'svc.watchlist.entry.name': 'second AP', 'svc.watchlist.entry.origin': 'api', 'svc.watchlist.entry.last_alert': 0 });
  });

  it('a capture that breaks mid-file raises SOURCEERROR naming the source and the reason', async () => {
    const broken = join(configDir, 'broken.pcap');
    const good = readFileSync(capture.path);
    // The file header and the first record, then a record header that claims 2 GB.
    const firstRecord = 24 + 16 + good.readUInt32LE(24 + 8);
    const bogus = Buffer.alloc(16);
    bogus.writeUInt32LE(0x7fffffff, 8);
    bogus.writeUInt32LE(0x7fffffff, 12);
    writeFileSync(broken, Buffer.concat([good.subarray(0, firstRecord), bogus]));
    const source = await call('/datasource/add_source.cmd', { definition: `${broken}:name=broken` });
    await waitUntil('SOURCEERROR is raised', async () => (await alerts('SOURCEERROR')).length > 0, { ...ALERT_WAIT, detail: svc!.stderr });
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

  return test;
}

for (const entry of CASES) watchlistSuite(entry).run();
