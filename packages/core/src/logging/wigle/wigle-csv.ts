/**
 * WiGLE's CSV format (api.wigle.net/csvFormat.html, `WigleWifi-1.6`): a pre-header naming the
 * software, the fixed column header, then one row per observation of a network or device at a
 * position. Text is UTF-8 and quoted as RFC 4180 says, so an SSID with a comma or a quote
 * survives. A PHY turns its device into the PHY-specific columns (`WigleRow`); the position,
 * time and signal come from the packet, common to every PHY.
 */
import type { PacketGps } from '../../packets/packet.js';
import { formatMac } from '../../util/mac.js';

/** The columns a PHY knows about one of its devices. */
export interface WigleRow {
  /** SSID or device name. */
  readonly name: string;
  /** WiGLE's capabilities text (`[WPA2-PSK-CCMP][ESS]`, `Misc [LE]`). */
  readonly authMode: string;
  /** Channel number; 0 when none. */
  readonly channel: number;
  /** Frequency in MHz (for Bluetooth rows, WiGLE's device type code); undefined leaves it empty. */
  readonly frequency?: number;
  /** Passpoint roaming consortium OIs, space separated. */
  readonly rcois?: string;
  /** Bluetooth manufacturer id. */
  readonly mfgrId?: number;
  /** `WIFI`, `BLE`, `BT`. */
  readonly type: string;
}

/** The column header of format 1.6. */
export const WIGLE_COLUMNS = 'MAC,SSID,AuthMode,FirstSeen,Channel,Frequency,RSSI,CurrentLatitude,CurrentLongitude,AltitudeMeters,AccuracyMeters,RCOIs,MfgrId,Type';

/** The two header lines of a file written by `software` at `version`. */
export function wigleHeader(software: string, version: string): string {
  const pre = ['WigleWifi-1.6', `appRelease=${version}`, `model=${software}`, `release=${version}`, `device=${software}`, `display=${software}`, `board=${software}`, `brand=${software}`, 'star=Sol', 'body=3', 'subBody=0'];
  return `${pre.map(csvField).join(',')}\n${WIGLE_COLUMNS}\n`;
}

/** One CSV field: quoted when it holds a comma, a quote or a line break (quotes doubled). */
export function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const two = (value: number) => String(value).padStart(2, '0');

/** `YYYY-MM-DD HH:MM:SS` in UTC, as WiGLE's FirstSeen. */
export function wigleTime(unixSeconds: number): string {
  const date = new Date(unixSeconds * 1000);
  return `${date.getUTCFullYear()}-${two(date.getUTCMonth() + 1)}-${two(date.getUTCDate())} ${two(date.getUTCHours())}:${two(date.getUTCMinutes())}:${two(date.getUTCSeconds())}`;
}

/**
 * The CSV line of a device (MAC, first time) heard at `signalDbm` where the sensor was at `gps`
 * (or, for an estimate, placed there within `accuracyMetres`; a sighting says 0).
 */
export function wigleLine(row: WigleRow, mac: number, firstTime: number, signalDbm: number, gps: PacketGps, accuracyMetres?: number): string {
  return [
    formatMac(mac),
    csvField(row.name),
    csvField(row.authMode),
    wigleTime(firstTime),
    String(row.channel),
    row.frequency === undefined ? '' : String(row.frequency),
    String(Math.round(signalDbm)),
    gps.lat.toFixed(6),
    gps.lon.toFixed(6),
    (gps.alt ?? 0).toFixed(1),
    accuracyMetres === undefined ? '0' : accuracyMetres.toFixed(1),
    csvField(row.rcois ?? ''),
    row.mfgrId === undefined ? '' : String(row.mfgrId),
    row.type,
  ].join(',') + '\n';
}
