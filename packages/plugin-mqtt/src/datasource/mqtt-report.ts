/**
 * One MQTT message as a packet. Two report formats are taken, both JSON objects, told apart by
 * their keys: a `serialjson` report (a device report with `phy` and `mac`, or a raw packet with
 * `dlt` and `packet`; the serial plugin's parser reads it, so a sniffer can speak the same
 * protocol over a serial line or a broker), or an rtl_433 event as rtl_433's `-F mqtt` output
 * publishes it on `rtl_433/<host>/events` (with a `model`; the rtl433 plugin decodes it as it
 * decodes rtl_433's own JSON lines). Anything else throws with the reason: an error packet.
 */
import type { Packet } from '@svc/core';
import { RTL433_RECORD_TYPE } from '@svc/plugin-sdr-rtl433';
import { serialJsonPacket } from '@svc/plugin-serial';

/** Largest payload read as a report; a bigger one is an error (a broker may carry anything). */
export const MAX_REPORT_BYTES = 65_536;

/** Turns a message payload into a packet; throws with the reason when it is no report. */
export function mqttReportPacket(payload: Buffer, sourceUuid: string): Packet {
  if (payload.length > MAX_REPORT_BYTES) throw new Error(`a message of ${payload.length} bytes (reports are at most ${MAX_REPORT_BYTES})`);
  const text = payload.toString('utf8');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error('a message that is not JSON');
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new Error('a message that is not a JSON object');
  const report = value as Record<string, unknown>;
  if (report.phy !== undefined || report.packet !== undefined) return serialJsonPacket(text, sourceUuid);
  if (typeof report.model === 'string') {
    const now = Date.now();
    return { tsSec: Math.floor(now / 1000), tsUsec: (now % 1000) * 1000, sourceUuid, dlt: 0, json: { type: RTL433_RECORD_TYPE, text }, annotations: {} };
  }
  throw new Error('a JSON object that is no report: neither a device report (phy, mac), a raw packet (dlt, packet) nor an rtl_433 event (model)');
}
