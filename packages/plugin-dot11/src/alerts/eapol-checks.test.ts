/**
 * The EAPOL checks through the real chain, on handshake frames built field by field (IEEE
 * 802.11-2020 12.7.2): RTL8195VD1406, NONCEDEGRADE and NONCEREUSE (both off by default in Kismet;
 * enabled here), VDOO202027302 and VDOO202027301, and WPSBRUTE, each against its near miss.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { dataFrame, STA } from '../parse/test-frames.js';
import { AP, alertHarness, u16, upper, type AlertHarness } from './alert-harness.test-helper.js';

let h: AlertHarness;
test.before.each(async () => {
  h = await alertHarness();
});
test.after.each(() => h.close());

const M1 = 0x008a;
const M2 = 0x010a;
const M3 = 0x13ca;
const GROUP_2 = 0x0312;

/** An EAPOL-Key body behind LLC/SNAP: key information, replay counter, nonce fill, key data bytes. */
function key(info: number, options: { replay?: number; nonce?: number; keyData?: number; descriptor?: number } = {}): Buffer {
  const fields = Buffer.alloc(94);
  fields.writeUInt16BE(info, 0);
  fields.writeUInt16BE(16, 2);
  fields.writeBigUInt64BE(BigInt(options.replay ?? 1), 4);
  fields.fill(options.nonce ?? 0, 12, 44);
  fields.writeUInt16BE(options.keyData ?? 0, 92);
  const body = Buffer.concat([Buffer.from([options.descriptor ?? 2]), fields, Buffer.alloc(options.keyData ?? 0, 0xdd)]);
  const header = Buffer.from([2, 3, 0, 0]);
  header.writeUInt16BE(body.length, 2);
  return Buffer.concat([Buffer.from('aaaa03000000888e', 'hex'), header, body]);
}
/** A QoS data frame carrying `body` from the access point (from-DS) or to it (to-DS). */
const fromAp = (body: Buffer, flags = 0x02) => dataFrame(flags, STA, AP, AP, 8, [u16(7)], body);
const toAp = (body: Buffer) => dataFrame(0x01, AP, STA, AP, 8, [u16(7)], body);

test('RTL8195VD1406: an 802.1X body over 512 bytes; 512 is fine', () => {
  h.send(fromAp(key(M1, { nonce: 1, keyData: 512 - 95 })));
  assert.equal(h.raised(), []);
  h.send(fromAp(key(M1, { nonce: 2, keyData: 513 - 95 })));
  assert.equal(h.raised(), [['RTL8195VD1406', upper(AP), upper(AP), upper(STA), '0']]);
});

test('NONCEDEGRADE: a group key message 2 with no key data and a zero nonce; a pairwise message 4, or a nonce, is fine', () => {
  h.send(toAp(key(M2 | 0x0200, { nonce: 0 })));
  h.send(toAp(key(GROUP_2, { nonce: 5 })));
  assert.equal(h.raised(), []);
  h.send(toAp(key(GROUP_2, { nonce: 0 })));
  assert.equal(h.raised(), [['NONCEDEGRADE', upper(AP), upper(STA), upper(AP), '0']]);
});

test('VDOO202027302 and VDOO202027301: message 3 from the access point with long key data, by descriptor version', () => {
  h.send(fromAp(key(M3, { nonce: 1, keyData: 0x80 })));
  h.send(fromAp(key((M3 & ~7) | 1, { nonce: 2, keyData: 0x101 })));
  h.send(toAp(key(M3, { nonce: 3, keyData: 0x90 })));
  assert.equal(h.raised(), [], 'at the limits, or towards the access point');
  h.send(fromAp(key(M3, { nonce: 4, keyData: 0x81 })));
  h.send(fromAp(key((M3 & ~7) | 1, { nonce: 5, keyData: 0x102 })));
  assert.equal(h.raised().map(([header]) => header), ['VDOO202027302', 'VDOO202027301']);
});

test('NONCEREUSE: a message 3 nonce again with the same replay counter more than a second later; sooner, a higher counter, or the retry bit is fine', () => {
  h.send(fromAp(key(M3, { nonce: 7, replay: 2, keyData: 56 })), { time: 100 });
  h.send(fromAp(key(M3, { nonce: 7, replay: 2, keyData: 56 })), { time: 100.5 });
  h.send(fromAp(key(M3, { nonce: 7, replay: 3, keyData: 56 })), { time: 102 });
  h.send(fromAp(key(M3, { nonce: 7, replay: 3, keyData: 56 }), 0x0a), { time: 104 });
  assert.equal(h.raised(), []);
  h.send(fromAp(key(M3, { nonce: 7, replay: 3, keyData: 56 })), { time: 105 });
  assert.equal(h.raised(), [['NONCEREUSE', upper(AP), upper(AP), upper(STA), '0']]);
});

test('NONCEREUSE: a message 1 ANonce again with the same counter and no retry bit; with the retry bit, or a higher counter, it is fine', () => {
  h.send(fromAp(key(M1, { nonce: 9, replay: 4 })), { time: 200 });
  h.send(fromAp(key(M1, { nonce: 9, replay: 4 }), 0x0a), { time: 200.1 });
  h.send(fromAp(key(M1, { nonce: 9, replay: 5 })), { time: 201 });
  assert.equal(h.raised(), []);
  h.send(fromAp(key(M1, { nonce: 9, replay: 5 })), { time: 201.2 });
  assert.equal(h.raised().map(([header]) => header), ['NONCEREUSE']);
});

test('WPSBRUTE: a sixth WPS M3 from one access point within 5 minutes of the last; five, or a gap, are fine', () => {
  /** An EAP-Request / WSC_MSG carrying WPS message type `message`. */
  const wps = (message: number) => {
    const attributes = Buffer.concat([Buffer.from([0x10, 0x4a, 0, 1, 0x10, 0x10, 0x22, 0, 1, message]), Buffer.from([0x10, 0x39, 0, 16]), Buffer.alloc(16)]);
    const eap = Buffer.concat([Buffer.from([1, 10, 0, 0, 254, 0x00, 0x37, 0x2a, 0, 0, 0, 1, 4, 0]), attributes]);
    eap.writeUInt16BE(eap.length, 2);
    const header = Buffer.from([1, 0, 0, 0]);
    header.writeUInt16BE(eap.length, 2);
    return Buffer.concat([Buffer.from('aaaa03000000888e', 'hex'), header, eap]);
  };
  for (let i = 0; i < 5; i++) h.send(fromAp(wps(7)), { time: 1000 + i * 3 });
  h.send(fromAp(wps(8)), { time: 1016 });
  h.send(fromAp(wps(7)), { time: 1400 });
  assert.equal(h.raised(), [], 'five M3s, an M4, then one after a gap of over 5 minutes');
  for (let i = 0; i < 5; i++) h.send(fromAp(wps(7)), { time: 1403 + i * 3 });
  assert.equal(h.raised(), [['WPSBRUTE', upper(AP), upper(AP), upper(STA), '0']]);
});

test.run();
