/**
 * Scanning-mode reports (kismet-reference 14), whatever the PHY: a device that cannot capture
 * but can scan (a phone, an ESP32) posts what it saw to `/phy/<phy>/scan/scan_report.cmd` as
 * `source_name` and `source_uuid` (who reports) and `reports` (one entry per network or device,
 * each with an optional `timestamp` and GPS `lat`, `lon`, `alt`). The PHY's plugin reads its own
 * keys of each entry into a packet; this reads the rest. Everything is checked before anything
 * is applied, so a bad entry rejects the whole report with the entry and the key it is about.
 */
import { SvcError } from '../../errors.js';
import { optionalNumber, requireString } from '../../http/command-input.js';
import type { Packet, PacketGps } from '../../packets/packet.js';

/** A checked report. */
export interface ScanReport {
  readonly sourceName: string;
  /** Upper case. */
  readonly sourceUuid: string;
  /** One packet per entry. */
  readonly packets: Packet[];
}

/** Reads one entry into its packet; throws an error that names the key when the entry is bad. */
export type ScanEntryReader = (entry: Readonly<Record<string, unknown>>, now: number) => Packet;

/** Most entries one report may carry. */
export const MAX_SCAN_REPORT_ENTRIES = 10_000;

const UUID = /^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$/;

function bad(message: string): SvcError {
  return new SvcError('SVC_ERR_BAD_REQUEST', `scan report: ${message}`);
}

/** Checks a scan report command; `now` (Unix seconds) stamps entries without a timestamp. */
export function readScanReport(command: Readonly<Record<string, unknown>>, now: number, readEntry: ScanEntryReader): ScanReport {
  const sourceName = requireString(command, 'source_name').trim();
  if (sourceName === '' || /[,:"]/.test(sourceName)) throw bad(`source_name '${sourceName}' must be a non-empty name without ',', ':' or '"'`);
  const sourceUuid = requireString(command, 'source_uuid');
  if (!UUID.test(sourceUuid)) throw bad(`source_uuid '${sourceUuid}' is not a UUID`);
  const reports = command.reports;
  if (!Array.isArray(reports)) throw new SvcError(reports === undefined ? 'SVC_ERR_MISSING_KEY' : 'SVC_ERR_BAD_REQUEST', "scan report: 'reports' is required and must be a list");
  if (reports.length > MAX_SCAN_REPORT_ENTRIES) throw bad(`${reports.length} reports in one request (at most ${MAX_SCAN_REPORT_ENTRIES})`);
  const packets = reports.map((entry, index) => {
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) throw bad(`reports[${index}] is not an object`);
    try {
      return readEntry(entry as Record<string, unknown>, now);
    } catch (error) {
      throw bad(`reports[${index}]: ${(error as Error).message}`);
    }
  });
  return { sourceName, sourceUuid: sourceUuid.toUpperCase(), packets };
}

/**
 * The packet of one entry, before the PHY adds what it read: the entry as a JSON record of
 * `recordType` (its PHY's decoder, a log, a replay read it), its `timestamp` (Unix seconds,
 * else `now`) and its position (`lat`, `lon`, `alt`; none when absent or 0, 0).
 */
export function scanEntryPacket(entry: Readonly<Record<string, unknown>>, now: number, recordType: string): Packet {
  const time = optionalNumber(entry, 'timestamp') ?? now;
  if (time <= 0) throw new Error(`timestamp ${time} is not a Unix time`);
  const lat = optionalNumber(entry, 'lat');
  const lon = optionalNumber(entry, 'lon');
  let gps: PacketGps | undefined;
  if (lat !== undefined && lon !== undefined && (lat !== 0 || lon !== 0)) {
    if (Math.abs(lat) > 90 || Math.abs(lon) > 180) throw new Error(`position ${lat}, ${lon} is out of range`);
    const alt = optionalNumber(entry, 'alt');
    gps = { lat, lon, alt, fix: alt === undefined ? 2 : 3, time };
  }
  return {
    tsSec: Math.floor(time),
    tsUsec: Math.round((time % 1) * 1e6),
    sourceUuid: '',
    dlt: 0,
    json: { type: recordType, text: JSON.stringify(entry) },
    gps,
    annotations: {},
  };
}
