/**
 * How Mode S frames travel through svc's packet chain: the raw 7- or 14-byte frame as packet
 * data under a link type of svc's own. pcap has no link type for 1090 MHz Mode S, so svc takes
 * one of the numbers pcap keeps for private use (`LINKTYPE_USER13`); pcapng logs of svc carry it.
 * Frames from text feeds (SBS) travel as JSON records instead.
 */

/** The link type of a raw Mode S frame. */
export const DLT_MODE_S = 160;

/** JSON record type of one SBS (BaseStation) line. */
export const SBS_RECORD_TYPE = 'SBS1';

/** The signal of a Beast message in dBFS: the byte is the square root of the power, scaled to 255. */
export function beastSignalDbfs(signal: number): number | undefined {
  return signal === 0 ? undefined : Math.round(200 * Math.log10(signal / 255)) / 10;
}

/** The Beast signal byte of a level in dBFS (the inverse of {@link beastSignalDbfs}); 0 when unknown. */
export function beastSignalByte(dbfs: number | undefined): number {
  if (dbfs === undefined || !Number.isFinite(dbfs)) return 0;
  return Math.min(255, Math.max(1, Math.round(255 * 10 ** (dbfs / 20))));
}
