/**
 * The BLE decoders on packets built byte by byte from the Core spec's layout and the nRF Sniffer
 * layout (shared/data/serial/README.md section 2): advertising PDUs and their data, channels,
 * every sniffer protocol version with and without the padding byte, the README's own example
 * frame, every malformation, a fuzz, and the devices the BTLE PHY makes of them in a service.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createLogger, runPacketChain, type Packet } from '@svc/core';
import { createTestService, randomBytes, seededRandom } from '@svc/core/testing';
import bluetoothPlugin, { readAdvertisingPdu, decodeBtleFrame, indexOfRfChannel, rfChannelKhz, rfChannelOfIndex, DLT_BLUETOOTH_LE_LL } from '@svc/plugin-bluetooth';
import serialPlugin from '../index.js';
import { advertisingPacket, nordicFrameBody, snifferPayload } from '../testing/nordic-frames.js';
import { nordicSnifferPacket, readNordicFrame } from './nordic-sniffer-frame.js';

const APPLE = Buffer.from([0x4c, 0x00, 0x10, 0x05, 0x01, 0x18]);
const beacon = advertisingPacket({
  type: 0,
  address: 'C0:FF:EE:AB:BC:CD',
  random: true,
  ad: [
    [0x01, Buffer.from([0x06])],
    [0x03, Buffer.from([0x0f, 0x18, 0x0a, 0x18])],
    [0x0a, Buffer.from([0xf4])],
    [0x08, 'Ther'],
    [0x09, 'Thermo 7'],
    [0xff, APPLE],
  ],
});

test('channels: advertising indexes 37/38/39 sit at RF 0, 12 and 39; data channels fill the rest', () => {
  assert.equal([37, 38, 39, 0, 10, 11, 36].map(rfChannelOfIndex), [0, 12, 39, 1, 11, 13, 38]);
  for (let index = 0; index < 40; index++) assert.is(indexOfRfChannel(rfChannelOfIndex(index)), index);
  assert.equal([0, 12, 39].map(rfChannelKhz), [2_402_000, 2_426_000, 2_480_000]);
});

test('an ADV_IND: random advertiser address in display order, name, flags, TX power, UUIDs, manufacturer data', () => {
  const advertisement = readAdvertisingPdu(beacon, 0)!;
  assert.is(advertisement.pduType, 'ADV_IND');
  assert.is(advertisement.transmitter, 0xc0ffeeabbccd);
  assert.ok(advertisement.transmitterRandom && advertisement.connectable);
  assert.equal(advertisement.data, {
    serviceUuids: ['180F', '180A'],
    truncated: false,
    flags: 6,
    txPower: -12,
    name: 'Thermo 7',
    nameShortened: false,
    companyId: 0x004c,
    manufacturerData: '10050118',
  });
});

test('SCAN_REQ, CONNECT_IND and ADV_DIRECT_IND name a target; short PDUs, lying lengths and a bad extended header throw', () => {
  const request = readAdvertisingPdu(advertisingPacket({ type: 3, address: '11:22:33:44:55:66', target: 'C0:FF:EE:AB:BC:CD' }), 0)!;
  assert.equal([request.pduType, request.transmitter, request.target], ['SCAN_REQ', 0x112233445566, 0xc0ffeeabbccd]);
  const connect = readAdvertisingPdu(advertisingPacket({ type: 5, address: '11:22:33:44:55:66', target: 'C0:FF:EE:AB:BC:CD', tail: new Uint8Array(22) }), 0)!;
  assert.is(connect.pduType, 'CONNECT_IND');
  const direct = readAdvertisingPdu(advertisingPacket({ type: 1, address: '11:22:33:44:55:66', target: '22:22:22:22:22:22' }), 0)!;
  assert.equal([direct.pduType, direct.connectable, direct.target], ['ADV_DIRECT_IND', true, 0x222222222222]);
  // Extended advertising is read (Bluetooth 5); six bytes of an address are no extended header.
  assert.throws(() => readAdvertisingPdu(advertisingPacket({ type: 7, address: '11:22:33:44:55:66' }), 0), /an extended header of \d+ bytes in a PDU of 6/);
  assert.throws(() => readAdvertisingPdu(advertisingPacket({ type: 5, address: '11:22:33:44:55:66', target: '22:22:22:22:22:22' }), 0), /CONNECT_IND PDU of 12 bytes \(needs 34\)/);
  const lying = Buffer.from(beacon);
  lying[5] = 200;
  assert.throws(() => readAdvertisingPdu(lying, 0), /claims 200 bytes/);
  assert.throws(() => readAdvertisingPdu(beacon.subarray(0, 8), 0), /shorter than its headers/);
});

test('advertising data that runs past the end keeps what came before', () => {
  const packet = advertisingPacket({ type: 2, address: '11:22:33:44:55:66', ad: [[0x09, 'ok']] });
  const cut = Buffer.concat([packet.subarray(0, packet.length - 3), Buffer.from([0x09, 0xff, 0x41]), packet.subarray(packet.length - 3)]);
  cut[5] = cut[5]! + 3;
  const advertisement = readAdvertisingPdu(cut, 0)!;
  assert.equal([advertisement.data?.name, advertisement.data?.truncated], ['ok', true]);
});

for (const version of [1, 2, 3] as const) {
  for (const padding of [false, true]) {
    test(`nRF Sniffer protocol v${version}${padding ? ' with the padding byte' : ''}: a DLT 256 packet with channel, RSSI and the packet as on air`, () => {
      const payload = snifferPayload(beacon, { channel: 38, rssi: 71, padding });
      const body = nordicFrameBody({ version, counter: 513, id: version === 3 ? 0x02 : 0x06, payload });
      assert.equal(readNordicFrame(body).counter, 513);
      const packet = nordicSnifferPacket(body, 'UUID', 1_700_000_000_250)!;
      assert.equal([packet.dlt, packet.tsSec, packet.tsUsec, packet.sourceUuid], [256, 1_700_000_000, 250_000, 'UUID']);
      assert.equal([...packet.data!.subarray(0, 4)], [12, (-71) & 0xff, 0, 0]);
      assert.equal(packet.data!.subarray(10), beacon);
      const decoded = decodeBtleFrame(packet);
      assert.equal(decoded?.signal, { signalDbm: -71, noiseDbm: undefined, freqKhz: 2_426_000, channel: '38' });
      assert.is(decoded?.annotation?.transmitter, 0xc0ffeeabbccd);
      assert.not.ok(decoded?.error);
    });
  }
}

test("the README's example frame (v2, id 0x02, empty payload) carries no packet; other ids neither", () => {
  assert.is(nordicSnifferPacket(Buffer.from('060002010002', 'hex'), 'UUID'), undefined);
  assert.is(nordicSnifferPacket(nordicFrameBody({ version: 2, counter: 1, id: 0x0e, payload: Buffer.from([1, 0]) }), 'UUID'), undefined, 'ping response');
  assert.is(nordicSnifferPacket(nordicFrameBody({ version: 2, counter: 1, id: 0x02, payload: snifferPayload(beacon, { channel: 37, rssi: 1 }) }), 'UUID'), undefined, 'id 2 is a packet only in v3');
});

test('malformed frames throw with the reason', () => {
  const good = nordicFrameBody({ version: 3, counter: 1, id: 0x02, payload: snifferPayload(beacon, { channel: 37, rssi: 50 }) });
  const cases: [Buffer, RegExp][] = [
    [good.subarray(0, 4), /shorter than the 6-byte header/],
    [Buffer.concat([good, Buffer.from([0])]), /announces \d+ payload bytes but the frame holds/],
    [Buffer.from([...good.subarray(0, 2), 9, ...good.subarray(3)]), /protocol version 9/],
    [nordicFrameBody({ version: 3, counter: 1, id: 0x02, payload: Buffer.from([10, 1, 37]) }), /no room for the BLE header/],
    [nordicFrameBody({ version: 3, counter: 1, id: 0x02, payload: snifferPayload(beacon, { channel: 45, rssi: 50 }) }), /channel index 45/],
    [nordicFrameBody({ version: 3, counter: 1, id: 0x02, payload: Buffer.concat([snifferPayload(beacon, { channel: 37, rssi: 50 }), Buffer.from([1, 2])]) }), /PDU length of \d+ in a/],
  ];
  for (const [frame, reason] of cases) assert.throws(() => nordicSnifferPacket(frame, 'UUID'), reason, frame.toString('hex'));
});

test('fuzz: 100,000 damaged frames and link-layer packets never throw out of the decoder', () => {
  const random = seededRandom(11);
  const good = nordicFrameBody({ version: 3, counter: 1, id: 0x02, payload: snifferPayload(beacon, { channel: 37, rssi: 50 }) });
  let decoded = 0;
  for (let i = 0; i < 100_000; i++) {
    const frame = Buffer.from(good);
    for (let flips = 1 + Math.floor(random() * 4); flips > 0; flips--) frame[Math.floor(random() * frame.length)] = Math.floor(random() * 256);
    const cut = random() < 0.2 ? frame.subarray(0, Math.floor(random() * frame.length)) : frame;
    let packet: Packet | undefined;
    try {
      packet = nordicSnifferPacket(cut, 'UUID');
    } catch (error) {
      assert.instance(error, Error);
      continue;
    }
    if (packet) {
      decodeBtleFrame(packet);
      decoded++;
    }
    const ll = Buffer.concat([Buffer.from([0xd6, 0xbe, 0x89, 0x8e]), randomBytes(random, 60)]);
    const bare: Packet = { tsSec: 0, tsUsec: 0, sourceUuid: 'UUID', dlt: DLT_BLUETOOTH_LE_LL, data: ll, annotations: {} };
    decodeBtleFrame(bare);
  }
  assert.ok(decoded > 1000, `only ${decoded} damaged frames were decodable`);
});

test('the BTLE PHY: devices by advertiser address with name, manufacturer, RSSI and channel; targets touched; CRC errors make no device', async () => {
  const t = await createTestService({ plugins: [serialPlugin, bluetoothPlugin], log: createLogger({ write: () => {} }) });
  try {
    const feed = (ll: Buffer, options: { channel: number; rssi: number; crcOk?: boolean }) => {
      const packet = nordicSnifferPacket(nordicFrameBody({ version: 3, counter: 1, id: 0x02, payload: snifferPayload(ll, options) }), 'UUID')!;
      runPacketChain(t.svc.hooks, packet);
      return packet;
    };
    feed(beacon, { channel: 37, rssi: 60 });
    feed(advertisingPacket({ type: 4, address: 'C0:FF:EE:AB:BC:CD', random: true, ad: [[0x16, Buffer.from([0xaa, 0xfe, 1])]] }), { channel: 39, rssi: 55 });
    feed(advertisingPacket({ type: 3, address: '00:1B:63:00:00:01', target: 'C0:FF:EE:AB:BC:CD' }), { channel: 38, rssi: 80 });
    const bad = feed(advertisingPacket({ type: 0, address: '02:00:00:00:00:09' }), { channel: 37, rssi: 60, crcOk: false });
    assert.ok(bad.error);
    const devices = (await (await t.request('/devices/views/phy-BTLE/devices.json')).json()) as Record<string, any>[];
    const byMac = new Map(devices.map((device) => [device['svc.device.base.macaddr'], device]));
    assert.equal([...byMac.keys()].sort(), ['00:1B:63:00:00:01', 'C0:FF:EE:AB:BC:CD']);
    const thermo = byMac.get('C0:FF:EE:AB:BC:CD')!;
    assert.is(thermo['svc.device.base.phyname'], 'BTLE');
    assert.is(thermo['svc.device.base.type'], 'BTLE');
    assert.is(thermo['svc.device.base.name'], 'Thermo 7');
    assert.is(thermo['svc.device.base.manuf'], 'Apple, Inc.');
    assert.is(thermo['svc.device.base.channel'], '39');
    assert.is(thermo['svc.device.base.signal']['svc.common.signal.last_signal'], -55);
    assert.is(thermo['svc.device.base.key'].slice(0, 16), '2701E10200000000');
    assert.is(thermo['svc.device.base.packets.tx_total'], 2);
    assert.is(thermo['svc.device.base.packets.rx_total'], 1);
    assert.equal(thermo['btle.device'], {
      'btle.device.address_type': 'random',
      'btle.device.random_kind': 'static',
      'btle.device.local_name': 'Thermo 7',
      'btle.device.flags': 6,
      'btle.device.tx_power': -12,
      'btle.device.service_uuids': ['180F', '180A'],
      'btle.device.solicitation_uuids': [],
      'btle.device.service_data': { FEAA: '01' },
      'btle.device.company_id': 0x004c,
      'btle.device.company_ids': [0x004c],
      'btle.device.manufacturer_data': '10050118',
      'btle.device.appearance': 0,
      'btle.device.connectable': 1,
      'btle.device.pdu_types': ['ADV_IND', 'SCAN_RSP'],
      'btle.device.advertiser': 'Eddystone beacon',
      'btle.device.tracker': 0,
    });
    const scanner = byMac.get('00:1B:63:00:00:01')!;
    assert.is(scanner['svc.device.base.manuf'], 'Apple, Inc.', 'a public address is looked up in the OUI registry');
    assert.is(scanner['btle.device']['btle.device.address_type'], 'public');
  } finally {
    await t.close();
  }
});

test.run();
