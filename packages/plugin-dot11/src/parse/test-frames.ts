/**
 * What the plugin's tests build frames with: the synthetic generator's frame builders, the
 * addresses tests share, a short EAPOL-Key body, a radiotap header with defaults, and a fuzz
 * source of random and damaged frames of svc's demo scene. Not part of the package's exports.
 */
import { randomBytes, seededRandom } from '@svc/core/testing';
import { DEMO_SCENE } from '../synthetic/demo-scene.js';
import { BROADCAST, management as managementFrame, u16 } from '../synthetic/frame-builders.js';
import { Akm, Cipher, rsn } from '../synthetic/information-elements.js';
import { LinkType, radiotap as radiotapHeader, withRadioHeader } from '../synthetic/radio-headers.js';
import { sceneFrames } from '../synthetic/scene.js';

/** An access point, a station and a multicast destination used across tests. */
export const AP = 'a0:04:60:11:22:33';
export const STA = '3c:22:fb:44:55:66';
export const DA = '01:00:5e:00:00:fb';

export { beaconFixed, BROADCAST, dataFrame, element, mac, macNumber, ssid, u16 } from '../synthetic/frame-builders.js';
export { HANDSHAKE_KEY_INFO as EAPOL_KEY_INFO } from '../synthetic/wpa-handshake.js';

/** A management frame, from the shared access point to everyone unless told. */
export function management(subtype: number, body: Buffer, flags = 0, from = AP, to = BROADCAST, bssid = AP): Buffer {
  return managementFrame(subtype, body, flags, from, to, bssid);
}

/** RSN element: CCMP group and pairwise, PSK. */
export const rsnPskCcmp = rsn({ group: Cipher.CCMP, pairwise: [Cipher.CCMP], akms: [Akm.PSK] });

/** An LLC/SNAP EAPOL-Key body with the given key information and nonce fill. */
export function eapolKeyBody(keyInfo: number, nonceByte: number, replayCounter = 0): Buffer {
  const replay = Buffer.alloc(8);
  replay.writeBigUInt64BE(BigInt(replayCounter));
  return Buffer.concat([Buffer.from([0xaa, 0xaa, 0x03, 0, 0, 0, 0x88, 0x8e, 2, 3, 0, 95, 2]), Buffer.from([keyInfo >> 8, keyInfo & 0xff]), u16(16), replay, Buffer.alloc(32, nonceByte), Buffer.alloc(50)]);
}

/** A radiotap header with flags, rate, channel, signal, noise and antenna (2437 MHz, -40 dBm unless told). */
export function radiotap(options: { flags?: number; freq?: number; signal?: number; noise?: number } = {}): Buffer {
  return radiotapHeader({ freqMhz: options.freq ?? 2437, signalDbm: options.signal ?? -40, noiseDbm: options.noise ?? -95, rate: 2 }, options.flags ?? 0);
}

/**
 * `count` frames for fuzzing, reproducible by `seed`: a quarter random bytes under a random
 * 802.11 link type, the rest frames of svc's demo scene (under radiotap, PPI or no radio header)
 * with a few bytes changed and often cut short.
 */
export function* fuzzFrames(count: number, seed: number): Generator<{ data: Buffer; linkType: number }> {
  const random = seededRandom(seed);
  const scene = sceneFrames(DEMO_SCENE);
  const linkTypes = [LinkType.RADIOTAP, LinkType.PPI, LinkType.IEEE802_11];
  for (let i = 0; i < count; i++) {
    if (i % 4 === 0) {
      yield { data: randomBytes(random, 300), linkType: [105, 127, 192][i % 3]! };
      continue;
    }
    const sample = scene[Math.floor(random() * scene.length)]!;
    const linkType = linkTypes[i % 3]!;
    let data = withRadioHeader(linkType, sample.frame, sample.radio, sample.tsf);
    for (let hits = 1 + Math.floor(random() * 4); hits > 0; hits--) if (data.length) data[Math.floor(random() * data.length)] = Math.floor(random() * 256);
    if (random() < 0.4) data = data.subarray(0, Math.floor(random() * data.length));
    yield { data, linkType };
  }
}
