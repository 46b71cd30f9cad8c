/**
 * The 802.11 device model, frame by frame: hand-assembled frames go through the real packet
 * chain of a test service, and the devices, views and events that come out are checked
 * against what each frame type means (kismet-reference 4.5-4.7, 7.2).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createLogger, definePlugin, runPacketChain, type Packet } from '@svc/core';
import { createTestService, type TestService } from '@svc/core/testing';
import dot11Plugin, { ACCESS_POINT_VIEW, getDot11Hooks } from './index.js';
import { cryptSet, cryptText, Crypt } from './device/crypt.js';
import { LinkType, type Dot11Frame } from './parse/decode.js';
import { ManagementSubtype } from './parse/dot11-header.js';
import type { Dot11Ies } from './parse/ies.js';
import { AP, BROADCAST, EAPOL_KEY_INFO, STA, beaconFixed, dataFrame, eapolKeyBody, element, management, radiotap, rsnPskCcmp, ssid, u16, fuzzFrames } from './parse/test-frames.js';

const WIRED = '00:11:22:33:44:55';
const PEER = '02:00:00:00:00:04';
const quiet = createLogger({ write: () => {} });

let t: TestService;
let events: [string, any][];
let unsubscribe: () => void;
test.before.each(async () => {
  t = await createTestService({ plugins: [dot11Plugin], log: quiet });
  events = [];
  unsubscribe = t.svc.events.subscribe('*', (topic, payload) => void events.push([topic, payload]));
});
test.after.each(() => t.close());

let clock = 1_700_000_000;
function send(frame: Buffer, options: { radio?: Parameters<typeof radiotap>[0]; time?: number } = {}): Packet {
  const time = options.time ?? clock++;
  const packet: Packet = { tsSec: time, tsUsec: 0, sourceUuid: 'SOURCE', dlt: LinkType.RADIOTAP, data: Buffer.concat([radiotap(options.radio), frame]), annotations: {} };
  runPacketChain(t.svc.hooks, packet);
  return packet;
}
const device = (text: string) => t.svc.devices.byMac(parseInt(text.replaceAll(':', ''), 16))[0];
const record = (text: string) => t.svc.devices.record(device(text)!) as Record<string, any>;
const dot11 = (text: string) => record(text)['dot11.device'];
const beacon = (name: string, capability = 0x0011, extra: Buffer[] = [rsnPskCcmp, element(3, 11)]) => management(ManagementSubtype.BEACON, Buffer.concat([beaconFixed(capability), ssid(name), element(1, 0x82, 0x84, 0x0c, 0x6c), ...extra]));

test('a beacon makes an access point named by its SSID, with channel, frequency, encryption, and an advertised SSID record', () => {
  send(beacon('home'), { radio: { freq: 2462, signal: -52 } });
  const ap = record(AP);
  assert.is(ap['svc.device.base.type'], 'Wi-Fi AP');
  assert.is(ap['svc.device.base.name'], 'home');
  assert.is(ap['svc.device.base.channel'], '11');
  assert.is(ap['svc.device.base.frequency'], 2_462_000);
  assert.is(ap['svc.device.base.crypt'], 'WPA2-PSK');
  assert.is(ap['svc.device.base.basic_type_set'], 1);
  assert.is(ap['svc.device.base.signal']['svc.common.signal.last_signal'], -52);
  assert.is(ap['svc.device.base.manuf'] !== '', true);
  const [ssidRecord] = dot11(AP)['dot11.device.advertised_ssid_map'];
  assert.equal(
    [ssidRecord['dot11.advertisedssid.ssid'], ssidRecord['dot11.advertisedssid.ssidlen'], ssidRecord['dot11.advertisedssid.channel'], ssidRecord['dot11.advertisedssid.beacon'], ssidRecord['dot11.advertisedssid.cloaked'], ssidRecord['dot11.advertisedssid.crypt_string'], ssidRecord['dot11.advertisedssid.maxrate'], ssidRecord['dot11.advertisedssid.beaconrate']],
    ['home', 4, '11', 1, 0, 'WPA2-PSK', 54, 10],
  );
  assert.is(ssidRecord['dot11.advertisedssid.first_time'], clock - 1);
  assert.is(t.svc.deviceViews.get(ACCESS_POINT_VIEW)!.size, 1);
  assert.equal(
    events.filter(([topic]) => topic === 'DOT11_ADVERTISED_SSID').map(([, payload]) => [payload.DOT11_NEW_SSID_BASEDEV['svc.device.base.macaddr'], payload.DOT11_ADVERTISED_SSID['dot11.advertisedssid.ssid']]),
    [['A0:04:60:11:22:33', 'home']],
  );
  send(beacon('home'));
  assert.is(events.filter(([topic]) => topic === 'DOT11_ADVERTISED_SSID').length, 1, 'the event fires once per device and SSID');
  assert.is(dot11(AP)['dot11.device.num_advertised_ssids'], 1);
});

test('a hidden network keeps its name from a probe response; the cloaked beacon is marked', () => {
  send(beacon(''));
  assert.is(record(AP)['svc.device.base.name'], '');
  assert.is(dot11(AP)['dot11.device.advertised_ssid_map'][0]['dot11.advertisedssid.cloaked'], 1);
  send(management(ManagementSubtype.PROBE_RESPONSE, Buffer.concat([beaconFixed(0x0001), ssid('secret'), element(3, 6)]), 0, AP, STA));
  assert.is(record(AP)['svc.device.base.name'], 'secret');
  assert.is(dot11(AP)['dot11.device.responded_ssid_map'][0]['dot11.advertisedssid.probe_response'], 1);
  assert.is(dot11(AP)['dot11.device.typeset'], 1 | 256);
  assert.ok(events.some(([topic]) => topic === 'DOT11_RESPONSE_SSID'));
  send(beacon(''));
  assert.is(record(AP)['svc.device.base.name'], 'secret', 'a cloaked beacon does not erase the name');
});

test('a probe request makes a client with a probed SSID record and one DOT11_PROBED_SSID event per SSID', () => {
  const probe = (name: string) => send(management(ManagementSubtype.PROBE_REQUEST, Buffer.concat([ssid(name), element(1, 0x82)]), 0, STA, BROADCAST, BROADCAST));
  probe('cafe');
  probe('cafe');
  probe('');
  const client = record(STA);
  assert.is(client['svc.device.base.type'], 'Wi-Fi Client');
  assert.is(client['svc.device.base.basic_type_set'], 2);
  const probed = client['dot11.device']['dot11.device.probed_ssid_map'];
  assert.equal(probed.map((entry: any) => [entry['dot11.probedssid.ssid'], entry['dot11.probedssid.bssid']]), [['cafe', 'FF:FF:FF:FF:FF:FF'], ['', 'FF:FF:FF:FF:FF:FF']]);
  assert.equal(events.filter(([topic]) => topic === 'DOT11_PROBED_SSID').map(([, payload]) => payload.DOT11_PROBED_SSID['dot11.probedssid.ssid']), ['cafe', '']);
  assert.is(t.svc.deviceViews.get(ACCESS_POINT_VIEW)!.size, 0);
});

test('types are only upgraded: a client that starts beaconing becomes an AP, and stays one when it probes', () => {
  send(management(ManagementSubtype.PROBE_REQUEST, ssid('x'), 0, AP, BROADCAST, BROADCAST));
  assert.is(record(AP)['svc.device.base.type'], 'Wi-Fi Client');
  send(beacon('now-ap'));
  assert.is(record(AP)['svc.device.base.type'], 'Wi-Fi AP');
  send(management(ManagementSubtype.PROBE_REQUEST, ssid('y'), 0, AP, BROADCAST, BROADCAST));
  assert.is(record(AP)['svc.device.base.type'], 'Wi-Fi AP');
  assert.is(record(AP)['svc.device.base.basic_type_set'], 1 | 2);
  send(beacon('ibss', 0x0002, []), { time: clock });
  assert.is(record(AP)['svc.device.base.type'], 'Wi-Fi AP', 'an AP seen in an IBSS beacon stays an AP');
});

test('data to the DS ties a station to its access point; the AP is touched without the station\'s signal; a wired destination is bridged', () => {
  send(beacon('home'), { radio: { signal: -30 } });
  send(dataFrame(0x01, AP, STA, WIRED, 8, [u16(0)], Buffer.alloc(100)), { radio: { signal: -70 } });
  const station = dot11(STA);
  assert.is(record(STA)['svc.device.base.type'], 'Wi-Fi Client');
  assert.is(station['dot11.device.last_bssid'], 'A0:04:60:11:22:33');
  const client = station['dot11.device.client_map']['A0:04:60:11:22:33'];
  assert.is(client['dot11.client.bssid_key'], record(AP)['svc.device.base.key']);
  assert.is(client['dot11.client.datasize'], 24 + 2 + 100);
  assert.equal(dot11(AP)['dot11.device.associated_client_map'], { '3C:22:FB:44:55:66': record(STA)['svc.device.base.key'] });
  assert.is(record(AP)['svc.device.base.signal']['svc.common.signal.last_signal'], -30, 'the AP keeps its own signal');
  assert.is(record(AP)['svc.device.base.packets.rx_total'], 1);
  assert.is(record(STA)['svc.device.base.packets.data'], 1);
  assert.is(record(WIRED)['svc.device.base.type'], 'Wi-Fi Bridged');
  assert.is(record(WIRED)['svc.device.base.packets.tx_total'], 0);
});

test('a station that moves to a second access point has both in its client map, the newest as last_bssid', () => {
  const AP2 = '02:aa:00:00:00:02';
  send(dataFrame(0x01, AP, STA, WIRED));
  send(dataFrame(0x01, AP2, STA, WIRED));
  send(dataFrame(0x01, AP2, STA, WIRED));
  const station = dot11(STA);
  assert.is(station['dot11.device.num_client_aps'], 2);
  assert.equal(Object.keys(station['dot11.device.client_map']).sort(), ['02:AA:00:00:00:02', 'A0:04:60:11:22:33']);
  assert.is(station['dot11.device.last_bssid'], '02:AA:00:00:00:02');
  assert.is(station['dot11.device.client_map']['02:AA:00:00:00:02']['dot11.client.datasize'], 2 * (24 + 8));
});

test('data from the DS: the destination is a client, a different source a wired host behind the AP; protected frames count as crypt', () => {
  send(dataFrame(0x42, STA, AP, WIRED));
  assert.is(record(STA)['svc.device.base.type'], 'Wi-Fi Client');
  assert.is(record(WIRED)['svc.device.base.type'], 'Wi-Fi Bridged');
  assert.is(dot11(WIRED)['dot11.device.client_map']['A0:04:60:11:22:33']['dot11.client.type'], 1);
  assert.is(record(AP)['svc.device.base.packets.crypt'], 1);
  assert.is(record(AP)['svc.device.base.type'], 'Wi-Fi Device', 'an AP only seen forwarding is not called one');
});

test('four-address frames make WDS peers; no-DS data makes ad-hoc stations', () => {
  send(dataFrame(0x03, PEER, AP, WIRED, 0, [Buffer.from(STA.replaceAll(':', ''), 'hex')]));
  assert.is(record(AP)['svc.device.base.type'], 'Wi-Fi WDS');
  assert.is(record(PEER)['svc.device.base.type'], 'Wi-Fi WDS');
  send(beacon('wds-ap'));
  assert.is(record(AP)['svc.device.base.type'], 'Wi-Fi WDS AP');
  send(dataFrame(0x00, PEER, STA, '02:00:00:00:00:99'));
  assert.is(record(STA)['svc.device.base.type'], 'Wi-Fi Ad-Hoc');
});

test('association, authentication and deauthentication: clients, links and disconnect counts', () => {
  send(management(ManagementSubtype.AUTH, Buffer.concat([u16(0), u16(1), u16(0)]), 0, STA, AP));
  assert.is(record(STA)['svc.device.base.type'], 'Wi-Fi Client');
  send(management(ManagementSubtype.ASSOC_RESPONSE, Buffer.concat([u16(0x0411), u16(0), u16(0xc001)]), 0, AP, '02:00:00:00:00:77'));
  assert.is(record('02:00:00:00:00:77')['svc.device.base.type'], 'Wi-Fi Client');
  assert.is(dot11(AP)['dot11.device.num_associated_clients'], 2);
  send(management(ManagementSubtype.DEAUTH, u16(7), 0, AP, STA), { time: 1_800_000_000 });
  assert.is(dot11(AP)['dot11.device.client_disconnects'], 1);
  assert.is(dot11(AP)['dot11.device.client_disconnects_last'], 1_800_000_000);
});

test('EAPOL-Key messages are kept on the access point and published as DOT11_WPA_HANDSHAKE', () => {
  send(beacon('home'));
  send(dataFrame(0x02, STA, AP, AP, 0, [], eapolKeyBody(EAPOL_KEY_INFO[1], 1, 1)));
  send(dataFrame(0x01, AP, STA, AP, 0, [], eapolKeyBody(EAPOL_KEY_INFO[2], 2, 1)));
  const handshakes = dot11(AP)['dot11.device.wpa_handshake_list'];
  assert.equal(handshakes.map((m: any) => [m['dot11.eapol.message_num'], m['dot11.eapol.direction'], m['dot11.eapol.client'], m['dot11.eapol.replay_counter']]), [[1, 1, '3C:22:FB:44:55:66', 1], [2, 2, '3C:22:FB:44:55:66', 1]]);
  const published = events.filter(([topic]) => topic === 'DOT11_WPA_HANDSHAKE').map(([, payload]) => payload);
  assert.is(published.length, 2);
  assert.is(published[1].DOT11_WPA_HANDSHAKE_BASEDEV['svc.device.base.name'], 'home');
  assert.is(published[1].DOT11_WPA_HANDSHAKE_DOT11['dot11.device.wpa_handshake_list'].length, 2);
  assert.is(published[1].DOT11_WPA_HANDSHAKE_EAPOL['dot11.eapol.message_num'], 2);
  for (let i = 0; i < 20; i++) send(dataFrame(0x02, STA, AP, AP, 0, [], eapolKeyBody(EAPOL_KEY_INFO[3], 1, i)));
  assert.is(dot11(AP)['dot11.device.wpa_handshake_list'].length, 16, 'the list keeps the last 16 messages');
});

test('a malformed frame is an error packet on its transmitter and changes nothing else; a bad FCS likewise', () => {
  const decoded: Dot11Frame[] = [];
  t.svc.hooks.packet.for('classify').tap('test', (packet) => void decoded.push(packet.annotations.dot11 as Dot11Frame));
  const packet = send(management(ManagementSubtype.PROBE_REQUEST, Buffer.from([0, 40, 0x41]), 0, STA, BROADCAST, BROADCAST));
  assert.is(packet.error, true);
  assert.match(decoded[0]!.malformed!, /element 0 claims 40 bytes/);
  assert.is(packet.annotations.dot11, undefined, 'the decoded frame is released after the chain');
  assert.is(record(STA)['svc.device.base.packets.error'], 1);
  assert.is(dot11(STA)['dot11.device.num_probed_ssids'], 0);
  assert.is(record(STA)['svc.device.base.type'], 'Wi-Fi Device');
  const badFcs = send(Buffer.concat([beacon('garbled'), Buffer.alloc(4)]), { radio: { flags: 0x10 | 0x40 } });
  assert.is(badFcs.error, true);
  assert.is(record(AP)['svc.device.base.name'], '', 'nothing is believed from a frame with a bad FCS');
  assert.not.throws(() => send(Buffer.from([0x80])));
  assert.is(t.svc.devices.size, 2);
});

test('group addresses never become devices', () => {
  send(dataFrame(0x02, BROADCAST, AP, '01:00:5e:00:00:01'));
  send(management(ManagementSubtype.PROBE_REQUEST, ssid('x'), 0, '03:00:00:00:00:01', BROADCAST, BROADCAST));
  assert.equal([...t.svc.devices.devices()].map((d) => d.mac), [parseInt(AP.replaceAll(':', ''), 16)]);
});

test('another plugin reads its own element through getDot11Hooks and its own classify tap', async () => {
  const seen: unknown[] = [];
  const meshPlugin = definePlugin({
    name: 'test-mesh',
    apply(svc) {
      getDot11Hooks(svc).ieParsers.tap('test-mesh', (parsers) => parsers.add({ name: 'test.mesh.id', tag: 114, parse: (data, start, end) => data.toString('latin1', start, end) }));
      svc.hooks.packet.for('classify').tap({ name: 'test-mesh', stage: 10 }, (packet) => {
        const ies = (packet.annotations.dot11 as Dot11Frame | undefined)?.ies as Dot11Ies | undefined;
        if (ies?.custom?.has('test.mesh.id')) seen.push(ies.custom.get('test.mesh.id'));
      });
    },
  });
  await t.close();
  t = await createTestService({ plugins: [meshPlugin, dot11Plugin], log: quiet });
  send(beacon('mesh', 0x0011, [element(114, Buffer.from('meshnet'))]));
  send(beacon('mesh', 0x0011, [element(114, Buffer.from('meshnet'))]));
  assert.equal(seen, ['meshnet', 'meshnet'], 'a repeated beacon still shows its elements to a tap that reads them');
});

test('a repeated beacon leaves its elements unparsed and the device as a full read would; a changed one is read again', async () => {
  let parses = 0;
  let lastFrame: Dot11Frame | undefined;
  const counting = definePlugin({
    name: 'test-counting',
    apply(svc) {
      getDot11Hooks(svc).ieParsers.tap('test-counting', (parsers) => parsers.add({ name: 'test.count', tag: 3, parse: () => ++parses }));
      svc.hooks.packet.for('track').tap('test-counting', (packet) => void (lastFrame = packet.annotations.dot11 as Dot11Frame));
    },
  });
  await t.close();
  t = await createTestService({ plugins: [counting, dot11Plugin], log: quiet });
  send(beacon('home'), { radio: { freq: 2462 } });
  assert.is(parses, 1);
  // A data frame heard on another channel moves the device's channel; the next beacon moves it back.
  send(dataFrame(0x02, STA, AP, WIRED), { radio: { freq: 2412 } });
  assert.equal([record(AP)['svc.device.base.channel'], record(AP)['svc.device.base.frequency']], ['1', 2_412_000]);
  send(beacon('home'), { radio: { freq: 2462 }, time: clock + 5 });
  assert.is(parses, 1, 'the repeated beacon was not parsed');
  const ap = record(AP);
  assert.equal([ap['svc.device.base.channel'], ap['svc.device.base.frequency'], ap['svc.device.base.name'], ap['svc.device.base.crypt']], ['11', 2_462_000, 'home', 'WPA2-PSK']);
  assert.is(dot11(AP)['dot11.device.advertised_ssid_map'][0]['dot11.advertisedssid.last_time'], clock + 5, 'the repeat is counted');
  assert.is(lastFrame!.ies!.dsChannel, 11, 'reading the elements parses them');
  assert.is(parses, 2);
  send(beacon('home', 0x0011, [element(3, 11)]), { radio: { freq: 2462 } });
  assert.is(record(AP)['svc.device.base.crypt'], 'WEP', 'changed elements (no RSN) are read: privacy without RSN');
  send(beacon('home', 0x0001, [element(3, 11)]), { radio: { freq: 2462 } });
  assert.is(record(AP)['svc.device.base.crypt'], 'Open', 'the same elements with another capability are read');
  send(beacon('home', 0x0001, [element(3, 11)]), { radio: { freq: 2462 } });
  assert.is(parses, 4, 'its repeat is not');
  send(beacon('home', 0x0001, [element(3, 11)]), { radio: { freq: 5180 } });
  assert.is(parses, 5, 'the same elements heard on another frequency are read');
  assert.is(dot11(AP)['dot11.device.num_advertised_ssids'], 1);
});

test('dot11_view_accesspoints=false leaves the access point view out', async () => {
  await t.close();
  t = await createTestService({ plugins: [dot11Plugin], config: { dot11_view_accesspoints: 'false' }, log: quiet });
  assert.is(t.svc.deviceViews.get(ACCESS_POINT_VIEW), undefined);
  assert.ok(t.svc.deviceViews.get('phy-IEEE802.11'));
});

test('crypt summaries: open, WEP, WPA and WPA2 together, WPA3 transition, OWE, enterprise, WPS', () => {
  const ies = (extra: Partial<Dot11Ies>): Dot11Ies => ({ htCapable: false, vhtCapable: false, heCapable: false, tags: [], ...extra });
  const suites = (akms: number[], pairwise = [4]) => ({ version: 1, groupCipher: 4, pairwiseCiphers: pairwise, akms, truncated: false });
  const text = (capability: number, extra: Partial<Dot11Ies>) => cryptText(cryptSet(capability, ies(extra)));
  assert.is(cryptSet(0x0001, ies({})), 0);
  assert.is(text(0x0001, {}), 'Open');
  assert.is(cryptSet(0x0011, ies({})), Crypt.WEP);
  assert.is(text(0x0011, {}), 'WEP');
  assert.is(text(0x0011, { wpa: suites([2], [2]), rsn: suites([2]) }), 'WPA-PSK WPA2-PSK');
  const transition = cryptSet(0x0011, ies({ rsn: suites([2, 8]) }));
  assert.is(cryptText(transition), 'WPA2-PSK WPA3-SAE');
  assert.ok(transition & Crypt.VERSION_WPA2 && transition & Crypt.VERSION_WPA3 && transition & Crypt.SAE && transition & Crypt.AES_CCM);
  assert.is(text(0x0011, { rsn: suites([18]) }), 'WPA3-OWE');
  assert.is(text(0x0011, { rsn: suites([12], [9]) }), 'WPA3-EAP-192');
  assert.is(text(0x0011, { rsn: suites([]) }), 'WPA2-EAP', 'no AKM list means 802.1X');
  assert.is(text(0x0011, { wpa: suites([1], [2]) }), 'WPA-EAP');
  assert.is(cryptSet(0x0001, ies({ wps: { state: 2 } })), Crypt.WPS);
  assert.is(text(0x0001, { wps: { state: 2 } }), 'Open');
});

test('fuzz: 100,000 random and damaged frames through the whole chain never throw, and the tracker still answers', async () => {
  unsubscribe();
  let i = 0;
  for (const { data, linkType } of fuzzFrames(100_000, 4242)) {
    const packet: Packet = { tsSec: 1_700_000_000 + (i % 1000), tsUsec: 0, sourceUuid: 'FUZZ', dlt: linkType, data, annotations: {} };
    try {
      runPacketChain(t.svc.hooks, packet);
    } catch (error) {
      assert.unreachable(`iteration ${i} threw: ${(error as Error).stack}\n${data.toString('hex')}`);
    }
    i++;
  }
  const response = await t.request('/devices/views/phy-IEEE802.11/devices.json');
  assert.is(response.status, 200);
  assert.ok(((await response.json()) as unknown[]).length > 10);
});

test.run();
