/**
 * The checks on what access points advertise, frame by frame through the real chain: each
 * alert fires for its condition and not for the nearest frame that is fine, names the network,
 * source, destination and channel as Kismet does, and the config lines that steer APSPOOF and
 * SSIDCANARY work.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { STA } from '../parse/test-frames.js';
import { AP, alertHarness, beacon, BROADCAST, country, ds, element, htOperation, probeRequest, probeResponse, rates, rsn, ssid, upper, wpaTkipPsk, type AlertHarness } from './alert-harness.test-helper.js';

let h: AlertHarness;
test.after.each(() => h.close());
const start = async (config: Record<string, string | string[]> = {}) => {
  h = await alertHarness(config);
};
const headers = () => h.raised().map(([header]) => header);

test('FORMATSTRING: a new SSID with %s, %n, %p or %@; a plain percent is fine; once per SSID', async () => {
  await start();
  h.send(beacon([ssid('100% free'), ds(6)]));
  assert.equal(headers(), []);
  h.send(beacon([ssid('%p%s%s%n'), ds(6)], { interval: 100 }));
  assert.equal(h.raised(), [['FORMATSTRING', upper(AP), upper(AP), upper(BROADCAST), '6']]);
  h.send(beacon([ssid('%p%s%s%n'), ds(6), rates]));
  assert.equal(headers(), [], 'a known SSID is not checked again');
  h.send(probeResponse([ssid('cafe%@'), ds(6)], { to: STA }));
  assert.equal(headers(), ['FORMATSTRING'], 'answered SSIDs are checked too');
});

test("AIRJACKSSID: the SSID 'AirJack', not 'airjack'", async () => {
  await start();
  h.send(beacon([ssid('airjack'), ds(1)]));
  assert.equal(headers(), []);
  h.send(beacon([ssid('AirJack'), ds(1)], { from: '02:00:00:00:00:aa' }));
  assert.equal(headers(), ['AIRJACKSSID']);
});

test('SSIDCANARY: a canary SSID advertised, answered or probed for; the pattern is searched, (?i:...) ignores case', async () => {
  await start({ ssidcanary: ['Trap:ssid="^HoneyNet$"', 'Any:ssid="(?i:canary)"'] });
  h.send(beacon([ssid('HoneyNet-5G'), ds(6)]));
  assert.equal(headers(), [], '^...$ anchors');
  h.send(beacon([ssid('HoneyNet'), ds(6)], { from: '02:00:00:00:00:01' }));
  h.send(probeResponse([ssid('My CANARY'), ds(6)], { to: STA, from: '02:00:00:00:00:02' }));
  h.send(probeRequest(STA, 'the canary'));
  h.send(probeRequest(STA, 'the canary'));
  assert.equal(h.raised(), [
    ['SSIDCANARY', '02:00:00:00:00:01', '02:00:00:00:00:01', upper(BROADCAST), '6'],
    ['SSIDCANARY', '02:00:00:00:00:02', '02:00:00:00:00:02', upper(STA), '6'],
    ['SSIDCANARY', upper(BROADCAST), upper(STA), upper(BROADCAST), '0'],
  ], 'a station probing the same SSID again raises nothing more');
});

test('APSPOOF: a protected SSID from a MAC not in validmacs; the valid MACs (a mask too) and other SSIDs are fine', async () => {
  await start({ apspoof: ['Corp:ssid="^CorpWiFi$",validmacs="00:1a:1e:22:33:44,00:1a:1e:55:00:00/ff:ff:ff:ff:00:00"'] });
  h.send(beacon([ssid('CorpWiFi'), ds(11)], { from: '00:1a:1e:22:33:44' }));
  h.send(beacon([ssid('CorpWiFi'), ds(11)], { from: '00:1a:1e:55:12:34' }));
  h.send(beacon([ssid('Guest'), ds(11)], { from: '02:44:9b:10:6e:cd' }));
  assert.equal(headers(), []);
  h.send(beacon([ssid('CorpWiFi'), ds(11)], { from: '02:44:9b:10:6e:cd' }));
  assert.equal(h.raised(), [['APSPOOF', '02:44:9B:10:6E:CD', '02:44:9B:10:6E:CD', upper(BROADCAST), '11']]);
});

test('KARMAOUI: a probe response from OUI 00:13:37; a beacon from it, or a response from another OUI, is fine', async () => {
  await start();
  h.send(beacon([ssid('CoffeeShop'), ds(6)], { from: '00:13:37:a5:5e:01' }));
  h.send(probeResponse([ssid('CoffeeShop'), ds(6)], { to: STA, from: '00:13:38:a5:5e:01' }));
  assert.equal(headers(), []);
  h.send(probeResponse([ssid('HomeWiFi'), ds(6)], { to: STA, from: '00:13:37:a5:5e:01' }));
  assert.equal(h.raised(), [['KARMAOUI', '00:13:37:A5:5E:01', '00:13:37:A5:5E:01', upper(STA), '6']]);
});

test('CRYPTODROP and ADVCRYPTCHANGE: encryption gone, or changed; the same encryption again is fine', async () => {
  await start();
  h.send(beacon([ssid('Finance'), ds(11), rsn()]));
  h.send(beacon([ssid('Finance'), ds(11), rsn(), rates]));
  assert.equal(headers(), []);
  h.send(beacon([ssid('Finance'), ds(11), wpaTkipPsk]));
  assert.equal(headers(), ['ADVCRYPTCHANGE'], 'WPA2 to WPA1');
  h.send(beacon([ssid('Finance'), ds(11)]));
  assert.equal(h.raised(), [['CRYPTODROP', upper(AP), upper(AP), upper(BROADCAST), '11']]);
  h.send(beacon([ssid('Finance'), ds(11), rsn({ akm: 8 })]));
  assert.equal(headers(), ['ADVCRYPTCHANGE'], 'open to WPA3 is a change, not a drop');
});

test('CHANCHANGE: a beacon without HT information on another channel than an HT beacon set; as Kismet, not between two HT beacons, nor for an AP that never sent HT', async () => {
  await start();
  h.send(beacon([ssid('Cafe'), ds(1), htOperation(1)]));
  h.send(beacon([ssid('Cafe'), ds(6), htOperation(6)]));
  h.send(beacon([ssid('Plain'), ds(1)], { from: '02:00:00:00:00:09' }));
  h.send(beacon([ssid('Plain'), ds(11)], { from: '02:00:00:00:00:09' }));
  assert.equal(headers(), []);
  h.send(beacon([ssid('Cafe'), ds(11)]));
  assert.equal(h.raised(), [['CHANCHANGE', upper(AP), upper(AP), upper(BROADCAST), '11']]);
  h.send(beacon([ssid('Cafe'), ds(11), rates]));
  assert.equal(headers(), [], 'the new channel is the SSID channel now');
});

test('PROBECHAN: a probe response naming another channel than the beacons of the same SSID; the same channel is fine', async () => {
  await start();
  h.send(beacon([ssid('Library'), ds(6), htOperation(6)]));
  h.send(probeResponse([ssid('Library'), ds(6)], { to: STA }));
  assert.equal(headers(), []);
  h.send(probeResponse([ssid('Library'), ds(1)], { to: STA }));
  assert.equal(h.raised(), [['PROBECHAN', upper(AP), upper(AP), upper(STA), '1']]);
});

test('DOT11D: a beacon whose country differs from the last one of the SSID; the same country, or a first one, is fine', async () => {
  await start();
  h.send(beacon([ssid('Office'), ds(6)]));
  h.send(beacon([ssid('Office'), ds(6), country('US')]));
  h.send(beacon([ssid('Office'), ds(6), country('US'), rates]));
  assert.equal(headers(), []);
  h.send(beacon([ssid('Office'), ds(6), country('DE')]));
  assert.equal(headers(), ['DOT11D']);
  h.send(beacon([ssid('Office'), ds(6)]));
  assert.equal(headers(), ['DOT11D'], 'a country dropped is a change too');
});

test('BEACONRATE: a beacon interval that changed; the same interval is fine', async () => {
  await start();
  h.send(beacon([ssid('Lab'), ds(6)], { interval: 100 }));
  h.send(beacon([ssid('Lab'), ds(6), rates], { interval: 100 }));
  assert.equal(headers(), []);
  h.send(beacon([ssid('Lab'), ds(6)], { interval: 200 }));
  assert.equal(h.raised(), [['BEACONRATE', upper(AP), upper(AP), upper(BROADCAST), '6']]);
});

test('NULLPROBERESP: a probe response without an SSID; with one, or a cloaked beacon, is fine', async () => {
  await start();
  h.send(beacon([ssid(''), ds(6)]));
  h.send(probeResponse([ssid('Backoffice'), ds(6)], { to: STA }));
  assert.equal(headers(), []);
  h.send(probeResponse([ssid(''), ds(6)], { to: STA, from: '02:de:ad:00:01:ff' }));
  assert.equal(h.raised(), [['NULLPROBERESP', '02:DE:AD:00:01:FF', '02:DE:AD:00:01:FF', upper(STA), '6']]);
});

test('the alert names the network device by key when svc tracks it, and counts on the device', async () => {
  await start();
  h.send(beacon([ssid('AirJack'), ds(1)], { interval: 100 }));
  const [record] = h.records();
  const network = h.t.svc.devices.byMac(parseInt(AP.replaceAll(':', ''), 16))[0];
  assert.is(record?.['svc.alert.device_key'], network?.key);
  assert.is(record?.['svc.alert.phy_name'], 'IEEE802.11');
  assert.is(network?.numAlerts, 1);
  h.send(beacon([ssid('AirJack'), ds(1), rates], { interval: 100 }));
  assert.equal(headers(), []);
  assert.is(network?.numAlerts, 1, 'a frame without an alert does not count');
  h.send(beacon([ssid('AirJack'), ds(1)], { interval: 200 }));
  assert.equal(headers(), ['BEACONRATE']);
  assert.is(network?.numAlerts, 2);
});

test('a network advertising several SSIDs keeps a record for each', async () => {
  await start();
  for (const name of ['Staff', 'Guest %s', 'IoT %n', 'Staff', 'Guest %s', 'IoT %n']) h.send(beacon([ssid(name), ds(6)]));
  assert.equal(headers(), ['FORMATSTRING', 'FORMATSTRING'], 'each new SSID once');
  h.send(beacon([ssid('Guest %s'), ds(6)], { interval: 300 }));
  assert.equal(headers(), ['BEACONRATE'], 'compared with the record of its own SSID');
});

test('beacons and probe responses in turn: each is read again as Kismet does, with the same alerts', async () => {
  await start();
  const wmm = element(221, Buffer.from([0x00, 0x50, 0xf2, 2, 1, 1]), Buffer.alloc(40));
  for (let i = 0; i < 3; i++) {
    h.send(beacon([ssid('Lounge'), ds(6), wmm]));
    h.send(probeResponse([ssid('Lounge'), ds(6)], { to: STA }));
  }
  assert.equal(headers(), ['WMMOVERFLOW', 'WMMOVERFLOW', 'WMMOVERFLOW'], 'the over-long element again after each response');
  const tim = element(5, 0, 1, 0, 0);
  for (let i = 0; i < 2; i++) {
    h.send(beacon([ssid('Free'), ds(6), tim], { from: '00:13:37:00:00:01', interval: 100 }));
    h.send(probeResponse([ssid('Free'), ds(6)], { to: STA, from: '00:13:37:00:00:01' }));
  }
  assert.equal(headers(), ['KARMAOUI', 'KARMAOUI'], 'the same response again after a beacon (elements the same as the last frame are not read)');
  h.send(beacon([ssid('Free'), ds(6), tim], { from: '00:13:37:00:00:01', interval: 200 }));
  h.send(probeResponse([ssid('Free'), ds(1)], { to: STA, from: '00:13:37:00:00:01' }));
  h.send(beacon([ssid('Free'), ds(6), tim], { from: '00:13:37:00:00:01', interval: 200 }));
  assert.equal(headers(), ['BEACONRATE', 'KARMAOUI', 'PROBECHAN'], 'the interval, outside the elements, is checked on a re-read');
});

test.run();
