/**
 * `serialjson` as a report format (`reportFormats` hook): a JSON object with `phy` (a device
 * report) or `packet` (a raw packet) is read as the same line on a serial port would be, so a
 * sniffer can speak the protocol over a serial line or through a broker.
 */
import type { ReportFormatDefinition } from '@svc/core';
import { serialJsonPacket } from './serialjson-line.js';

/** The serialjson format. */
export const serialJsonReportFormat: ReportFormatDefinition = {
  name: 'serialjson',
  description: 'a device report (phy, mac), a raw packet (dlt, packet)',
  matches: (report) => report.phy !== undefined || report.packet !== undefined,
  packet: serialJsonPacket,
};
