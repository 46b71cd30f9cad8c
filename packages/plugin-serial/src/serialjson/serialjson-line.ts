/**
 * The `serialjson` line protocol for home-made sniffers (an ESP32, an Arduino): one JSON object
 * per line, one of two kinds.
 * - A device report, `{"phy":"IEEE802.11","mac":"AA:BB:CC:DD:EE:FF","rssi":-61,"channel":"6",
 *   "ssid":"Home"}`: the sensor heard this device; svc creates or updates it in that PHY
 *   (`name` instead of `ssid` for other radios).
 * - A raw packet, `{"dlt":127,"packet":"<hex>","ts":1700000000.25}`: the frame as captured,
 *   fed into the packet chain so whichever PHY plugin reads that link type decodes it (`ts` in
 *   Unix seconds is optional; the time it was read is used otherwise).
 * Anything else is an error with the reason.
 */
import { parseMac, type Packet } from '@svc/core';

declare module '@svc/core' {
  interface PacketAnnotations {
    /** A device a `serialjson` sniffer reported, set by the source; the plugin applies it to the reported PHY's device. */
    serialjson: DeviceReport;
  }
}

/** What a device report says, checked. */
export interface DeviceReport {
  readonly phy: string;
  readonly mac: number;
  readonly rssi?: number;
  readonly channel?: string;
  readonly name?: string;
}

/** JSON block type of device reports, so remote capture and logs can tell them apart. */
export const SERIALJSON_RECORD_TYPE = 'SERIALJSON';

/** Largest raw packet accepted (a jumbo 802.11 frame with headers). */
const MAX_PACKET_BYTES = 16_384;
const HEX = /^(?:[0-9a-fA-F]{2})+$/;

function stamp(seconds: number | undefined): { tsSec: number; tsUsec: number } {
  const time = seconds ?? Date.now() / 1000;
  const tsSec = Math.floor(time);
  return { tsSec, tsUsec: Math.round((time - tsSec) * 1e6) };
}

/** Turns one line into a packet; throws with the reason when the line is neither kind. */
export function serialJsonPacket(line: string, sourceUuid: string): Packet {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    throw new Error('a line that is not JSON');
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new Error('a line that is not a JSON object');
  const message = value as Record<string, unknown>;
  const time = message.ts ?? message.timestamp;
  if (time !== undefined && (typeof time !== 'number' || !Number.isFinite(time) || time < 0)) throw new Error('ts must be Unix seconds');

  if (message.packet !== undefined) {
    const { dlt, packet } = message;
    if (typeof dlt !== 'number' || !Number.isInteger(dlt) || dlt < 0) throw new Error('a raw packet needs dlt, the pcap link type number');
    if (typeof packet !== 'string' || !HEX.test(packet) || packet.length / 2 > MAX_PACKET_BYTES) throw new Error(`packet must be hex bytes (at most ${MAX_PACKET_BYTES})`);
    return { ...stamp(time as number | undefined), sourceUuid, dlt, data: Buffer.from(packet, 'hex'), annotations: {} };
  }

  const { phy, mac, rssi, channel } = message;
  if (typeof phy !== 'string' || phy === '') throw new Error('a device report needs phy, the PHY name (IEEE802.11, BTLE, ...)');
  const address = typeof mac === 'string' ? parseMac(mac) : undefined;
  if (address === undefined) throw new Error('a device report needs mac, as AA:BB:CC:DD:EE:FF');
  if (rssi !== undefined && (typeof rssi !== 'number' || !Number.isFinite(rssi))) throw new Error('rssi must be a number (dBm)');
  if (channel !== undefined && typeof channel !== 'string' && typeof channel !== 'number') throw new Error('channel must be text or a number');
  const name = typeof message.ssid === 'string' ? message.ssid : typeof message.name === 'string' ? message.name : undefined;
  const report: DeviceReport = { phy, mac: address, rssi: rssi as number | undefined, channel: channel === undefined ? undefined : String(channel), name };
  return {
    ...stamp(time as number | undefined),
    sourceUuid,
    dlt: 0,
    json: { type: SERIALJSON_RECORD_TYPE, text: line },
    signal: report.rssi !== undefined || report.channel !== undefined ? { signalDbm: report.rssi, channel: report.channel } : undefined,
    annotations: { serialjson: report },
  };
}
