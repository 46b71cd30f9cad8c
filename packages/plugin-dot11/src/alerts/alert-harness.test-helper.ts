/**
 * What the alert tests share: the core's alert test service with the 802.11 plugin, a `send` that
 * puts a hand-built frame behind a radiotap header through the real packet chain, the alerts
 * raised since the last look, and builders for the frames the checks read (after IEEE
 * 802.11-2020 clause 9 and 12.7, byte by byte). Not part of the package's exports.
 */
import type { AlertRecord, Packet } from '@svc/core';
import { alertTestService, type TestService } from '@svc/core/testing';
import dot11Plugin from '../index.js';
import { LinkType } from '../parse/decode.js';
import { ManagementSubtype } from '../parse/dot11-header.js';
import { AP, BROADCAST, element, mac, management, radiotap, ssid, u16 } from '../parse/test-frames.js';
import { DOT11_ALERT_DEFINITIONS, IP_DATA_ALERT_DEFINITIONS } from './alert-catalog.js';

/** A test service and helpers around it. */
export interface AlertHarness {
  readonly t: TestService;
  /** Runs a frame through the chain (radiotap header added) at capture time `time` (s). */
  send(frame: Buffer, options?: { time?: number; radio?: Parameters<typeof radiotap>[0] }): Packet;
  /** The alerts raised since the last call, as `[header, transmitter, source, destination, channel]`. */
  raised(): [string, string, string, string, string][];
  /** The full records raised since the last call. */
  records(): AlertRecord[];
  /** Errors the server logged (a check that threw). */
  readonly errors: string[];
  close(): Promise<void>;
}

/** Starts a harness; `config` adds config lines (`apspoof`, `ssidcanary`, ...). */
export async function alertHarness(config: Record<string, string | string[]> = {}): Promise<AlertHarness> {
  const service = await alertTestService({ plugins: [dot11Plugin], alerts: [...DOT11_ALERT_DEFINITIONS, ...IP_DATA_ALERT_DEFINITIONS].map((definition) => definition.name), config });
  let clock = 1_700_000_000;
  return {
    t: service.t,
    errors: service.errors,
    send(frame, options = {}) {
      const time = options.time ?? clock++;
      const data = Buffer.concat([radiotap(options.radio), frame]);
      return service.run({ tsSec: Math.floor(time), tsUsec: Math.round((time - Math.floor(time)) * 1e6), sourceUuid: 'SOURCE', dlt: LinkType.RADIOTAP, data, annotations: {} });
    },
    raised: () =>
      service.fresh().map((alert) => [
        alert['svc.alert.header'] as string,
        alert['svc.alert.transmitter_mac'] as string,
        alert['svc.alert.source_mac'] as string,
        alert['svc.alert.dest_mac'] as string,
        alert['svc.alert.channel'] as string,
      ]),
    records: () => service.fresh(),
    close: () => service.close(),
  };
}

/** Upper-case form of a test MAC, as alerts carry it. */
export const upper = (text: string) => text.toUpperCase();

/** Beacon or probe response fixed fields: timestamp (TSF, µs), interval (TU), capability. */
export function fixedFields(options: { tsf?: number; interval?: number; capability?: number } = {}): Buffer {
  const timestamp = Buffer.alloc(8);
  timestamp.writeBigUInt64LE(BigInt(options.tsf ?? 0));
  return Buffer.concat([timestamp, u16(options.interval ?? 100), u16(options.capability ?? 0x0011)]);
}

/** A DS parameter set naming `channel`. */
export const ds = (channel: number) => element(3, channel);
/** An HT operation element with primary channel `primary` (22 bytes). */
export const htOperation = (primary: number) => element(61, primary, Buffer.alloc(21));
/** An 802.11d country element. */
export const country = (code: string) => element(7, Buffer.from(`${code} `), 1, 11, 20);
/** An RSN element with one group, pairwise and AKM suite (00-0F-AC types) and capabilities. */
export function rsn(options: { group?: number; pairwise?: number; akm?: number; capabilities?: number } = {}): Buffer {
  const suite = (type: number) => Buffer.from([0x00, 0x0f, 0xac, type]);
  return element(48, u16(1), suite(options.group ?? 4), u16(1), suite(options.pairwise ?? 4), u16(1), suite(options.akm ?? 2), u16(options.capabilities ?? 0));
}
/** A WPA (vendor) element: TKIP group and pairwise, PSK. */
export const wpaTkipPsk = element(221, Buffer.from([0x00, 0x50, 0xf2, 1]), u16(1), Buffer.from([0x00, 0x50, 0xf2, 2]), u16(1), Buffer.from([0x00, 0x50, 0xf2, 2]), u16(1), Buffer.from([0x00, 0x50, 0xf2, 2]));
/** Supported rates. */
export const rates = element(1, 0x82, 0x84, 0x8b, 0x96, 0x0c, 0x12, 0x18, 0x24);

/** A beacon of `from` (BSSID and transmitter) with the given elements. */
export function beacon(elements: Buffer[], options: { from?: string; tsf?: number; interval?: number; capability?: number; sequence?: number } = {}): Buffer {
  const from = options.from ?? AP;
  return management(ManagementSubtype.BEACON, Buffer.concat([fixedFields(options), ...elements]), 0, from, BROADCAST, from);
}

/** A probe response of `from` to `to`. */
export function probeResponse(elements: Buffer[], options: { from?: string; to: string; capability?: number }): Buffer {
  const from = options.from ?? AP;
  return management(ManagementSubtype.PROBE_RESPONSE, Buffer.concat([fixedFields(options), ...elements]), 0, from, options.to, from);
}

/** A probe request from `from` (broadcast BSSID and destination). */
export const probeRequest = (from: string, name: string, extra: Buffer[] = []) => management(ManagementSubtype.PROBE_REQUEST, Buffer.concat([ssid(name), rates, ...extra]), 0, from, BROADCAST, BROADCAST);

export { AP, BROADCAST, element, mac, management, ssid, u16 };
