/**
 * One MQTT message as a packet. A message is a report: a JSON object of one of the formats
 * plugins contribute (`reportFormats` hook), the first that claims it by its keys; with the
 * first-party plugins a `serialjson` report (a device report with `phy` and `mac`, or a raw
 * packet with `dlt` and `packet`), so a sniffer can speak the same protocol over a serial line
 * or a broker, or an rtl_433 event as rtl_433's `-F mqtt` output publishes it on
 * `rtl_433/<host>/events` (with a `model`). This plugin knows neither format. Anything else
 * throws with the reason: an error packet.
 */
import type { Packet, ReportFormatDefinition } from '@svc/core';

/** Largest payload read as a report; a bigger one is an error (a broker may carry anything). */
export const MAX_REPORT_BYTES = 65_536;

/** Turns a message payload into a packet of the first format that claims it; throws with the reason when none does. */
export function mqttReportPacket(payload: Buffer, sourceUuid: string, formats: readonly ReportFormatDefinition[]): Packet {
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
  const format = formats.find((candidate) => candidate.matches(report));
  if (format) return format.packet(text, sourceUuid);
  if (formats.length === 0) throw new Error('a JSON object, and no plugin reads reports');
  throw new Error(`a JSON object that is no report: neither ${formats.map((candidate) => candidate.description).join(' nor ')}`);
}
