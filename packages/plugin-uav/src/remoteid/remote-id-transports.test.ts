/**
 * Where Remote ID rides: a beacon's vendor element of OUI type 0x0D, BLE service data of
 * application code 0x0D, and a NAN service discovery frame's descriptor attribute for the Remote
 * ID service, found among other attributes and after the optional fields its service control
 * announces; other OUI types, application codes, services and action frames are not Remote ID.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { basicIdMessage, locationMessage, messagePack } from '../testing/remote-id-messages.js';
import { ODID_NAN_SERVICE_ID, readBeaconElement, readNanActionFrame, readServiceData } from './remote-id-transports.js';

const BASIC = basicIdMessage({ idType: 1, uaType: 2, id: 'SERIAL' });
const PACK = messagePack([BASIC, locationMessage({ lat: 1, lon: 2 })]);

/** A NAN action frame body with the attributes given. */
function nanBody(...attributes: Buffer[]): Buffer {
  return Buffer.concat([Buffer.from([4, 9, 0x50, 0x6f, 0x9a, 0x13]), ...attributes]);
}
function attribute(id: number, body: Buffer): Buffer {
  return Buffer.concat([Buffer.from([id, body.length & 0xff, body.length >> 8]), body]);
}
function descriptor(serviceId: readonly number[], control: number, optional: Buffer, info: Buffer): Buffer {
  return attribute(3, Buffer.concat([Buffer.from(serviceId), Buffer.from([1, 0, control]), optional, Buffer.from([info.length]), info]));
}

test('beacon elements and service data: counter and messages of Remote ID, nothing of another type or code', () => {
  const element = Buffer.concat([Buffer.from([0x0d, 42]), PACK]);
  assert.equal(readBeaconElement(element, 0, element.length)?.messages.length, 2);
  assert.is(readBeaconElement(element, 0, element.length)?.counter, 42);
  assert.is(readBeaconElement(Buffer.concat([Buffer.from([0x0e, 42]), PACK]), 0, PACK.length + 2), undefined);
  const single = Buffer.concat([Buffer.from([0x0d, 7]), BASIC]);
  assert.equal(readServiceData(single, 0, single.length)?.messages.map((message) => message.kind), ['basic_id']);
  assert.is(readServiceData(Buffer.from([0x0c, 7]), 0, 2), undefined);
});

test('NAN: the Remote ID descriptor after another attribute and its matching filter, response filter and binding bitmap', () => {
  const info = Buffer.concat([Buffer.from([9]), PACK]);
  const other = attribute(0x0e, Buffer.from([1, 0, 2, 34]));
  const optional = Buffer.from([0xaa, 0xbb, 2, 0x11, 0x22, 1, 0x33]);
  const frame = nanBody(other, descriptor(ODID_NAN_SERVICE_ID, 0x10 | 0x04 | 0x08 | 0x40, optional, info));
  const payload = readNanActionFrame(frame, 0, frame.length);
  assert.equal([payload?.counter, payload?.messages.length, payload?.malformed], [9, 2, undefined]);
});

test('NAN: another service, no service info, a cut attribute, or another action frame is no Remote ID', () => {
  const info = Buffer.concat([Buffer.from([9]), PACK]);
  const otherService = nanBody(descriptor([1, 2, 3, 4, 5, 6], 0x10, Buffer.alloc(0), info));
  assert.is(readNanActionFrame(otherService, 0, otherService.length), undefined);
  const noInfo = nanBody(descriptor(ODID_NAN_SERVICE_ID, 0x00, Buffer.alloc(0), info));
  assert.is(readNanActionFrame(noInfo, 0, noInfo.length), undefined);
  const whole = nanBody(descriptor(ODID_NAN_SERVICE_ID, 0x10, Buffer.alloc(0), info));
  assert.is(readNanActionFrame(whole, 0, whole.length - 1), undefined);
  const blockAck = Buffer.from([3, 0, 1, 2, 3, 4, 5]);
  assert.is(readNanActionFrame(blockAck, 0, blockAck.length), undefined);
});

test.run();
