/**
 * Large synthetic 802.11 captures for benchmarks and the tests that need many devices: `frames`
 * radiotap frames among `devices` devices (a tenth of them access points with an SSID, a channel
 * and a security mode, on their makers' OUIs; the rest clients, three in ten on randomized
 * addresses, each joined to one access point and probing for a few SSIDs). Beacons, probe requests and responses, QoS data (CCMP
 * protected on secured networks) and half a percent of damaged frames, deterministic for a seed,
 * written in chunks so a million frames take a few seconds. The generator returns its own ground
 * truth: the count of each kind, the damaged frames' numbers and the access points.
 */
import { createHash } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seededRandom } from '@svc/core/testing';
import { frequencyOfChannel } from '../parse/channels.js';
import { pcapHeader } from '../pcap/pcap-writer.js';
import { beaconFixed, BROADCAST, Capability, dataFrame, DataFrame, element, FrameFlags, llcSnap, management, ManagementFrame, ssid, u16 } from './frame-builders.js';
import { Akm, Cipher, country, dsParameter, extendedRates, htCapabilities, htOperation, ofdmRates, rsn, supportedRates, tim, vhtCapabilities, vhtOperation, wpaTkipPsk } from './information-elements.js';
import { LinkType, radiotap } from './radio-headers.js';

/** What to generate. */
export interface BulkCaptureOptions {
  readonly frames: number;
  readonly devices: number;
  readonly seed: number;
}

/** An access point of a bulk capture. */
export interface BulkAccessPoint {
  readonly bssid: string;
  /** Empty for a hidden network. */
  readonly ssid: string;
  readonly channel: number;
  readonly security: BulkSecurity;
}

/** The security modes bulk access points use. */
export type BulkSecurity = 'open' | 'wep' | 'wpa-tkip' | 'wpa2-psk' | 'wpa3-sae';

/** The generator's ground truth for one capture. */
export interface BulkCaptureSummary {
  readonly frames: number;
  readonly counts: { beacon: number; probe_request: number; probe_response: number; data: number; malformed: number };
  /** Frame numbers (1-based) of the damaged frames, at most the first 1 000. */
  readonly malformedFrames: number[];
  readonly accessPoints: BulkAccessPoint[];
}

const CHANNELS = [1, 6, 11, 1, 6, 11, 3, 9, 36, 40, 44, 48, 149, 157];
const SECURITY: readonly BulkSecurity[] = ['open', 'wep', 'wpa-tkip', 'wpa2-psk', 'wpa2-psk', 'wpa2-psk', 'wpa2-psk', 'wpa3-sae'];
const WORDS = ['north', 'harbor', 'maple', 'studio', 'atlas', 'orbit', 'cedar', 'lumen', 'delta', 'quartz', 'ember', 'tundra'];
/** Makers of access points (Ubiquiti, TP-Link, NETGEAR, Cisco-Linksys, AVM, Ubiquiti), whose OUIs the bulk's access points carry. */
const ACCESS_POINT_OUIS = [
  [0x24, 0xa4, 0x3c],
  [0x14, 0xcc, 0x20],
  [0xa0, 0x04, 0x60],
  [0x00, 0x0c, 0x41],
  [0x3c, 0xa6, 0x2f],
  [0xdc, 0x9f, 0xdb],
] as const;
/** Makers of clients (Apple, Samsung, Raspberry Pi, Espressif, Apple), for the clients on their own addresses. */
const CLIENT_OUIS = [
  [0xf0, 0x18, 0x98],
  [0x8c, 0x77, 0x12],
  [0xb8, 0x27, 0xeb],
  [0x5c, 0xcf, 0x7f],
  [0x3c, 0x22, 0xfb],
] as const;
/** A vendor address: one of `ouis` by `index`, then `index` in the last three bytes, so every one is unique. */
const vendorMac = (ouis: readonly (readonly number[])[], index: number) => macText([...ouis[index % ouis.length]!, (index >> 16) & 0xff, (index >> 8) & 0xff, index & 0xff]);
/** Frames a chunk holds before it is written. */
const CHUNK_BYTES = 4 << 20;

/** The text form of a MAC from its six bytes. */
const macText = (bytes: number[]) => bytes.map((byte) => byte.toString(16).padStart(2, '0')).join(':');

/** Security elements of a bulk access point. */
function securityElements(security: BulkSecurity): Buffer[] {
  if (security === 'wpa-tkip') return [wpaTkipPsk()];
  if (security === 'wpa2-psk') return [rsn({ group: Cipher.CCMP, pairwise: [Cipher.CCMP], akms: [Akm.PSK] })];
  if (security === 'wpa3-sae') return [rsn({ group: Cipher.CCMP, pairwise: [Cipher.CCMP], akms: [Akm.SAE], mfpRequired: true })];
  return [];
}

