/**
 * The decoder per header, frame type and element, on frames assembled here byte by byte from
 * the standards' layouts (radiotap.org, IEEE 802.11-2020), plus a fuzz run over random and
 * damaged real frames that proves decoding never throws.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { channelOfFrequency, frequencyOfChannel } from './channels.js';
import { decodeDot11, LinkType } from './decode.js';
import { Dot11Malformed, Dot11Type, ManagementSubtype } from './dot11-header.js';
import { parseIes } from './ies.js';
import { IeParserTable } from './ie-parsers.js';
import { AP, DA, EAPOL_KEY_INFO, STA, beaconFixed, dataFrame, eapolKeyBody, element, mac, macNumber, management, radiotap, rsnPskCcmp, ssid, u16, fuzzFrames } from './test-frames.js';

test('channels and frequencies', () => {
  assert.equal([2412, 2437, 2484, 5180, 5825, 5955, 4920, 2413, 900].map(channelOfFrequency), [1, 6, 14, 36, 165, 1, 184, undefined, undefined]);
  assert.equal([1, 14, 36].map((channel) => frequencyOfChannel(channel)), [2412, 2484, 5180]);
  assert.is(frequencyOfChannel(1, true), 5955);
});

test('beacon: fixed fields, SSID, rates, DS, TIM, country, HT/VHT/HE, RSN, and the tag list', () => {
  const body = Buffer.concat([
    beaconFixed(0x0411),
    ssid('home'),
    element(1, 0x82, 0x84, 0x8b, 0x96),
    element(3, 6),
    element(5, 0, 3, 0, 0),
    element(7, Buffer.from('DE '), 1, 13, 20),
    element(45, Buffer.alloc(26)),
    rsnPskCcmp,
    element(50, 0x0c, 0x12),
    element(61, 6, 0x01, Buffer.alloc(20)),
    element(191, Buffer.alloc(12)),
    element(192, 1, 42, 0, 0, 0),
    element(255, 35, Buffer.alloc(20)),
  ]);
  const frame = decodeDot11(Buffer.concat([radiotap({ flags: 0 }), management(ManagementSubtype.BEACON, body)]), LinkType.RADIOTAP);
  assert.is(frame.malformed, undefined);
  assert.equal({ type: frame.type, subtype: frame.subtype }, { type: Dot11Type.MANAGEMENT, subtype: ManagementSubtype.BEACON });
  assert.is(frame.header!.bssid, macNumber(AP));
  assert.is(frame.header!.transmitter, macNumber(AP));
  assert.is(frame.header!.sequence, 0x123);
  assert.is(frame.beaconInterval, 100);
  assert.is(frame.capability, 0x0411);
  const ies = frame.ies!;
  assert.is(ies.ssid!.toString(), 'home');
  assert.equal(ies.rates, [2, 4, 11, 22, 12, 18]);
  assert.is(ies.dsChannel, 6);
  assert.is(ies.dtimPeriod, 3);
  assert.is(ies.country, 'DE');
  assert.equal([ies.htCapable, ies.htPrimaryChannel, ies.htSecondaryOffset, ies.vhtCapable, ies.vhtChannelWidth, ies.heCapable], [true, 6, 1, true, 1, true]);
  assert.equal(ies.rsn, { version: 1, groupCipher: 4, pairwiseCiphers: [4], akms: [2], truncated: false });
  assert.equal(ies.tags, [0, 1, 3, 5, 7, 45, 48, 50, 61, 191, 192, 255]);
  assert.equal(frame.radio, { badFcs: false, freqMhz: 2437, channel: 6, signalDbm: -40, noiseDbm: -95, rate: 2, widthMhz: undefined });
});

test('vendor elements: WPA, WPS attributes, and a plugin-registered parser for another OUI', () => {
  const wpa = element(221, Buffer.from([0x00, 0x50, 0xf2, 1]), u16(1), Buffer.from([0x00, 0x50, 0xf2, 2]), u16(1), Buffer.from([0x00, 0x50, 0xf2, 2]), u16(1), Buffer.from([0x00, 0x50, 0xf2, 2]));
  const tlv = (type: number, value: Buffer) => Buffer.concat([Buffer.from([type >> 8, type & 0xff, value.length >> 8, value.length & 0xff]), value]);
  const wps = element(221, Buffer.from([0x00, 0x50, 0xf2, 4]), tlv(0x104a, Buffer.from([0x10])), tlv(0x1044, Buffer.from([2])), tlv(0x1057, Buffer.from([1])), tlv(0x1021, Buffer.from('ACME')), tlv(0x1011, Buffer.from('Router\0')));
  const custom = element(221, Buffer.from([0x00, 0x10, 0x18, 0x02, 0xaa]));
  const mesh = element(113, Buffer.from([7, 8]));
  const parsers = new IeParserTable();
  parsers.add({ name: 'test.broadcom', tag: 221, oui: 0x001018, parse: (data, start, end) => data.subarray(start, end).toString('hex') });
  parsers.add({ name: 'test.mesh', tag: 113, parse: (data, start, end) => end - start });
  parsers.add({ name: 'test.broken', tag: 113, parse: () => { throw new Error('plugin bug'); } });
  const data = Buffer.concat([wpa, wps, custom, mesh]);
  const ies = parseIes(data, 0, data.length, parsers);
  assert.equal(ies.wpa, { version: 1, groupCipher: 2, pairwiseCiphers: [2], akms: [2], truncated: false });
  assert.equal(ies.wps, { version: 0x10, state: 2, locked: true, manufacturer: 'ACME', deviceName: 'Router' });
  assert.equal([...ies.custom!], [['test.broadcom', '02aa'], ['test.mesh', 2]], 'results by parser name; the throwing parser keeps nothing');
  assert.is(parsers.failures, 1);
  assert.is(parseIes(data, 0, data.length).custom, undefined, 'no table, no custom results');
});

test('element parser registration refuses what cannot work', () => {
  const parsers = new IeParserTable();
  const parse = () => 1;
  assert.throws(() => parsers.add({ name: 'x', tag: 256, parse }), /tag must be 0-255/);
  assert.throws(() => parsers.add({ name: 'x', tag: 48, oui: 1, parse }), /OUI applies only to vendor elements/);
  assert.throws(() => parsers.add({ name: 'x', tag: 221, oui: 0x1000000, parse }), /24-bit/);
  parsers.add({ name: 'x', tag: 221, parse });
  assert.throws(() => parsers.add({ name: 'x', tag: 1, parse }), /already registered/);
});

test('elements that run past the frame make it malformed; a cut RSN element keeps what is whole', () => {
  const overrun = Buffer.concat([ssid('x'), Buffer.from([1, 10, 0x82])]);
  assert.match(parseIes(overrun, 0, overrun.length).malformed!, /element 1 claims 10 bytes, 1 remain/);
  const cutRsn = element(48, u16(1), Buffer.from([0x00, 0x0f, 0xac, 4]), u16(2), Buffer.from([0x00, 0x0f, 0xac, 4]));
  assert.equal(parseIes(cutRsn, 0, cutRsn.length).rsn, { version: 1, groupCipher: 4, pairwiseCiphers: [4], akms: [], truncated: true });
  const frame = decodeDot11(management(ManagementSubtype.PROBE_REQUEST, Buffer.from([0, 40, 0x41])), LinkType.IEEE802_11);
  assert.match(frame.malformed!, /^probe request: element 0 claims 40 bytes/);
  assert.is(frame.header!.transmitter, macNumber(AP), 'the header is still read');
});

test('data frames: address roles for each to/from-DS combination, QoS, WDS, protected', () => {
  const data = (flags: number, a1: string, a2: string, a3: string, subtype = 0, extra: Buffer[] = []) => decodeDot11(dataFrame(flags, a1, a2, a3, subtype, extra), LinkType.IEEE802_11).header!;
  const toAp = data(0x01, AP, STA, DA);
  assert.equal([toAp.bssid, toAp.source, toAp.destination, toAp.transmitter], [AP, STA, DA, STA].map(macNumber));
  const fromAp = data(0x02, STA, AP, DA);
  assert.equal([fromAp.bssid, fromAp.source, fromAp.destination], [AP, DA, STA].map(macNumber));
  const adhoc = data(0x00, DA, STA, AP);
  assert.equal([adhoc.bssid, adhoc.source, adhoc.destination], [AP, STA, DA].map(macNumber));
  const wds = data(0x03, AP, STA, DA, 8, [mac('02:00:00:00:00:04'), u16(0)]);
  assert.equal([wds.bssid, wds.source, wds.transmitter, wds.qos, wds.bodyOffset], [undefined, macNumber('02:00:00:00:00:04'), macNumber(STA), true, 32]);
  assert.is(data(0x41, AP, STA, DA).protected, true);
});

test('control frames: RTS and PS-Poll have a transmitter, CTS and ACK only a receiver, CF-End names the BSSID', () => {
  const control = (subtype: number, second?: string) => decodeDot11(Buffer.concat([Buffer.from([0x04 | (subtype << 4), 0]), u16(0), mac(AP), ...(second ? [mac(second)] : [])]), LinkType.IEEE802_11).header!;
  assert.is(control(11, STA).transmitter, macNumber(STA));
  assert.is(control(10, STA).bssid, macNumber(AP));
  assert.is(control(12).transmitter, undefined);
  assert.is(control(13).receiver, macNumber(AP));
  const cfEnd = control(14, STA);
  assert.equal([cfEnd.transmitter, cfEnd.bssid], [undefined, macNumber(STA)]);
});

test('management bodies: association capability, SAE authentication without elements, deauthentication reason, short fixed fields', () => {
  const assoc = decodeDot11(management(ManagementSubtype.ASSOC_REQUEST, Buffer.concat([u16(0x0431), u16(10), ssid('home')]), 0, STA), LinkType.IEEE802_11);
  assert.equal([assoc.capability, assoc.ies!.ssid!.toString()], [0x0431, 'home']);
  const sae = decodeDot11(management(ManagementSubtype.AUTH, Buffer.concat([u16(3), u16(1), u16(0), Buffer.from([0x13, 0x00, 0xff, 0xee])])), LinkType.IEEE802_11);
  assert.equal([sae.malformed, sae.ies, sae.code], [undefined, undefined, 0]);
  const deauth = decodeDot11(management(ManagementSubtype.DEAUTH, u16(7)), LinkType.IEEE802_11);
  assert.is(deauth.code, 7);
  const short = decodeDot11(management(ManagementSubtype.BEACON, Buffer.alloc(5)), LinkType.IEEE802_11);
  assert.match(short.malformed!, /beacon body needs 12 bytes of fixed fields, it has 5/);
});

test('short, foreign and damaged frames: malformed with the type when readable, not 802.11, bad radio headers', () => {
  const cut = decodeDot11(management(ManagementSubtype.BEACON, Buffer.alloc(0)).subarray(0, 14), LinkType.IEEE802_11);
  assert.equal([cut.type, cut.subtype, cut.header], [0, 8, undefined]);
  assert.match(cut.malformed!, /a management header needs 24 bytes, the frame has 14/);
  assert.match(decodeDot11(Buffer.from([0x03, 0, 0, 0, 0, 0, 0, 0, 0, 0]), LinkType.IEEE802_11).notDot11!, /protocol version 3/);
  assert.match(decodeDot11(Buffer.alloc(20), 1).notDot11!, /link type 1 is not 802.11/);
  assert.match(decodeDot11(Buffer.from([0, 0, 200, 0, 0, 0, 0, 0]), LinkType.RADIOTAP).malformed!, /radiotap header claims 200 bytes/);
  assert.match(decodeDot11(Buffer.from([1, 0, 8, 0, 0, 0, 0, 0]), LinkType.RADIOTAP).malformed!, /radiotap version 1 is not 0/);
});

test('radiotap: FCS and bad FCS flags, extended bitmaps with per-antenna signals, TSFT alignment, MCS/VHT/HE widths, vendor namespaces', () => {
  // Word 0: TSFT, flags, channel, dBm signal, radiotap NS next + ext; word 1: dBm signal, antenna.
  const present0 = (1 << 0) | (1 << 1) | (1 << 3) | (1 << 5) | (1 << 29) | (1 << 31);
  const present1 = (1 << 5) | (1 << 11);
  const header = Buffer.concat([
    Buffer.from([0, 0]), u16(33), u16(present0 & 0xffff), u16(present0 >>> 16), u16(present1), u16(0),
    Buffer.alloc(4), // pad: TSFT is 8-aligned
    Buffer.alloc(8, 1), // TSFT at 16
    Buffer.from([0x50]), // flags: FCS at end, bad FCS
    Buffer.from([0]), u16(5180), u16(0x0140), // pad to 2, channel
    Buffer.from([0xc4]), // -60 dBm (combined)
    Buffer.from([0xc0, 1]), // -64 dBm on antenna 1
  ]);
  assert.is(header.length, 33);
  const frame = Buffer.concat([header, management(ManagementSubtype.PROBE_REQUEST, ssid('a')), Buffer.alloc(4)]);
  const decoded = decodeDot11(frame, LinkType.RADIOTAP);
  assert.equal([decoded.radio.freqMhz, decoded.radio.channel, decoded.radio.signalDbm, decoded.radio.badFcs, decoded.malformed], [5180, 36, -60, true, undefined]);
  assert.is(decoded.ies!.ssid!.toString(), 'a', 'the FCS is not read as elements');

  const mcs = Buffer.concat([Buffer.from([0, 0]), u16(11), Buffer.from([0, 0, 8, 0]), Buffer.from([0x03, 0x01, 7])]);
  const vht = Buffer.concat([Buffer.from([0, 0]), u16(20), Buffer.from([0, 0, 0x20, 0]), u16(0x0044), Buffer.from([0, 4, 0x92, 0, 0, 0, 0, 0]), u16(0)]);
  const he = Buffer.concat([Buffer.from([0, 0]), u16(20), Buffer.from([0, 0, 0x80, 0]), u16(0x4000), u16(0), u16(0), u16(0), u16(2), u16(0)]);
  const vendor = Buffer.concat([Buffer.from([0, 0]), u16(24), u32le((1 << 30) | (1 << 31)), u32le(1 << 5), Buffer.from([0x00, 0x11, 0x22, 0]), u16(2), Buffer.from([9, 9]), Buffer.from([0xd8]), Buffer.alloc(3)]);
  const body = management(ManagementSubtype.PROBE_REQUEST, ssid('b'));
  assert.is(decodeDot11(Buffer.concat([mcs, body]), LinkType.RADIOTAP).radio.widthMhz, 40);
  assert.is(decodeDot11(Buffer.concat([vht, body]), LinkType.RADIOTAP).radio.widthMhz, 80);
  assert.is(decodeDot11(Buffer.concat([he, body]), LinkType.RADIOTAP).radio.widthMhz, 80);
  const afterVendor = decodeDot11(Buffer.concat([vendor, body]), LinkType.RADIOTAP);
  assert.is(afterVendor.malformed, undefined);
  assert.is(afterVendor.header!.transmitter, macNumber(AP));
});

test('PPI with the 802.11-common field', () => {
  const common = Buffer.concat([Buffer.alloc(8), u16(0x0001), u16(108), u16(2462), u16(0x00c0), Buffer.from([0, 0, 0xbe, 0xa1])]);
  const ppi = Buffer.concat([Buffer.from([0, 0]), u16(8 + 4 + 20), Buffer.from([105, 0, 0, 0]), u16(2), u16(20), common]);
  const frame = decodeDot11(Buffer.concat([ppi, management(ManagementSubtype.BEACON, Buffer.concat([beaconFixed(0x0001), ssid('ppi')])), Buffer.alloc(4)]), LinkType.PPI);
  assert.equal(frame.radio, { badFcs: false, freqMhz: 2462, channel: 11, signalDbm: -66, noiseDbm: -95, rate: 108, widthMhz: undefined });
  assert.is(frame.ies!.ssid!.toString(), 'ppi');
});

test('EAPOL-Key messages 1 to 4 of the 4-way handshake', () => {
  const eapol = (keyInfo: number, nonceByte: number) => decodeDot11(dataFrame(0x01, AP, STA, AP, 0, [], eapolKeyBody(keyInfo, nonceByte)), LinkType.IEEE802_11).eapol?.message;
  assert.equal([eapol(EAPOL_KEY_INFO[1], 1), eapol(EAPOL_KEY_INFO[2], 1), eapol(EAPOL_KEY_INFO[3], 1), eapol(EAPOL_KEY_INFO[4], 0)], [1, 2, 3, 4]);
});

test('beacons and probe responses carry a fingerprint of their elements, parsed only when read', () => {
  const beaconOf = (...elements: Buffer[]) => decodeDot11(Buffer.concat([radiotap(), management(ManagementSubtype.BEACON, Buffer.concat([beaconFixed(0x0011), ...elements]))]), LinkType.RADIOTAP);
  const first = beaconOf(ssid('home'), rsnPskCcmp);
  const same = beaconOf(ssid('home'), rsnPskCcmp);
  const other = beaconOf(ssid('home'), element(3, 6));
  assert.type(first.elementsHash, 'number');
  assert.is(same.elementsHash, first.elementsHash);
  assert.is.not(other.elementsHash, first.elementsHash);
  assert.is(first.ies!.ssid!.toString(), 'home');
  assert.equal(first.ies!.tags, [0, 48]);
  const response = decodeDot11(Buffer.concat([radiotap(), management(ManagementSubtype.PROBE_RESPONSE, Buffer.concat([beaconFixed(0x0011), ssid('home'), rsnPskCcmp]), 0, AP, STA)]), LinkType.RADIOTAP);
  assert.is(response.elementsHash, first.elementsHash, 'the same elements in a probe response');
  const overrun = beaconOf(ssid('home'), Buffer.from([1, 10, 2]));
  assert.equal([overrun.elementsHash, overrun.malformed], [undefined, 'beacon: element 1 claims 10 bytes, 1 remain']);
  const stray = beaconOf(ssid('home'), Buffer.from([7]));
  assert.equal([stray.elementsHash, stray.malformed], [undefined, 'beacon: 1 stray byte after the last element']);
  const probe = decodeDot11(Buffer.concat([radiotap(), management(ManagementSubtype.PROBE_REQUEST, ssid('home'), 0, STA)]), LinkType.RADIOTAP);
  assert.is(probe.elementsHash, undefined, 'other frames are parsed as they are decoded');
});

test('fuzz: 100,000 random and damaged frames never throw out of the decoder', () => {
  let malformed = 0;
  let i = 0;
  for (const { data, linkType } of fuzzFrames(100_000, 80211)) {
    try {
      const frame = decodeDot11(data, linkType);
      if (frame.malformed) malformed++;
      // Elements left for later parse when read, and a frame found whole stays whole.
      else if (frame.ies?.malformed) assert.unreachable(`iteration ${i}: deferred elements were malformed: ${frame.ies.malformed}`);
    } catch (error) {
      assert.unreachable(`iteration ${i} threw: ${(error as Error).stack}\n${data.toString('hex')}`);
    }
    i++;
  }
  assert.is(i, 100_000);
  assert.ok(malformed > 1000, `damage was noticed (${malformed} malformed)`);
});

function u32le(value: number): Buffer {
  const buffer = Buffer.alloc(4);
  buffer.writeUInt32LE(value >>> 0);
  return buffer;
}

test('a damaged frame\'s error says what is wrong without a stack, and errors made after it keep theirs', () => {
  const damaged = new Dot11Malformed('a beacon needs 12 bytes, the frame has 3', { type: Dot11Type.MANAGEMENT, subtype: ManagementSubtype.BEACON });
  assert.instance(damaged, Error);
  assert.is(damaged.message, 'a beacon needs 12 bytes, the frame has 3');
  assert.equal(damaged.frameKind, { type: Dot11Type.MANAGEMENT, subtype: ManagementSubtype.BEACON });
  assert.not.match(damaged.stack ?? '', /\n\s+at /);
  assert.match(new Error('another').stack ?? '', /\n\s+at /);
});

test.run();
