/**
 * Scan reports (kismet-reference 14): devices that cannot capture but can scan (phones,
 * ESP8266/ESP32) post what they saw to `/phy/phy80211/scan/scan_report.cmd`: `source_name` and
 * `source_uuid` identify the reporter, `reports` lists the networks, each with `bssid` and
 * `signal` (required), and optional `timestamp`, `ssid`, `capabilities`, `channel`, `freqkhz`,
 * `lat`, `lon`, `alt`, `speed`. Everything is checked before anything is applied, so a bad
 * entry rejects the whole report with the entry and key it is about.
 */
import { optionalNumber, optionalString, parseMac, requireString, SvcError, type Packet, type PacketGps } from '@svc/core';
import { frequencyOfChannel } from '../parse/channels.js';
import { capabilitiesCrypt } from './capabilities.js';

/** What a report says about one network, as the classifier takes it. */
export interface ScannedNetwork {
  readonly bssid: number;
  readonly ssid: Buffer;
  readonly crypt: number;
  readonly adhoc: boolean;
  /** Channel as reported (`6`, `42HT40P`), empty when unknown. */
  readonly channel: string;
}

/** A checked report. */
export interface ScanReport {
  readonly sourceName: string;
  readonly sourceUuid: string;
  /** One packet per network, carrying the network, its signal, time and position. */
  readonly packets: Packet[];
}

const UUID = /^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$/;
/** Most networks one report may carry. */
export const MAX_REPORTS = 10_000;
/** JSON record type of scan-report packets. */
export const SCAN_RECORD_TYPE = 'DOT11SCAN';

function bad(message: string): SvcError {
  return new SvcError('SVC_ERR_BAD_REQUEST', `scan report: ${message}`);
}

/** Checks a scan report command; `now` (Unix seconds) stamps entries without a timestamp. */
export function readScanReport(command: Readonly<Record<string, unknown>>, now: number): ScanReport {
  const sourceName = requireString(command, 'source_name').trim();
  if (sourceName === '' || /[,:"]/.test(sourceName)) throw bad(`source_name '${sourceName}' must be a non-empty name without ',', ':' or '"'`);
  const sourceUuid = requireString(command, 'source_uuid');
  if (!UUID.test(sourceUuid)) throw bad(`source_uuid '${sourceUuid}' is not a UUID`);
  const reports = command.reports;
  if (!Array.isArray(reports)) throw new SvcError(reports === undefined ? 'SVC_ERR_MISSING_KEY' : 'SVC_ERR_BAD_REQUEST', "scan report: 'reports' is required and must be a list");
  if (reports.length > MAX_REPORTS) throw bad(`${reports.length} reports in one request (at most ${MAX_REPORTS})`);
  const packets = reports.map((entry, index) => {
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) throw bad(`reports[${index}] is not an object`);
    try {
      return scanPacket(entry as Record<string, unknown>, now);
    } catch (error) {
      throw bad(`reports[${index}]: ${(error as Error).message}`);
    }
  });
  return { sourceName, sourceUuid: sourceUuid.toUpperCase(), packets };
}

function scanPacket(entry: Record<string, unknown>, now: number): Packet {
  const bssidText = requireString(entry, 'bssid');
  const bssid = parseMac(bssidText);
  if (bssid === undefined) throw new Error(`bssid '${bssidText}' is not a MAC address`);
  const signal = optionalNumber(entry, 'signal');
  if (signal === undefined) throw new Error("'signal' (dBm) is required");
  if (signal < -150 || signal > 30) throw new Error(`signal ${signal} dBm is out of range`);
  const time = optionalNumber(entry, 'timestamp') ?? now;
  if (time <= 0) throw new Error(`timestamp ${time} is not a Unix time`);
  const ssid = optionalString(entry, 'ssid') ?? '';
  const ssidBytes = Buffer.from(ssid, 'utf8');
  if (ssidBytes.length > 32) throw new Error(`ssid '${ssid}' is longer than 32 bytes`);
  const { crypt, adhoc } = capabilitiesCrypt(optionalString(entry, 'capabilities') ?? '');
  const channel = optionalString(entry, 'channel') ?? '';
  let freqKhz = optionalNumber(entry, 'freqkhz');
  const channelNumber = Number(/^\d+/.exec(channel)?.[0] ?? Number.NaN);
  if (freqKhz === undefined && Number.isInteger(channelNumber)) {
    const mhz = frequencyOfChannel(channelNumber, false);
    if (mhz !== undefined) freqKhz = mhz * 1000;
  }
  const lat = optionalNumber(entry, 'lat');
  const lon = optionalNumber(entry, 'lon');
  let gps: PacketGps | undefined;
  if (lat !== undefined && lon !== undefined && (lat !== 0 || lon !== 0)) {
    if (Math.abs(lat) > 90 || Math.abs(lon) > 180) throw new Error(`position ${lat}, ${lon} is out of range`);
    const alt = optionalNumber(entry, 'alt');
    gps = { lat, lon, alt, fix: alt === undefined ? 2 : 3, time };
  }
  const network: ScannedNetwork = { bssid, ssid: ssidBytes, crypt, adhoc, channel };
  return {
    tsSec: Math.floor(time),
    tsUsec: Math.round((time % 1) * 1e6),
    sourceUuid: '',
    dlt: 0,
    json: { type: SCAN_RECORD_TYPE, text: JSON.stringify(entry) },
    signal: { signalDbm: signal, freqKhz, channel: channel || undefined },
    gps,
    annotations: { dot11scan: network },
  };
}