/** Writes a bulk capture to `path` and returns its ground truth. */
export function writeBulkCapture(path: string, options: BulkCaptureOptions): BulkCaptureSummary {
  // A name of this process's own, so two processes making the same capture never write one file.
  const part = `${path}.${process.pid}.part`;
  const file = openSync(part, 'w');
  try {
    const summary = generateBulkCapture(options, (bytes) => writeSync(file, bytes));
    closeSync(file);
    renameSync(part, path);
    return summary;
  } catch (error) {
    closeSync(file);
    rmSync(part, { force: true });
    throw error;
  }
}

/** Generates a bulk capture, handing its bytes to `write` in chunks (each valid only during the call), and returns its ground truth. */
export function generateBulkCapture(options: BulkCaptureOptions, write: (bytes: Buffer) => void): BulkCaptureSummary {
  const random = seededRandom(options.seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const byte = () => Math.floor(random() * 256);
  const apCount = Math.max(1, Math.round(options.devices / 10));
  const accessPoints: BulkAccessPoint[] = [];
  for (let index = 0; index < apCount; index++) {
    const hidden = random() < 0.03;
    accessPoints.push({
      bssid: vendorMac(ACCESS_POINT_OUIS, index),
      ssid: hidden ? '' : `${pick(WORDS)}-${pick(WORDS)}-${index}`,
      channel: pick(CHANNELS),
      security: pick(SECURITY),
    });
  }
  const clients = Array.from({ length: Math.max(1, options.devices - apCount) }, (_, index) => ({
    // Three in ten clients use a randomized (locally administered) address, as phones do.
    mac: random() < 0.3 ? macText([0x0a | (byte() & 0xf0), byte(), byte(), byte(), byte(), byte()]) : vendorMac(CLIENT_OUIS, index),
    accessPoint: Math.floor(random() * apCount),
    probes: Array.from({ length: 1 + Math.floor(random() * 3) }, () => (random() < 0.5 ? accessPoints[Math.floor(random() * apCount)]!.ssid : `${pick(WORDS)}-home`)),
  }));

  const counts = { beacon: 0, probe_request: 0, probe_response: 0, data: 0, malformed: 0 };
  const malformedFrames: number[] = [];
  const startUs = Date.UTC(2026, 0, 1, 13) * 1000;
  const sequences = new Uint16Array(apCount + clients.length);
  let chunk = Buffer.allocUnsafe(CHUNK_BYTES);
  let used = 0;
  const flush = () => {
    write(chunk.subarray(0, used));
    used = 0;
  };
  const push = (bytes: Buffer) => {
    if (used + bytes.length > chunk.length) flush();
    if (bytes.length > chunk.length) chunk = Buffer.allocUnsafe(bytes.length);
    used += bytes.copy(chunk, used);
  };
  push(pcapHeader(LinkType.RADIOTAP));

  const beaconBodies = accessPoints.map((ap) => {
    const capability = Capability.ESS | (ap.security === 'open' ? 0 : Capability.PRIVACY);
    const fiveGhz = ap.channel > 14;
    const tail = Buffer.concat([
      ssid(ap.ssid),
      fiveGhz ? ofdmRates() : supportedRates(),
      dsParameter(ap.channel),
      country('DE', fiveGhz ? 36 : 1, fiveGhz ? 8 : 13, 20),
      ...(fiveGhz ? [] : [extendedRates()]),
      htCapabilities(),
      htOperation(ap.channel),
      ...securityElements(ap.security),
      ...(fiveGhz ? [vhtCapabilities(), vhtOperation(ap.channel + 6)] : []),
    ]);
    return { capability, tail };
  });
  const record = Buffer.alloc(16);
  for (let number = 1; number <= options.frames; number++) {
    const timeUs = startUs + number * 1000 + Math.floor(random() * 500);
    const kind = random();
    let frame: Buffer;
    let channel: number;
    const signal = -40 - Math.floor(random() * 50);
    if (kind < 0.4) {
      const index = Math.floor(random() * apCount);
      const ap = accessPoints[index]!;
      const body = beaconBodies[index]!;
      channel = ap.channel;
      frame = management(ManagementFrame.BEACON, Buffer.concat([beaconFixed(body.capability, timeUs - startUs), body.tail.subarray(0, 2 + ap.ssid.length), tim(number % 3), body.tail.subarray(2 + ap.ssid.length)]), 0, ap.bssid, BROADCAST, ap.bssid, sequences[index]++);
      counts.beacon++;
    } else if (kind < 0.55) {
      const index = Math.floor(random() * clients.length);
      const client = clients[index]!;
      channel = accessPoints[client.accessPoint]!.channel;
      frame = management(ManagementFrame.PROBE_REQUEST, Buffer.concat([ssid(pick(client.probes)), supportedRates()]), 0, client.mac, BROADCAST, BROADCAST, sequences[apCount + index]++);
      counts.probe_request++;
    } else if (kind < 0.65) {
      const client = pick(clients);
      const index = client.accessPoint;
      const ap = accessPoints[index]!;
      const body = beaconBodies[index]!;
      channel = ap.channel;
      frame = management(ManagementFrame.PROBE_RESPONSE, Buffer.concat([beaconFixed(body.capability, timeUs - startUs), body.tail]), 0, ap.bssid, client.mac, ap.bssid, sequences[index]++);
      counts.probe_response++;
    } else if (kind < 0.655) {
      const index = Math.floor(random() * apCount);
      const ap = accessPoints[index]!;
      channel = ap.channel;
      frame = damagedFrame(random, ap, beaconBodies[index]!);
      counts.malformed++;
      if (malformedFrames.length < 1000) malformedFrames.push(number);
    } else {
      const index = Math.floor(random() * clients.length);
      const client = clients[index]!;
      const ap = accessPoints[client.accessPoint]!;
      channel = ap.channel;
      const secured = ap.security !== 'open';
      const body = secured ? Buffer.concat([Buffer.from([number & 0xff, (number >> 8) & 0xff, 0, 0x20, (number >> 16) & 0xff, 0, 0, 0]), Buffer.alloc(64 + (number % 480), number & 0xff), Buffer.alloc(8)]) : Buffer.concat([llcSnap(0x88b5), Buffer.alloc(64 + (number % 480), 0x42)]);
      const protectedFlag = secured ? FrameFlags.PROTECTED : 0;
      const upstream = random() < 0.5;
      frame = upstream
        ? dataFrame(FrameFlags.TO_DS | protectedFlag, ap.bssid, client.mac, BROADCAST, DataFrame.QOS_DATA, [u16(0)], body, sequences[apCount + index]++)
        : dataFrame(FrameFlags.FROM_DS | protectedFlag, client.mac, ap.bssid, ap.bssid, DataFrame.QOS_DATA, [u16(0)], body, sequences[client.accessPoint]++);
      counts.data++;
    }
    const radio = radiotap({ freqMhz: frequencyOfChannel(channel)!, signalDbm: signal, noiseDbm: -95, rate: channel > 14 ? 12 : 2, antenna: 0 });
    record.writeUInt32LE(Math.floor(timeUs / 1_000_000), 0);
    record.writeUInt32LE(timeUs % 1_000_000, 4);
    record.writeUInt32LE(radio.length + frame.length, 8);
    record.writeUInt32LE(radio.length + frame.length, 12);
    push(record);
    push(radio);
    push(frame);
  }
  flush();
  return { frames: options.frames, counts, malformedFrames, accessPoints };
}

/**
 * One damaged frame: a beacon whose last element overruns it (after the access point's own
 * elements, so it still says what the network is), a probe request whose SSID does, or a
 * header cut short.
 */
function damagedFrame(random: () => number, ap: BulkAccessPoint, beacon: { capability: number; tail: Buffer }): Buffer {
  const kind = Math.floor(random() * 3);
  if (kind === 0) return management(ManagementFrame.BEACON, Buffer.concat([beaconFixed(beacon.capability), beacon.tail, Buffer.from([221, 30, 0x00, 0x50])]), 0, ap.bssid, BROADCAST, ap.bssid);
  if (kind === 1) return management(ManagementFrame.PROBE_REQUEST, Buffer.from([0, 32, 0x41, 0x42]), 0, '3c:5c:20:ff:ff:01', BROADCAST, BROADCAST);
  return management(ManagementFrame.BEACON, Buffer.alloc(0), 0, ap.bssid).subarray(0, 14);
}

/**
 * A fingerprint of what the generator makes (the digest of a small capture): part of a cached
 * capture's name, so a generator that changed never reuses a capture an older one wrote.
 */
function generatorFingerprint(): string {
  const hash = createHash('sha256');
  generateBulkCapture({ frames: 2_000, devices: 200, seed: 1 }, (bytes) => hash.update(bytes));
  return hash.digest('hex').slice(0, 12);
}

/**
 * The path of a bulk capture kept in the temp directory (`svc-synthetic/`), written the first
 * time it is asked for: the benches and the tests that need many devices share it.
 */
export function bulkCapturePath(options: BulkCaptureOptions): string {
  const directory = join(tmpdir(), 'svc-synthetic');
  mkdirSync(directory, { recursive: true });
  const path = join(directory, `bulk-${options.frames}f-${options.devices}d-seed${options.seed}-${generatorFingerprint()}.pcap`);
  if (!existsSync(path)) writeBulkCapture(path, options);
  return path;
}
