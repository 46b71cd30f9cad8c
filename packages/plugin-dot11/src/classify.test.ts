/**
 * The 802.11 device model, frame by frame: hand-assembled frames go through the real packet
 * chain of a test service, and the devices, views and events that come out are checked
 * against what each frame type means (kismet-reference 4.5-4.7, 7.2) and against the rules of
 * Kismet's classifier (phy_80211.cc), which decide a device's type, name and channel by its
 * role in each frame (kismet-devices.fixture.test.ts checks the same on real captures).
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
import { AP, BROADCAST, EAPOL_KEY_INFO, STA, beaconFixed, dataFrame, eapolKeyBody, element, mac, management, radiotap, rsnPskCcmp, ssid, u16, fuzzFrames } from './parse/test-frames.js';

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
const beacon = (name: string, capability = 0x0011, extra: Buffer[] = [rsnPskCcmp, element(3, 11)], from = AP) =>
  management(ManagementSubtype.BEACON, Buffer.concat([beaconFixed(capability), ssid(name), element(1, 0x82, 0x84, 0x0c, 0x6c), ...extra]), 0, from, BROADCAST, from);

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

test('a hidden network is named by its MAC, then by the SSID a probe response reveals; each new SSID record renames, as in Kismet', () => {
  send(beacon(''));
  assert.is(record(AP)['svc.device.base.name'], 'A0:04:60:11:22:33', 'a cloaked beacon names the access point by its MAC');
  assert.is(dot11(AP)['dot11.device.advertised_ssid_map'][0]['dot11.advertisedssid.cloaked'], 1);
  const response = management(ManagementSubtype.PROBE_RESPONSE, Buffer.concat([beaconFixed(0x0001), ssid('secret'), element(3, 6)]), 0, AP, STA);
  send(response);
  assert.is(record(AP)['svc.device.base.name'], 'secret');
  assert.is(dot11(AP)['dot11.device.responded_ssid_map'][0]['dot11.advertisedssid.probe_response'], 1);
  assert.is(dot11(AP)['dot11.device.typeset'], 1 | 256);
  assert.ok(events.some(([topic]) => topic === 'DOT11_RESPONSE_SSID'));
  send(beacon(''));
  assert.is(record(AP)['svc.device.base.name'], 'secret', 'the known cloaked record does not rename it');
  // The other order: the first cloaked beacon after a probe response is a new record, and renames.
  const other = 'a0:04:60:11:22:44';
  send(management(ManagementSubtype.PROBE_RESPONSE, Buffer.concat([beaconFixed(0x0001), ssid('revealed'), element(3, 6)]), 0, other, STA, other));
  assert.is(record(other)['svc.device.base.name'], 'revealed');
  send(management(ManagementSubtype.BEACON, Buffer.concat([beaconFixed(0x0001), ssid(''), element(3, 6)]), 0, other, BROADCAST, other));
  assert.is(record(other)['svc.device.base.name'], 'A0:04:60:11:22:44');
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

test('a client that starts beaconing becomes an AP and stays one when it probes; an IBSS beacon makes it ad-hoc until it sends data as a BSSID', () => {
  send(management(ManagementSubtype.PROBE_REQUEST, ssid('x'), 0, AP, BROADCAST, BROADCAST));
  assert.is(record(AP)['svc.device.base.type'], 'Wi-Fi Client');
  send(beacon('now-ap'));
  assert.is(record(AP)['svc.device.base.type'], 'Wi-Fi AP');
  send(management(ManagementSubtype.PROBE_REQUEST, ssid('y'), 0, AP, BROADCAST, BROADCAST));
  assert.is(record(AP)['svc.device.base.type'], 'Wi-Fi AP');
  assert.is(record(AP)['svc.device.base.basic_type_set'], 1 | 2);
  send(beacon('ibss', 0x0002, []));
  assert.is(record(AP)['svc.device.base.type'], 'Wi-Fi Ad-Hoc', 'the IBSS capability bit makes the sender ad-hoc, whatever it was');
  assert.is(dot11(AP)['dot11.device.typeset'], 1 | 2);
  send(beacon('now-ap'));
  assert.is(record(AP)['svc.device.base.type'], 'Wi-Fi Ad-Hoc', 'a beacon does not make an AP of a device both AP and peer');
  send(dataFrame(0x02, STA, AP, AP));
  assert.is(record(AP)['svc.device.base.type'], 'Wi-Fi AP', 'data from the DS with it as the BSSID does');
});

test('data to the DS ties a station to its access point; the AP is touched without the station\'s signal; the wired destination is a device', () => {
  send(beacon('home'), { radio: { signal: -30 } });
  send(dataFrame(0x01, AP, STA, WIRED, 8, [u16(0)], Buffer.alloc(100)), { radio: { signal: -70 } });
  const station = dot11(STA);
  assert.is(record(STA)['svc.device.base.type'], 'Wi-Fi Client');
  assert.is(station['dot11.device.last_bssid'], 'A0:04:60:11:22:33');
  const client = station['dot11.device.client_map']['A0:04:60:11:22:33'];
  assert.is(client['dot11.client.bssid_key'], record(AP)['svc.device.base.key']);
  assert.is(client['dot11.client.datasize'], 24 + 2 + 100);
  assert.equal(dot11(AP)['dot11.device.associated_client_map'], { '3C:22:FB:44:55:66': record(STA)['svc.device.base.key'] }, 'the wired destination is not linked (Kismet links it)');
  assert.is(record(AP)['svc.device.base.signal']['svc.common.signal.last_signal'], -30, 'the AP keeps its own signal');
  assert.is(record(AP)['svc.device.base.packets.rx_total'], 1);
  assert.is(record(STA)['svc.device.base.packets.data'], 1);
  assert.is(record(WIRED)['svc.device.base.type'], 'Wi-Fi Device', 'a destination alone does not tell wired from wireless');
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

test('data from the DS: the BSSID is an AP, the destination a device, a different source a wired host behind the AP; protected frames count as crypt', () => {
  send(dataFrame(0x42, STA, AP, WIRED), { radio: { freq: 2462 } });
  assert.is(record(STA)['svc.device.base.type'], 'Wi-Fi Device', 'a receiver of data is a device until it sends');
  assert.is(record(WIRED)['svc.device.base.type'], 'Wi-Fi Bridged');
  assert.is(record(WIRED)['svc.device.base.basic_type_set'], 4);
  assert.is(dot11(WIRED)['dot11.device.client_map']['A0:04:60:11:22:33']['dot11.client.type'], 1);
  assert.is(record(AP)['svc.device.base.packets.crypt'], 1);
  assert.is(record(AP)['svc.device.base.packets.tx_total'], 1);
  const ap = record(AP);
  assert.equal([ap['svc.device.base.type'], ap['svc.device.base.basic_type_set'], ap['svc.device.base.channel'], ap['svc.device.base.name']], ['Wi-Fi AP', 1, '11', '']);
  assert.is(ap['dot11.device']['dot11.device.typeset'], 0, 'not an access point of the view: it sent no beacon or probe response');
  assert.is(t.svc.deviceViews.get(ACCESS_POINT_VIEW)!.size, 0);
  send(dataFrame(0x01, AP, STA, WIRED));
  assert.is(record(STA)['svc.device.base.type'], 'Wi-Fi Client', 'once it sends to the DS');
});

test('an access point seen only as the BSSID of data to the DS is an AP on the radio\'s channel; null data only updates known devices', () => {
  const NULL = 4;
  send(dataFrame(0x01, AP, STA, AP, NULL), { radio: { freq: 5180 } });
  assert.is(t.svc.devices.size, 0, 'null data makes no device');
  send(dataFrame(0x01, AP, STA, WIRED, 8, [u16(0)]), { radio: { freq: 5180 } });
  assert.equal([record(AP)['svc.device.base.type'], record(AP)['svc.device.base.channel']], ['Wi-Fi AP', '36']);
  assert.equal([record(STA)['svc.device.base.type'], record(STA)['svc.device.base.channel']], ['Wi-Fi Client', '36']);
  const known = record(WIRED)['svc.device.base.packets.total'];
  send(dataFrame(0x02, '02:00:00:00:00:31', AP, WIRED, NULL));
  assert.is(device('02:00:00:00:00:31'), undefined, 'not even its unknown destination');
  assert.is(record(WIRED)['svc.device.base.packets.total'], known + 1, 'a known device is updated');
  assert.is(record(WIRED)['svc.device.base.type'], 'Wi-Fi Client', 'and, as the source of null data, is a wireless client');
});

test('the receiver of a probe response is a client, and is not linked to the responder; control frames name no device', () => {
  send(management(ManagementSubtype.PROBE_RESPONSE, Buffer.concat([beaconFixed(0x0001), ssid('home'), element(3, 6)]), 0, AP, STA));
  assert.is(record(STA)['svc.device.base.type'], 'Wi-Fi Client');
  assert.is(record(STA)['svc.device.base.basic_type_set'], 2);
  assert.is(dot11(STA)['dot11.device.num_client_aps'], 0);
  const control = (subtype: number, a1: string, a2?: string) => Buffer.concat([Buffer.from([0x04 | (subtype << 4), 0]), u16(0), mac(a1), ...(a2 ? [mac(a2)] : [])]);
  const before = t.svc.devices.size;
  const RTS = 11;
  const BLOCK_ACK = 9;
  const CTS = 12;
  send(control(RTS, AP, '02:00:00:00:00:41'));
  send(control(BLOCK_ACK, AP, '02:00:00:00:00:42'));
  send(control(CTS, '02:00:00:00:00:43'));
  assert.is(t.svc.devices.size, before, 'RTS, Block Ack and CTS make no device');
  assert.is(record(AP)['svc.device.base.packets.total'], 1, 'nor touch a known one');
});

test('four-address frames: transmitter and receiver are WDS APs, the destination WDS, the source WDS from its second frame', () => {
  const wdsFrame = () => send(dataFrame(0x03, PEER, AP, WIRED, 0, [mac(STA)]), { radio: { freq: 2462 } });
  wdsFrame();
  assert.equal([record(AP)['svc.device.base.type'], record(AP)['svc.device.base.basic_type_set'], record(AP)['svc.device.base.channel']], ['Wi-Fi WDS AP', 1 | 8, '11']);
  assert.equal([record(PEER)['svc.device.base.type'], record(PEER)['svc.device.base.channel']], ['Wi-Fi WDS AP', '']);
  assert.is(record(WIRED)['svc.device.base.type'], 'Wi-Fi WDS');
  assert.is(record(STA)['svc.device.base.type'], 'Wi-Fi Device', 'Kismet types the source after testing its bits, so only from the next frame');
  wdsFrame();
  assert.is(record(STA)['svc.device.base.type'], 'Wi-Fi WDS');
  assert.is(dot11(STA)['dot11.device.client_map']['A0:04:60:11:22:33']['dot11.client.type'], 3);
  send(beacon('wds-ap'));
  assert.is(record(AP)['svc.device.base.type'], 'Wi-Fi WDS AP', 'a beacon does not turn a WDS AP into a plain AP');
});

test('data without DS bits (an IBSS): the BSSID and the destination are ad-hoc, the sender a client', () => {
  const IBSS = '02:00:00:00:00:99';
  send(dataFrame(0x00, PEER, STA, IBSS));
  assert.is(record(IBSS)['svc.device.base.type'], 'Wi-Fi Ad-Hoc');
  assert.is(record(PEER)['svc.device.base.type'], 'Wi-Fi Ad-Hoc');
  assert.is(record(STA)['svc.device.base.type'], 'Wi-Fi Client');
  assert.is(record(PEER)['svc.device.base.basic_type_set'], 8);
  assert.is(dot11(IBSS)['dot11.device.typeset'], 0, 'data sets no typeset bit: the IBSS is not in the access point view');
  send(dataFrame(0x00, PEER, '02:00:00:00:00:98', '00:00:00:00:00:00'));
  assert.is(record('02:00:00:00:00:98')['svc.device.base.type'], 'Wi-Fi Ad-Hoc', 'without a BSSID the sender is its own');
});

test('Kismet reads the IBSS bit of association frames at a beacon\'s capability offset (byte 34): a station whose SSID\'s fifth byte has bit 1 set turns ad-hoc, with its BSSID', () => {
  const assocRequest = (from: string, name: string) => management(ManagementSubtype.ASSOC_REQUEST, Buffer.concat([u16(0x0431), u16(10), ssid(name), element(1, 0x82, 0x84, 0x0c, 0x12)]), 0, from, AP, AP);
  const OTHER = '02:00:00:00:00:51';
  send(assocRequest(STA, 'cafe!'));
  assert.is(record(STA)['svc.device.base.type'], 'Wi-Fi Client', "'!' (0x21) has bit 1 clear");
  assert.is(record(AP)['svc.device.base.type'], 'Wi-Fi AP', 'the BSSID of a management frame is an access point');
  send(assocRequest(OTHER, 'Neheb'));
  assert.is(record(OTHER)['svc.device.base.type'], 'Wi-Fi Ad-Hoc', "'b' (0x62) has bit 1 set");
  assert.is(record(AP)['svc.device.base.type'], 'Wi-Fi Ad-Hoc');
  assert.is(dot11(OTHER)['dot11.device.typeset'], 2);
  assert.equal(dot11(OTHER)['dot11.device.probed_ssid_map'].map((entry: any) => entry['dot11.probedssid.ssid']), ['Neheb'], 'an association request records the SSID asked for');
  const before = t.svc.devices.size;
  send(management(ManagementSubtype.ASSOC_RESPONSE, Buffer.concat([u16(0x0411), u16(0), u16(0xc001), element(1, 0x82)]), 0, AP, '02:00:00:00:00:52'));
  assert.is(t.svc.devices.size, before, 'an association response under 36 bytes is dropped, as Kismet does');
});

test('association, authentication and deauthentication: clients, links and disconnect counts', () => {
  send(management(ManagementSubtype.AUTH, Buffer.concat([u16(0), u16(1), u16(0)]), 0, STA, AP));
  assert.is(record(STA)['svc.device.base.type'], 'Wi-Fi Client');
  assert.is(record(AP)['svc.device.base.type'], 'Wi-Fi AP');
  send(management(ManagementSubtype.ASSOC_RESPONSE, Buffer.concat([u16(0x0411), u16(0), u16(0xc001), element(1, 0x8c, 0x12, 0x98, 0x24)]), 0, AP, '02:00:00:00:00:77'));
  assert.is(record('02:00:00:00:00:77')['svc.device.base.type'], 'Wi-Fi Client');
  assert.is(record(AP)['svc.device.base.type'], 'Wi-Fi AP', 'the third rate (0x98) has bit 1 clear');
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

test('a malformed element list adds no SSID record but the frame\'s roles stand (as in Kismet), the error counted once, on the transmitter; a bad FCS makes no device', () => {
  const decoded: Dot11Frame[] = [];
  t.svc.hooks.packet.for('classify').tap('test', (packet) => void (packet.annotations.dot11 && decoded.push(packet.annotations.dot11)));
  const packet = send(management(ManagementSubtype.PROBE_REQUEST, Buffer.from([0, 40, 0x41]), 0, STA, BROADCAST, BROADCAST));
  assert.is(packet.error, true);
  assert.match(decoded[0]!.malformed!, /element 0 claims 40 bytes/);
  assert.is(packet.annotations.dot11, undefined, 'the decoded frame is released after the chain');
  assert.is(record(STA)['svc.device.base.packets.error'], 1);
  assert.is(dot11(STA)['dot11.device.num_probed_ssids'], 0);
  assert.is(record(STA)['svc.device.base.type'], 'Wi-Fi Client');
  send(management(ManagementSubtype.PROBE_RESPONSE, Buffer.concat([beaconFixed(0x0001), Buffer.from([0, 40, 0x41])]), 0, AP, STA));
  assert.is(record(STA)['svc.device.base.packets.error'], 1, 'the receiver of an error frame does not count it');
  assert.is(record(AP)['svc.device.base.packets.error'], 1);
  assert.is(record(AP)['svc.device.base.type'], 'Wi-Fi AP');
  assert.is(dot11(AP)['dot11.device.num_responded_ssids'], 0);
  const badFcs = send(Buffer.concat([beacon('garbled', 0x0011, [], '02:00:00:00:00:61'), Buffer.alloc(4)]), { radio: { flags: 0x10 | 0x40 } });
  assert.is(badFcs.error, true);
  assert.is(device('02:00:00:00:00:61'), undefined, 'nothing is believed from a frame with a bad FCS');
  send(Buffer.concat([beacon('garbled'), Buffer.alloc(4)]), { radio: { flags: 0x10 | 0x40 } });
  assert.is(record(AP)['svc.device.base.packets.error'], 2, 'it counts on a known transmitter');
  assert.is(record(AP)['svc.device.base.name'], '', 'and nothing else is believed');
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
        const ies = packet.annotations.dot11?.ies;
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
      svc.hooks.packet.for('track').tap('test-counting', (packet) => void (lastFrame = packet.annotations.dot11));
    },
  });
  await t.close();
  t = await createTestService({ plugins: [counting, dot11Plugin], log: quiet });
  send(beacon('home'), { radio: { freq: 2462 } });
  assert.is(parses, 1);
  // Data it forwards from a wired host, heard on another channel, moves the channel (not the
  // frequency: the signal is not the access point's own); the repeated beacon, unread, does not
  // move it back, as in Kismet.
  send(dataFrame(0x02, STA, AP, WIRED), { radio: { freq: 2412 } });
  assert.equal([record(AP)['svc.device.base.channel'], record(AP)['svc.device.base.frequency']], ['1', 2_462_000]);
  send(beacon('home'), { radio: { freq: 2462 }, time: clock + 5 });
  assert.is(parses, 1, 'the repeated beacon was not parsed');
  const ap = record(AP);
  assert.equal([ap['svc.device.base.channel'], ap['svc.device.base.frequency'], ap['svc.device.base.name'], ap['svc.device.base.crypt']], ['1', 2_462_000, 'home', 'WPA2-PSK']);
  assert.is(dot11(AP)['dot11.device.advertised_ssid_map'][0]['dot11.advertisedssid.last_time'], clock + 5, 'the repeat is counted');
  assert.is(lastFrame!.ies!.dsChannel, 11, 'reading the elements parses them');
  assert.is(parses, 2);
  send(beacon('home', 0x0011, [element(3, 11)]), { radio: { freq: 2462 } });
  assert.is(record(AP)['svc.device.base.crypt'], 'WEP', 'changed elements (no RSN) are read: privacy without RSN');
  assert.is(record(AP)['svc.device.base.channel'], '11', 'and give the channel of their DS parameter element');
  send(beacon('home', 0x0001, [element(3, 11)]), { radio: { freq: 2462 } });
  assert.is(record(AP)['svc.device.base.crypt'], 'Open', 'the same elements with another capability are read');
  send(beacon('home', 0x0001, [element(3, 11)]), { radio: { freq: 2462 } });
  assert.is(parses, 4, 'its repeat is not');
  send(beacon('home', 0x0001, [element(3, 11)]), { radio: { freq: 5180 } });
  assert.is(parses, 5, 'the same elements heard on another frequency are read');
  assert.is(dot11(AP)['dot11.device.num_advertised_ssids'], 1);
});

test("a vendor element's parser result is read through custom on every beacon, repeated ones left otherwise unparsed", async () => {
  let vendorParses = 0;
  let tagParses = 0;
  const seen: unknown[] = [];
  const frames: Dot11Frame[] = [];
  const vendor = definePlugin({
    name: 'test-vendor',
    apply(svc) {
      getDot11Hooks(svc).ieParsers.tap('test-vendor', (parsers) => {
        parsers.add({ name: 'test.vendor', tag: 221, oui: 0xfa0bbc, parse: (data, start, end) => (vendorParses++, data.toString('hex', start, end)) });
        parsers.add({ name: 'test.ds', tag: 3, parse: () => ++tagParses });
      });
      svc.hooks.packet.for('classify').tap({ name: 'test-vendor', stage: 10 }, (packet) => {
        const frame = packet.annotations.dot11!;
        frames.push(frame);
        seen.push(frame.custom?.get('test.vendor'));
      });
    },
  });
  await t.close();
  t = await createTestService({ plugins: [vendor, dot11Plugin], log: quiet });
  const drone = element(221, Buffer.from([0xfa, 0x0b, 0xbc, 0x0d, 0x01]));
  send(beacon('drone', 0x0011, [element(3, 11), drone]), { radio: { freq: 2462 } });
  send(beacon('drone', 0x0011, [element(3, 11), drone]), { radio: { freq: 2462 } });
  send(beacon('plain'), { radio: { freq: 2462 } });
  assert.equal(seen, ['0d01', '0d01', undefined], 'the repeated beacon shows its element too; a beacon without it none');
  assert.equal([vendorParses, tagParses], [2, 3], 'the parsers ran once a beacon: through the classifier first, then through custom');
  assert.is(frames[1]!.ies!.custom, frames[1]!.custom, 'reading the elements later keeps the same results, without running the parsers again');
  assert.equal([vendorParses, tagParses], [2, 3]);
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
