/**
 * The Remote ID decoder on messages built by `@svc/plugin-uav/testing`: every message kind
 * decodes to what was encoded, "unknown" values to undefined, both protocol versions, and each
 * kind of malformation is named while what could be read is kept.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { authenticationMessage, basicIdMessage, locationMessage, messagePack, operatorIdMessage, selfIdMessage, systemMessage } from '../testing/remote-id-messages.js';
import { decodeRemoteIdPayload } from './decode-odid.js';
import { UasIdType } from './odid-message.js';

const payload = (counter: number, body: Uint8Array) => Buffer.concat([Buffer.from([counter]), body]);
const decode = (bytes: Buffer) => decodeRemoteIdPayload(bytes, 0, bytes.length);

test('a pack of every message kind decodes to what was encoded', () => {
  const auth = Buffer.from('0123456789abcdefghijklmnopqrstuvwxyzABCD');
  const pack = messagePack([
    basicIdMessage({ idType: UasIdType.SERIAL_NUMBER, uaType: 2, id: '1581F5FHD228P00B00FL' }),
    locationMessage({ status: 2, lat: 60.1134364, lon: -24.9694867, geodeticAltitude: 120.5, pressureAltitude: 110, height: 50, heightType: 1, speed: 12.25, verticalSpeed: -1.5, direction: 271, timestamp: 1234.5 }),
    authenticationMessage({ authType: 1, page: 0, lastPage: 1, length: 40, time: 1_700_000_000, data: auth.subarray(0, 17) }),
    authenticationMessage({ authType: 1, page: 1, data: auth.subarray(17) }),
    selfIdMessage('Survey of the dam'),
    systemMessage({ operatorLat: 60.11, operatorLon: -24.96, operatorLocationType: 1, operatorAltitude: 20.5, areaCount: 1, areaRadius: 500, areaCeiling: 150, areaFloor: 0, classificationType: 1, category: 1, class: 2, time: 1_700_000_123 }),
    operatorIdMessage('FIN87astrdge12k8'),
  ]);
  const decoded = decode(payload(7, pack));
  assert.is(decoded.counter, 7);
  assert.is(decoded.malformed, undefined);
  assert.equal(decoded.messages.map((message) => message.kind), ['basic_id', 'location', 'authentication', 'authentication', 'self_id', 'system', 'operator_id']);
  const [basic, location, page0, page1, selfId, system, operator] = decoded.messages;
  assert.equal(basic, { kind: 'basic_id', version: 2, idType: 1, uaType: 2, uasId: '1581F5FHD228P00B00FL' });
  assert.equal(location, {
    kind: 'location',
    version: 2,
    status: 2,
    heightType: 1,
    direction: 271,
    speed: 12.25,
    verticalSpeed: -1.5,
    lat: 60.1134364,
    lon: -24.9694867,
    pressureAltitude: 110,
    geodeticAltitude: 120.5,
    height: 50,
    horizontalAccuracy: 10,
    verticalAccuracy: 3,
    baroAccuracy: 4,
    speedAccuracy: 3,
    timestamp: 1234.5,
    timestampAccuracy: 0.1,
  });
  assert.equal(page0, { kind: 'authentication', version: 2, authType: 1, page: 0, lastPage: 1, length: 40, timestamp: 1_700_000_000, data: auth.subarray(0, 17).toString('hex') });
  assert.equal(page1, { kind: 'authentication', version: 2, authType: 1, page: 1, data: auth.subarray(17, 40).toString('hex') });
  assert.equal(selfId, { kind: 'self_id', version: 2, descriptionType: 0, description: 'Survey of the dam' });
  assert.equal(system, { kind: 'system', version: 2, operatorLocationType: 1, classificationType: 1, operatorLat: 60.11, operatorLon: -24.96, areaCount: 1, areaRadius: 500, areaCeiling: 150, areaFloor: 0, category: 1, class: 2, operatorAltitude: 20.5, timestamp: 1_700_000_123 });
  assert.equal(operator, { kind: 'operator_id', version: 2, operatorIdType: 0, operatorId: 'FIN87astrdge12k8' });
});

test('unknown values decode to undefined; high speeds use the multiplier; a single message (Bluetooth 4) and version 0 decode alike', () => {
  const [unknown] = decode(payload(1, locationMessage({ status: 1, version: 0 }))).messages;
  assert.equal(unknown, { kind: 'location', version: 0, status: 1, heightType: 0, direction: undefined, speed: undefined, verticalSpeed: undefined, lat: undefined, lon: undefined, pressureAltitude: undefined, geodeticAltitude: undefined, height: undefined, horizontalAccuracy: 10, verticalAccuracy: 3, baroAccuracy: 4, speedAccuracy: 3, timestamp: undefined, timestampAccuracy: 0.1 });
  const [fast] = decode(payload(1, locationMessage({ speed: 100.5, direction: 180, lat: 1, lon: 2 }))).messages;
  assert.equal([fast!.kind === 'location' && fast.speed, fast!.kind === 'location' && fast.direction], [100.5, 180]);
  const [system] = decode(payload(1, systemMessage({}))).messages;
  assert.equal(system, { kind: 'system', version: 2, operatorLocationType: 0, classificationType: 0, operatorLat: undefined, operatorLon: undefined, areaCount: 1, areaRadius: 0, areaCeiling: undefined, areaFloor: undefined, category: 0, class: 0, operatorAltitude: undefined, timestamp: undefined });
});

test('IDs: text up to the NUL padding; a UTM UUID that is not text as hex; an empty operator ID', () => {
  const uuid = Buffer.from('8f1a2b3c4d5e6f708192a3b4c5d6e7f8', 'hex');
  const [utm, operator] = decode(payload(0, messagePack([basicIdMessage({ idType: UasIdType.UTM_ASSIGNED, uaType: 1, id: uuid }), operatorIdMessage('')]))).messages;
  assert.equal([utm!.kind === 'basic_id' && utm.uasId, operator!.kind === 'operator_id' && operator.operatorId], ['8f1a2b3c4d5e6f708192a3b4c5d6e7f8', '']);
});

test('malformations are named, and what could be read is kept', () => {
  const location = locationMessage({ lat: 10, lon: 20 });
  const offGlobe = Buffer.from(location);
  offGlobe.writeInt32LE(95 * 1e7, 5);
  assert.equal(decode(payload(0, offGlobe)).malformed, 'position 95, 20 is off the globe');
  const badDirection = Buffer.from(location);
  badDirection[1]! |= 0x02;
  badDirection[2] = 204;
  assert.equal(decode(payload(0, badDirection)).malformed, 'direction 384 degrees');
  const reserved = Buffer.from(location);
  reserved[0] = 0x72;
  assert.equal(decode(payload(0, reserved)), { counter: 0, messages: [], malformed: 'message type 7 is reserved' });
  const pack = messagePack([basicIdMessage({ idType: 1, uaType: 2, id: 'X' }), location]);
  assert.equal(decode(payload(0, pack.subarray(0, pack.length - 1))).malformed, 'a message pack of 2 messages with room for 1');
  assert.is(decode(payload(0, pack.subarray(0, pack.length - 1))).messages.length, 1);
  const nested = messagePack([messagePack([location]).subarray(0, 25), location]);
  assert.equal([decode(payload(0, nested)).malformed, decode(payload(0, nested)).messages.length], ['a message pack inside a message pack', 1]);
  const wrongSize = Buffer.from(pack);
  wrongSize[1] = 24;
  assert.match(decode(payload(0, wrongSize)).malformed!, /24-byte messages/);
  const tooMany = Buffer.from(messagePack(Array.from({ length: 10 }, () => location)));
  assert.equal([decode(payload(0, tooMany)).malformed, decode(payload(0, tooMany)).messages.length], ['a message pack of 10 messages (at most 9)', 9]);
  assert.match(decode(Buffer.from([3, 0x12])).malformed!, /a message needs 25/);
  assert.equal(decode(payload(9, messagePack([]))), { counter: 9, messages: [], malformed: undefined }, 'an empty pack (a transmitter starting up) is well formed');
});

test.run();
