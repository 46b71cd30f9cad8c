/**
 * The DHCP reader: a client's discover and a server's acknowledgement built byte by byte (RFC 2131,
 * RFC 2132) come out with every field svc keeps; the option walk skips pads, stops at the end
 * option and at an option running past the payload (keeping what came before), takes the first
 * of a repeated option (as Kismet does), strips the NUL bytes clients put after names; anything
 * that is not BOOTP with the DHCP cookie is refused; and random damage never throws.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { randomBytes, seededRandom } from '@svc/core/testing';
import { bootp, clientIdOption, dhcpOption, DhcpMessageType, DhcpOption, u32be } from '../synthetic/dhcp-frames.js';
import { macNumber, STA } from './test-frames.js';
import { parseDhcp, type DhcpMessage } from './dhcp.js';

const read = (message: Buffer): DhcpMessage | undefined => parseDhcp(message, 0, message.length);
const discover = (options: Buffer[]) => bootp({ op: 1, transactionId: 7, clientMac: STA }, [dhcpOption(DhcpOption.MESSAGE_TYPE, DhcpMessageType.DISCOVER), ...options]);

test('a discover: message type, hardware address, host name, vendor class, client identifier, parameter request list', () => {
  const message = read(discover([clientIdOption(STA), dhcpOption(DhcpOption.HOST_NAME, 'alice-phone'), dhcpOption(DhcpOption.VENDOR_CLASS, 'android-dhcp-13'), dhcpOption(DhcpOption.PARAMETER_REQUEST_LIST, 1, 3, 6, 15, 26, 28, 51, 58, 59, 43)]));
  assert.equal(message, {
    op: 1,
    messageType: 1,
    clientMac: macNumber(STA),
    yourAddress: 0,
    hostName: 'alice-phone',
    vendorClass: 'android-dhcp-13',
    clientId: '01:3c:22:fb:44:55:66',
    clientIdMac: macNumber(STA),
    parameterRequestList: '1,3,6,15,26,28,51,58,59,43',
    leaseSeconds: undefined,
  });
});

test('an acknowledgement: the address given and the lease time', () => {
  const message = read(bootp({ op: 2, transactionId: 7, clientMac: STA, yourAddress: '192.168.7.23' }, [dhcpOption(DhcpOption.MESSAGE_TYPE, DhcpMessageType.ACK), dhcpOption(DhcpOption.LEASE_TIME, u32be(86_400))]))!;
  assert.is(message.op, 2);
  assert.is(message.messageType, DhcpMessageType.ACK);
  assert.is(message.yourAddress, 0xc0a80717);
  assert.is(message.leaseSeconds, 86_400);
});

test('the option walk: pads skipped, the end option ends it, the first of a repeated option counts', () => {
  const message = read(discover([Buffer.from([0, 0]), dhcpOption(DhcpOption.HOST_NAME, 'first'), dhcpOption(DhcpOption.HOST_NAME, 'second'), Buffer.from([255]), dhcpOption(DhcpOption.VENDOR_CLASS, 'after-end')]))!;
  assert.is(message.messageType, 1);
  assert.is(message.hostName, 'first');
  assert.is(message.vendorClass, undefined);
});

test('an option running past the payload ends the walk; the options before it are kept', () => {
  const whole = discover([dhcpOption(DhcpOption.HOST_NAME, 'kept'), dhcpOption(DhcpOption.VENDOR_CLASS, 'cut-short')]);
  const message = parseDhcp(whole, 0, whole.length - 5)!;
  assert.is(message.hostName, 'kept');
  assert.is(message.vendorClass, undefined);
});

test('names lose the NUL bytes clients add; an empty or all-NUL name is no name; other bytes are UTF-8', () => {
  assert.is(read(discover([dhcpOption(DhcpOption.HOST_NAME, 'laptop\0')]))!.hostName, 'laptop');
  assert.is(read(discover([dhcpOption(DhcpOption.HOST_NAME, '\0\0')]))!.hostName, undefined);
  assert.is(read(discover([dhcpOption(DhcpOption.HOST_NAME, '')]))!.hostName, undefined);
  assert.is(read(discover([dhcpOption(DhcpOption.HOST_NAME, Buffer.from([0x63, 0x61, 0x66, 0xc3, 0xa9, 0xff]))]))!.hostName, 'caf\u00e9\ufffd');
});

test('a client identifier that is not an Ethernet address has no MAC; a lease time of another length is ignored', () => {
  const duid = read(discover([dhcpOption(DhcpOption.CLIENT_ID, 255, 0xde, 0xad, 0xbe, 0xef, 0, 1, 0, 1)]))!;
  assert.is(duid.clientId, 'ff:de:ad:be:ef:00:01:00:01');
  assert.is(duid.clientIdMac, undefined);
  assert.is(read(discover([dhcpOption(DhcpOption.CLIENT_ID, 1, 1, 2, 3, 4, 5)]))!.clientIdMac, undefined, 'type 1 with 5 bytes');
  assert.is(read(discover([dhcpOption(DhcpOption.LEASE_TIME, 0, 1)]))!.leaseSeconds, undefined);
});

test('a hardware address that is not Ethernet is not a MAC', () => {
  const message = discover([]);
  message[1] = 6; // IEEE 802 token ring
  assert.is(read(message)!.clientMac, undefined);
});

test('not DHCP: another BOOTP operation, no magic cookie, too short', () => {
  const message = discover([]);
  assert.ok(read(message));
  assert.is(read(Buffer.concat([Buffer.from([3]), message.subarray(1)])), undefined);
  const plainBootp = Buffer.from(message);
  plainBootp.writeUInt32BE(0, 236);
  assert.is(read(plainBootp), undefined);
  assert.is(parseDhcp(message, 0, 239), undefined);
  assert.is(parseDhcp(message, 0, message.length + 100)?.messageType, 1, 'an end past the buffer is the buffer end');
});

test('fuzz: damaged and random messages never throw, and what they give stays in range', () => {
  const random = seededRandom(55);
  const sample = discover([clientIdOption(STA), dhcpOption(DhcpOption.HOST_NAME, 'x'), dhcpOption(DhcpOption.PARAMETER_REQUEST_LIST, 1, 3, 6), dhcpOption(DhcpOption.LEASE_TIME, u32be(60))]);
  let decoded = 0;
  for (let round = 0; round < 20_000; round++) {
    let bytes: Buffer;
    if (round % 3 === 0) bytes = Buffer.concat([sample.subarray(0, 240), randomBytes(random, 80)]);
    else {
      bytes = Buffer.from(sample);
      for (let hits = 1 + Math.floor(random() * 6); hits > 0; hits--) bytes[240 + Math.floor(random() * (bytes.length - 240))] = Math.floor(random() * 256);
      if (random() < 0.3) bytes = bytes.subarray(0, Math.floor(random() * bytes.length));
    }
    const message = read(bytes);
    if (message === undefined) continue;
    decoded++;
    assert.ok(message.messageType >= 0 && message.messageType <= 255);
    if (message.clientIdMac !== undefined) assert.ok(message.clientIdMac >= 0 && message.clientIdMac < 2 ** 48);
    if (message.parameterRequestList !== undefined) assert.match(message.parameterRequestList, /^\d{1,3}(,\d{1,3})*$/);
  }
  assert.ok(decoded > 10_000, `most damaged messages still decode (${decoded})`);
});

test.run();
