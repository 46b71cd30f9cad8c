/**
 * Fuzzing the drone decoders with a seeded generator (so a failure replays): random bytes of every
 * length, and well-formed payloads (a pack of every message kind, one Bluetooth 4 message, a NAN
 * frame body, a DJI DroneID element, and the 77 real DroneID elements of the spoofed Mavic capture)
 * with bytes changed, cut or added. No reader throws; a reader never reports a malformed payload
 * as clean when the damage hits what is checked (message types, the pack header); and a service
 * fed the damaged frames through the real chain keeps running, logs no error and counts the
 * malformed transmissions it applied.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { createLogger, runPacketChain } from '@svc/core';
import { createTestService, randomBytes, realDataPath, realDataTest, seededRandom } from '@svc/core/testing';
import bluetoothPlugin from '@svc/plugin-bluetooth';
import dot11Plugin from '@svc/plugin-dot11';
import uavPlugin, { UAV_PHY_NAME } from '../index.js';
import { readDjiDroneId } from '../dji/dji-droneid.js';
import { djiDroneIdElement, DRONE_FRAME_LINK_TYPES, remoteIdBeacon, remoteIdExtendedAdvertisement, remoteIdLegacyAdvertisement, remoteIdNanFrame } from '../testing/drone-frames.js';
import { authenticationMessage, basicIdMessage, locationMessage, messagePack, operatorIdMessage, selfIdMessage, systemMessage } from '../testing/remote-id-messages.js';
import { decodeRemoteIdPayload } from './decode-odid.js';
import { readBeaconElement, readNanActionFrame, readServiceData } from './remote-id-transports.js';

const MESSAGES = [
  basicIdMessage({ idType: 1, uaType: 2, id: '1581F5FHD228P00B00FL' }),
  locationMessage({ status: 2, lat: 60.1, lon: 24.9, geodeticAltitude: 120, height: 50, speed: 10, direction: 90, timestamp: 100 }),
  authenticationMessage({ authType: 1, page: 0, lastPage: 0, length: 17, time: 1_700_000_000, data: Buffer.alloc(17, 7) }),
  selfIdMessage('Inspection'),
  systemMessage({ operatorLat: 60.09, operatorLon: 24.9, areaRadius: 100 }),
  operatorIdMessage('FIN87astrdge12k8'),
];
const PACK = Buffer.concat([Buffer.from([5]), messagePack(MESSAGES)]);
const DJI = djiDroneIdElement({ serial: '0JXHF7E0012345', lat: 46.8, lon: 7.6, appLat: 46.79, appLon: 7.61, homeLat: 46.8, homeLon: 7.6 }).subarray(5);
const NAN = remoteIdNanFrame({ transmitter: '02:00:00:00:00:01', counter: 3, messages: MESSAGES });
/** The NAN frame's body: after the radiotap header and the 24-byte management header. */
const NAN_BODY = NAN.subarray(NAN.readUInt16LE(2) + 24);

/** The readers, each given bytes to read in full. */
const READERS: Record<string, (bytes: Buffer) => unknown> = {
  payload: (bytes) => decodeRemoteIdPayload(bytes, 0, bytes.length),
  beacon: (bytes) => readBeaconElement(bytes, 0, bytes.length),
  serviceData: (bytes) => readServiceData(bytes, 0, bytes.length),
  nan: (bytes) => readNanActionFrame(bytes, 0, bytes.length),
  dji: (bytes) => readDjiDroneId(bytes, 0, bytes.length),
};

/** A copy of `bytes` with a few bytes changed, cut or added. */
function damage(bytes: Buffer, random: () => number): Buffer {
  let out = Buffer.from(bytes);
  const edits = 1 + Math.floor(random() * 3);
  for (let i = 0; i < edits; i++) {
    const at = Math.floor(random() * (out.length + 1));
    const kind = random();
    if (kind < 0.6 && out.length > 0) out[Math.min(at, out.length - 1)] = Math.floor(random() * 256);
    else if (kind < 0.8) out = out.subarray(0, at);
    else out = Buffer.concat([out.subarray(0, at), randomBytes(random, 8), out.subarray(at)]);
  }
  return out;
}

test('random bytes of every length: no reader throws', () => {
  const random = seededRandom(0xd20e);
  for (let round = 0; round < 100_000; round++) {
    const bytes = randomBytes(random, round % 10 === 0 ? 600 : 80);
    for (const read of Object.values(READERS)) read(bytes);
  }
});

