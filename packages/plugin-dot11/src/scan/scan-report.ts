/**
 * Wi-Fi scan reports (kismet-reference 14): devices that cannot capture but can scan (phones,
 * ESP8266/ESP32) post what they saw to `/phy/phy80211/scan/scan_report.cmd`: `source_name` and
 * `source_uuid` identify the reporter, `reports` lists the networks, each with `bssid` and
 * `signal` (required), and optional `timestamp`, `ssid`, `capabilities`, `channel`, `freqkhz`,
 * `lat`, `lon`, `alt`, `speed`. The core reads the reporter, the time and the position
 * (`readScanReport`); this reads the network of each entry.
 */
import { optionalNumber, optionalString, parseMac, readScanReport, requireString, scanEntryPacket, type Packet, type ScanReport } from '@svc/core';
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

/** JSON record type of scan-report packets. */
export const SCAN_RECORD_TYPE = 'DOT11SCAN';

/** Checks a scan report command; `now` (Unix seconds) stamps entries without a timestamp. */
export function readDot11ScanReport(command: Readonly<Record<string, unknown>>, now: number): ScanReport {
  return readScanReport(command, now, scanPacket);
}

function scanPacket(entry: Readonly<Record<string, unknown>>, now: number): Packet {
  const bssidText = requireString(entry, 'bssid');
  const bssid = parseMac(bssidText);
  if (bssid === undefined) throw new Error(`bssid '${bssidText}' is not a MAC address`);
  const signal = optionalNumber(entry, 'signal');
  if (signal === undefined) throw new Error("'signal' (dBm) is required");
  if (signal < -150 || signal > 30) throw new Error(`signal ${signal} dBm is out of range`);
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
  const packet = scanEntryPacket(entry, now, SCAN_RECORD_TYPE);
  packet.signal = { signalDbm: signal, freqKhz, channel: channel || undefined };
  packet.annotations.dot11scan = { bssid, ssid: ssidBytes, crypt, adhoc, channel };
  return packet;
}
