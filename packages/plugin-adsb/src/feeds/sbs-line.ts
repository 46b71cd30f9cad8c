/**
 * SBS (BaseStation) lines, as dump1090 sends them on port 30003: `MSG,type,...` with 22
 * comma-separated fields, already decoded: field 5 the ICAO address, 11 the callsign, 12 the
 * altitude, 13 the ground speed, 14 the track, 15 and 16 the position, 17 the vertical rate,
 * 18 the squawk, 20 the emergency flag, 22 on ground. A line becomes the message it stands for,
 * with the position when it gives one (SBS carries decoded positions, no CPR).
 */
import type { ModeSMessage } from '../modes/mode-s-message.js';

/** What one SBS line told. */
export interface SbsReport {
  readonly message: ModeSMessage;
  /** The decoded position, when the line gives one. */
  readonly position?: { readonly lat: number; readonly lon: number };
}

/** The kinds of SBS line (the first field): aircraft messages, and selection, identity, new aircraft, status and clock lines. */
export const SBS_LINE_KINDS = ['MSG', 'SEL', 'ID', 'AIR', 'STA', 'CLK'] as const;
const SBS_LINE_START = new RegExp(`^(?:${SBS_LINE_KINDS.join('|')}),`);

/** Whether `text` starts as an SBS line does: one of its kinds, then a comma. */
export function startsAsSbsLine(text: string): boolean {
  return SBS_LINE_START.test(text);
}

function numberAt(fields: readonly string[], index: number): number | undefined {
  const text = fields[index];
  if (text === undefined || text === '') return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}

/** Reads one SBS line; undefined for lines that are no aircraft message (SEL, ID, AIR, STA, CLK) or cannot be read. */
export function readSbsLine(line: string): SbsReport | undefined {
  const fields = line.split(',');
  if (fields[0] !== 'MSG' || fields.length < 22) return undefined;
  const icao = Number.parseInt(fields[4]!, 16);
  if (!/^[0-9A-Fa-f]{6}$/.test(fields[4]!) || !Number.isInteger(icao)) return undefined;
  const callsign = fields[10]?.trim();
  const squawk = fields[17]?.trim();
  const lat = numberAt(fields, 14);
  const lon = numberAt(fields, 15);
  const message: ModeSMessage = {
    df: 17,
    icao,
    crcOk: true,
    callsign: callsign ? callsign : undefined,
    altitudeFt: numberAt(fields, 11),
    groundSpeedKt: numberAt(fields, 12),
    trackDeg: numberAt(fields, 13),
    verticalRateFtMin: numberAt(fields, 16),
    squawk: squawk && /^[0-7]{4}$/.test(squawk) ? squawk : undefined,
    emergency: fields[19] === '-1' ? 'emergency' : undefined,
    onGround: fields[21] === '' || fields[21] === undefined ? undefined : fields[21] === '-1',
  };
  const position = lat !== undefined && lon !== undefined && Math.abs(lat) <= 90 && Math.abs(lon) <= 180 ? { lat, lon } : undefined;
  return position ? { message, position } : { message };
}
