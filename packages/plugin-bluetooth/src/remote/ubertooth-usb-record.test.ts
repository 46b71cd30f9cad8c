/**
 * The Ubertooth record conversion against the layouts it joins: libubertooth's `usb_pkt_rx`
 * (64 bytes) in, LINKTYPE_BLUETOOTH_LE_LL_WITH_PHDR (RF channel, signal, reference access
 * address, flags, then the link-layer packet) out, read back with the BTLE decoder.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Packet } from '@svc/core';
import { decodeBtleFrame } from '../btle/btle-decoder.js';
import { LePhdrFlags, readLePhdr } from '../btle/le-ll-phdr.js';
import { convertUbertoothPacket, ubertoothRecordFrame, UBERTOOTH_RECORD_BYTES } from './ubertooth-usb-record.js';

/** An ADV_NONCONN_IND from random address C0:11:22:33:44:55 with a Flags AD, CRC bytes as sent. */
const LINK_LAYER = Buffer.from('d6be898e' + '4209' + '554433221' + '1c0' + '020106' + 'a1b2c3', 'hex');

function record(channelMhz: number, rssiMin: number, linkLayer = LINK_LAYER): Buffer {
  const bytes = Buffer.alloc(UBERTOOTH_RECORD_BYTES);
  bytes[0] = 1;
  bytes[2] = channelMhz;
  bytes.writeInt8(rssiMin, 9);
  linkLayer.copy(bytes, 14);
  return bytes;
}

test('a record becomes the pseudo-header and the link-layer bytes, on the RF channel of its frequency', () => {
  const frame = ubertoothRecordFrame(record(24, -10))!;
  assert.equal(readLePhdr(frame), { rfChannel: 12, signalDbm: -64, noiseDbm: undefined, flags: LePhdrFlags.DEWHITENED | LePhdrFlags.SIGNAL_VALID | LePhdrFlags.REF_ACCESS_ADDRESS_VALID });
  assert.is(frame.readUInt32LE(4), 0x8e89bed6, 'reference access address from the packet');
  assert.equal(frame.subarray(10), LINK_LAYER, 'access address, header, PDU and CRC, nothing after');
  const decoded = decodeBtleFrame({ dlt: 256, data: frame });
  assert.equal(decoded?.signal, { signalDbm: -64, noiseDbm: undefined, freqKhz: 2_426_000, channel: '38' });
  assert.is(decoded?.annotation?.transmitter, 0xc01122334455);
});

test('records that cannot be a BLE packet are refused: wrong size, a PDU longer than the record, a channel off the band or between channels', () => {
  assert.is(ubertoothRecordFrame(record(0, -10).subarray(0, 63)), undefined);
  const long = Buffer.from(LINK_LAYER);
  long[5] = 42;
  assert.is(ubertoothRecordFrame(record(0, -10, long)), undefined);
  assert.is(ubertoothRecordFrame(record(80, -10)), undefined);
  assert.is(ubertoothRecordFrame(record(3, -10)), undefined);
});

test('a tool packet of link type 0 is converted, one that is no record is an error, other link types pass', () => {
  const packet: Packet = { tsSec: 1, tsUsec: 0, sourceUuid: 'U', dlt: 0, data: record(78, -30), annotations: {} };
  convertUbertoothPacket(packet);
  assert.equal([packet.dlt, packet.data![0], packet.error], [256, 39, undefined]);
  const junk: Packet = { tsSec: 1, tsUsec: 0, sourceUuid: 'U', dlt: 0, data: Buffer.alloc(12), annotations: {} };
  convertUbertoothPacket(junk);
  assert.equal([junk.dlt, junk.data!.length, junk.error], [0, 12, true]);
  const ready = Buffer.concat([Buffer.alloc(10), LINK_LAYER]);
  const sniffed: Packet = { tsSec: 1, tsUsec: 0, sourceUuid: 'U', dlt: 256, data: ready, annotations: {} };
  convertUbertoothPacket(sniffed);
  assert.equal([sniffed.dlt, sniffed.data, sniffed.error], [256, ready, undefined]);
});

test.run();
