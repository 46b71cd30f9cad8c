/**
 * Scan reports over a real listening server (kismet-reference 14): a phone-style report makes a
 * `dot11scan` datasource for the reporter and access points through the 802.11 PHY, with SSID,
 * encryption, channel, signal and position; bad reports are 400s naming the entry and change
 * nothing; only `scanreport` and `admin` logins may post.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createLogger } from '@svc/core';
import { createTestService, postCommand, TEST_ADMIN, waitUntil, type TestService } from '@svc/core/testing';
import dot11Plugin from '../index.js';
import { Crypt } from '../device/crypt.js';
import { capabilitiesCrypt } from './capabilities.js';

const REPORTER = '6F0E7A2C-5A8B-4B1D-9E3F-1A2B3C4D5E6F';
let t: TestService;
let base: string;
const admin = `Basic ${Buffer.from(`${TEST_ADMIN.user}:${TEST_ADMIN.password}`).toString('base64')}`;

test.before(async () => {
  t = await createTestService({ plugins: [dot11Plugin], log: createLogger({ write: () => {} }) });
  base = (await t.svc.start()).url;
});
test.after(() => t.close());

const post = (body: unknown, headers: Record<string, string> = { authorization: admin }) => postCommand(`${base}/phy/phy80211/scan/scan_report.cmd`, body, headers);
const get = async (path: string) => (await (await fetch(`${base}${path}`, { headers: { authorization: admin } })).json()) as any;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test('capability strings map to the crypt bits a beacon would give', () => {
  assert.equal(capabilitiesCrypt('[WPA2-PSK-CCMP][ESS]'), { crypt: Crypt.WPA | Crypt.VERSION_WPA2 | Crypt.PSK | Crypt.AES_CCM, adhoc: false });
  assert.equal(capabilitiesCrypt('[WPA-PSK-TKIP+CCMP][WPS]').crypt, Crypt.WPA | Crypt.VERSION_WPA | Crypt.PSK | Crypt.TKIP | Crypt.AES_CCM | Crypt.WPS);
  assert.equal(capabilitiesCrypt('[RSN-SAE-CCMP]').crypt, Crypt.WPA | Crypt.VERSION_WPA2 | Crypt.SAE | Crypt.VERSION_WPA3 | Crypt.AES_CCM);
  assert.equal(capabilitiesCrypt('[WEP][IBSS]'), { crypt: Crypt.WEP, adhoc: true });
  assert.equal(capabilitiesCrypt(''), { crypt: Crypt.NONE, adhoc: false });
});

test('a report creates the reporter source and its access points with SSID, crypt, channel, signal and position', async () => {
  const reply = await post({
    source_name: 'pixel-7',
    source_uuid: REPORTER.toLowerCase(),
    reports: [
      { bssid: '00:1b:63:11:22:33', signal: -48, ssid: 'Home', capabilities: '[WPA2-PSK-CCMP][ESS]', channel: '6', timestamp: 1_700_000_000.5, lat: 52.21, lon: 6.88, alt: 40 },
      { bssid: '02:00:00:00:00:05', signal: '-81', ssid: 'Cafe', capabilities: '[ESS]', channel: '149', freqkhz: 5_745_000 },
    ],
  });
  assert.equal(reply, { status: 200, json: { 'dot11.scanreport.accepted': 2, 'dot11.scanreport.source_uuid': REPORTER } });
  await waitUntil('both access points', async () => (await get('/devices/views/phydot11_accesspoints/devices.json')).length === 2);
  const aps = new Map(((await get('/devices/views/phydot11_accesspoints/devices.json')) as any[]).map((ap) => [ap['svc.device.base.macaddr'], ap]));
  const home = aps.get('00:1B:63:11:22:33');
  assert.is(home['svc.device.base.name'], 'Home');
  assert.is(home['svc.device.base.type'], 'Wi-Fi AP');
  assert.is(home['svc.device.base.crypt'], 'WPA2-PSK');
  assert.is(home['svc.device.base.channel'], '6');
  assert.is(home['svc.device.base.frequency'], 2_437_000);
  assert.is(home['svc.device.base.signal']['svc.common.signal.last_signal'], -48);
  assert.is(home['svc.device.base.first_time'], 1_700_000_000);
  assert.equal(home['svc.device.base.location']['svc.common.location.last']['svc.common.location.geopoint'], [6.88, 52.21]);
  const ssid = home['dot11.device']['dot11.device.advertised_ssid_map'][0];
  assert.equal([ssid['dot11.advertisedssid.ssid'], ssid['dot11.advertisedssid.channel'], ssid['dot11.advertisedssid.crypt_string']], ['Home', '6', 'WPA2-PSK']);
  const cafe = aps.get('02:00:00:00:00:05');
  assert.equal([cafe['svc.device.base.crypt'], cafe['svc.device.base.frequency'], cafe['svc.device.base.channel']], ['Open', 5_745_000, '149']);

  const source = await get(`/datasource/by-uuid/${REPORTER}/source.json`);
  assert.is(source['svc.datasource.type_driver']['svc.datasource.driver.type'], 'dot11scan');
  assert.is(source['svc.datasource.name'], 'pixel-7');
  assert.is(source['svc.datasource.num_packets'], 2);
  assert.is((await post({ source_name: 'pixel-7b', source_uuid: REPORTER, reports: [{ bssid: '00:1b:63:11:22:33', signal: -50 }] })).status, 200);
  await waitUntil('the rename', async () => (await get(`/datasource/by-uuid/${REPORTER}/source.json`))['svc.datasource.name'] === 'pixel-7b');
  await waitUntil('the third packet', async () => (await get(`/datasource/by-uuid/${REPORTER}/source.json`))['svc.datasource.num_packets'] === 3);
});

test('malformed reports are 400s naming the problem, and change nothing', async () => {
  const before = t.svc.devices.size;
  const good = { bssid: '00:11:22:33:44:55', signal: -60 };
  const cases: [unknown, string, RegExp][] = [
    [{ source_uuid: REPORTER, reports: [good] }, 'SVC_ERR_MISSING_KEY', /'source_name' is required/],
    [{ source_name: 'x', source_uuid: 'nope', reports: [good] }, 'SVC_ERR_BAD_REQUEST', /source_uuid 'nope' is not a UUID/],
    [{ source_name: 'x', source_uuid: REPORTER, reports: 'many' }, 'SVC_ERR_BAD_REQUEST', /'reports' is required and must be a list/],
    [{ source_name: 'x', source_uuid: REPORTER, reports: [good, { signal: -60 }] }, 'SVC_ERR_BAD_REQUEST', /reports\[1\]: 'bssid' is required/],
    [{ source_name: 'x', source_uuid: REPORTER, reports: [{ bssid: 'zz:11', signal: -60 }] }, 'SVC_ERR_BAD_REQUEST', /reports\[0\]: bssid 'zz:11' is not a MAC address/],
    [{ source_name: 'x', source_uuid: REPORTER, reports: [{ bssid: '00:11:22:33:44:55' }] }, 'SVC_ERR_BAD_REQUEST', /'signal' \(dBm\) is required/],
    [{ source_name: 'x', source_uuid: REPORTER, reports: [{ ...good, ssid: 'x'.repeat(33) }] }, 'SVC_ERR_BAD_REQUEST', /longer than 32 bytes/],
    [{ source_name: 'x', source_uuid: REPORTER, reports: [{ ...good, lat: 95, lon: 1 }] }, 'SVC_ERR_BAD_REQUEST', /position 95, 1 is out of range/],
    [{ source_name: 'a:b', source_uuid: REPORTER, reports: [good] }, 'SVC_ERR_BAD_REQUEST', /must be a non-empty name/],
  ];
  for (const [body, code, words] of cases) {
    const reply = await post(body);
    assert.is(reply.status, 400, JSON.stringify(body));
    assert.is(reply.json.code, code);
    assert.match(reply.json.error, words);
  }
  const broken = await fetch(`${base}/phy/phy80211/scan/scan_report.cmd`, { method: 'POST', headers: { authorization: admin, 'content-type': 'application/json' }, body: '{"source_name":' });
  assert.is(broken.status, 400);
  await sleep(50);
  assert.is(t.svc.devices.size, before);
});

test('a scanreport key may post; readonly and datasource keys and anonymous clients may not', async () => {
  const key = async (role: string) => (await (await t.command('/auth/apikey/generate.cmd', { name: `k-${role}`, role })).text()).trim();
  const body = { source_name: 'esp32', source_uuid: '11111111-2222-3333-4444-555555555555', reports: [{ bssid: '00:11:22:33:44:66', signal: -70 }] };
  assert.is((await post(body, { cookie: `SVC=${await key('scanreport')}` })).status, 200);
  assert.is((await post(body, { cookie: `SVC=${await key('readonly')}` })).status, 403);
  assert.is((await post(body, { cookie: `SVC=${await key('datasource')}` })).status, 403);
  assert.is((await post(body, {})).status, 401);
});

test.run();