test('damaged payloads: no reader throws; a damaged message type or pack header is always reported', () => {
  const random = seededRandom(0x0d1d);
  const seeds: [string, Buffer][] = [
    ['payload', PACK],
    ['payload', Buffer.concat([Buffer.from([1]), MESSAGES[1]!])],
    ['beacon', Buffer.concat([Buffer.from([0x0d]), PACK])],
    ['serviceData', Buffer.concat([Buffer.from([0x0d]), PACK])],
    ['nan', NAN_BODY],
    ['dji', DJI],
  ];
  let malformed = 0;
  for (let round = 0; round < 60_000; round++) {
    const [reader, seed] = seeds[round % seeds.length]!;
    READERS[reader]!(damage(seed, random));
    // A reserved message type in the pack is always named.
    const reserved = Buffer.from(PACK);
    reserved[4 + 25 * (round % MESSAGES.length)] = (6 + (round % 9)) << 4;
    const decoded = decodeRemoteIdPayload(reserved, 0, reserved.length);
    assert.match(decoded.malformed ?? '', /reserved/, `round ${round}`);
    assert.is(decoded.messages.length, MESSAGES.length - 1);
    malformed++;
  }
  assert.is(malformed, 60_000);
});

const MAVIC_REFERENCE = 'uav/remoteidreceiver_mavic_multiple_spoofed.tshark.json';

realDataTest(test, "the spoofed Mavic capture's 77 real DroneID elements, damaged: no throw", [MAVIC_REFERENCE], () => {
  const reference = JSON.parse(readFileSync(realDataPath(MAVIC_REFERENCE), 'utf8')) as { frames: { dji_droneid?: { ie_hex: string }[] }[] };
  const elements = reference.frames.flatMap((frame) => frame.dji_droneid ?? []).map((entry) => Buffer.from(entry.ie_hex, 'hex').subarray(5));
  assert.is(elements.length, 77);
  const random = seededRandom(77);
  for (let round = 0; round < 20_000; round++) {
    const bytes = damage(elements[round % elements.length]!, random);
    readDjiDroneId(bytes, 0, bytes.length);
  }
});

test('damaged drone frames through the real chain: the service carries on, logs no error, and counts the malformed transmissions', async () => {
  const errors: string[] = [];
  const t = await createTestService({ plugins: [dot11Plugin, bluetoothPlugin, uavPlugin], log: createLogger({ level: 'error', write: (line) => void errors.push(line) }) });
  try {
    const random = seededRandom(0xfeed);
    const frames: [number, Buffer][] = [
      [DRONE_FRAME_LINK_TYPES.WIFI, remoteIdBeacon({ transmitter: '02:00:00:00:00:01', counter: 1, messages: MESSAGES })],
      [DRONE_FRAME_LINK_TYPES.WIFI, NAN],
      [DRONE_FRAME_LINK_TYPES.BLE, remoteIdLegacyAdvertisement({ address: 'c0:00:00:00:00:02', counter: 1, message: MESSAGES[1]! })],
      [DRONE_FRAME_LINK_TYPES.BLE, remoteIdExtendedAdvertisement({ address: 'c0:00:00:00:00:03', counter: 1, messages: MESSAGES })],
    ];
    let applied = 0;
    t.svc.hooks.packet.for('track').tap('fuzz-count', (packet) => void (applied += packet.annotations.uav?.sightings.length ?? 0));
    for (let round = 0; round < 8_000; round++) {
      const [dlt, frame] = frames[round % frames.length]!;
      runPacketChain(t.svc.hooks, { tsSec: 1_700_000_000 + round, tsUsec: 0, sourceUuid: 'FUZZ', dlt, data: damage(frame, random), annotations: {} });
    }
    assert.equal(errors, []);
    const metrics = await (await t.request('/metrics')).text();
    const counted = (name: string) => Number(new RegExp(`^${name} (\\d+)$`, 'm').exec(metrics)?.[1]);
    assert.is(counted('svc_uav_transmissions_total'), applied);
    assert.ok(counted('svc_uav_malformed_total') > 100 && counted('svc_uav_malformed_total') < applied, `${counted('svc_uav_malformed_total')} malformed of ${applied}`);
    const phy = t.svc.devices.phy(UAV_PHY_NAME)!;
    const drones = [...t.svc.devices.devices()].filter((device) => device.phy === phy);
    assert.ok(drones.some((device) => device.components.uav!.malformed > 0), 'malformed transmissions are counted on their drones');
  } finally {
    await t.close();
  }
});

test.run();
