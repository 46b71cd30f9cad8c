/**
 * Frame builders for the plugin's tests: 802.11 frames and radiotap headers assembled byte by
 * byte from the standards' layouts (IEEE 802.11-2020 clause 9, radiotap.org), so a test says
 * exactly which bits it sends, and a fuzz source of random and damaged real frames. Not part
 * of the package's exports.
 */
import { readFileSync } from 'node:fs';
import { randomBytes, seededRandom, testDataPath } from '@svc/core/testing';

/** An access point, a station and a multicast destination used across tests. */
export const AP = 'a0:04:60:11:22:33';
export const STA = '3c:22:fb:44:55:66';
export const DA = '01:00:5e:00:00:fb';
export const BROADCAST = 'ff:ff:ff:ff:ff:ff';

/** A MAC's six bytes. */
export const mac = (text: string) => Buffer.from(text.replaceAll(':', ''), 'hex');
/** A MAC as the 48-bit number svc keys devices by. */
export const macNumber = (text: string) => parseInt(text.replaceAll(':', ''), 16);
/** A little-endian 16-bit field. */
export const u16 = (value: number) => Buffer.from([value & 0xff, value >> 8]);

/** An information element: tag, length, body. */
export function element(tag: number, ...bytes: (number | Buffer)[]): Buffer {
  const body = Buffer.concat(bytes.map((b) => (typeof b === 'number' ? Buffer.from([b]) : b)));
  return Buffer.concat([Buffer.from([tag, body.length]), body]);
}
/** An SSID element. */
export const ssid = (text: string) => element(0, Buffer.from(text));
/** Beacon / probe response fixed fields: timestamp, interval 100 TU, capability. */
export const beaconFixed = (capability: number) => Buffer.concat([Buffer.alloc(8), u16(100), u16(capability)]);
/** RSN element: CCMP group and pairwise, PSK. */
export const rsnPskCcmp = element(48, u16(1), Buffer.from([0x00, 0x0f, 0xac, 4]), u16(1), Buffer.from([0x00, 0x0f, 0xac, 4]), u16(1), Buffer.from([0x00, 0x0f, 0xac, 2]), u16(0));

/** A management frame: frame control, duration, receiver, transmitter, BSSID, sequence, body. */
export function management(subtype: number, body: Buffer, flags = 0, from = AP, to = BROADCAST, bssid = AP): Buffer {
  return Buffer.concat([Buffer.from([subtype << 4, flags]), u16(0), mac(to), mac(from), mac(bssid), u16(0x1230), body]);
}

/** A data frame with addresses 1-3 (and `extra` after the sequence field: address 4, QoS). */
export function dataFrame(flags: number, a1: string, a2: string, a3: string, subtype = 0, extra: Buffer[] = [], body: Buffer = Buffer.alloc(8)): Buffer {
  return Buffer.concat([Buffer.from([0x08 | (subtype << 4), flags]), u16(0), mac(a1), mac(a2), mac(a3), u16(0), ...extra, body]);
}

/** An LLC/SNAP EAPOL-Key body with the given key information and nonce fill. */
export function eapolKeyBody(keyInfo: number, nonceByte: number, replayCounter = 0): Buffer {
  const replay = Buffer.alloc(8);
  replay.writeBigUInt64BE(BigInt(replayCounter));
  return Buffer.concat([Buffer.from([0xaa, 0xaa, 0x03, 0, 0, 0, 0x88, 0x8e, 2, 3, 0, 95, 2]), Buffer.from([keyInfo >> 8, keyInfo & 0xff]), u16(16), replay, Buffer.alloc(32, nonceByte), Buffer.alloc(50)]);
}
/** Key information of 4-way handshake messages 1-4 (HMAC-SHA1/AES, pairwise). */
export const EAPOL_KEY_INFO = { 1: 0x008a, 2: 0x010a, 3: 0x13ca, 4: 0x030a } as const;

/** A radiotap header with flags, rate, channel, signal and noise. */
export function radiotap(options: { flags?: number; freq?: number; signal?: number; noise?: number } = {}): Buffer {
  const body = Buffer.concat([Buffer.from([options.flags ?? 0, 2]), u16(options.freq ?? 2437), u16(0x00a0), Buffer.from([(options.signal ?? -40) & 0xff, (options.noise ?? -95) & 0xff])]);
  return Buffer.concat([Buffer.from([0, 0]), u16(8 + body.length), Buffer.from([0x6e, 0, 0, 0]), body]);
}

/**
 * `count` frames for fuzzing, reproducible by `seed`: a quarter random bytes under a random
 * 802.11 link type, the rest real frames (radiotap and PPI captures from the test data) with
 * a few bytes changed and often cut short.
 */
export function* fuzzFrames(count: number, seed: number): Generator<{ data: Buffer; linkType: number }> {
  const random = seededRandom(seed);
  const samples: { data: Buffer; linkType: number }[] = [];
  for (const name of ['aircrack-ng_test1.pcap', 'packetnet_80211_ppi_multiplefields.pcap']) {
    const file = readFileSync(testDataPath('dot11', name));
    const linkType = file.readUInt32LE(20);
    for (let at = 24; at + 16 <= file.length; ) {
      const length = file.readUInt32LE(at + 8);
      samples.push({ data: file.subarray(at + 16, at + 16 + length), linkType });
      at += 16 + length;
    }
  }
  for (let i = 0; i < count; i++) {
    if (i % 4 === 0) {
      yield { data: randomBytes(random, 300), linkType: [105, 127, 192][i % 3]! };
      continue;
    }
    const sample = samples[Math.floor(random() * samples.length)]!;
    let data = Buffer.from(sample.data);
    for (let hits = 1 + Math.floor(random() * 4); hits > 0; hits--) if (data.length) data[Math.floor(random() * data.length)] = Math.floor(random() * 256);
    if (random() < 0.4) data = data.subarray(0, Math.floor(random() * data.length));
    yield { data, linkType: sample.linkType };
  }
}
