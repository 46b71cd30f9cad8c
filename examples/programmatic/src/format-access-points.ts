/**
 * The access point table `svc-survey` prints: what a person reads, so columns are aligned and a
 * hidden network says so instead of printing nothing.
 */
import type { AccessPoint } from './survey.js';

/** One table row per access point, columns padded to their widest cell. */
export function formatAccessPoints(accessPoints: readonly AccessPoint[]): string {
  const rows = [
    ['BSSID', 'SSID', 'CHANNEL', 'CRYPT', 'SIGNAL', 'PACKETS', 'MANUFACTURER'],
    ...accessPoints.map((ap) => [ap.bssid, ap.ssid || '<hidden>', ap.channel, ap.crypt, ap.signalDbm === undefined ? '' : `${ap.signalDbm} dBm`, String(ap.packets), ap.manufacturer]),
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows.map((row) => row.map((cell, column) => cell.padEnd(widths[column]!)).join('  ').trimEnd()).join('\n');
}
