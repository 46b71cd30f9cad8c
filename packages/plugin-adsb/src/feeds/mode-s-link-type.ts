/**
 * How Mode S frames travel through svc's packet chain: the raw 7- or 14-byte frame as packet
 * data under a link type of svc's own. pcap has no link type for 1090 MHz Mode S, so svc takes
 * one of the numbers pcap keeps for private use (`LINKTYPE_USER13`); pcapng logs of svc carry it.
 * Frames from text feeds (SBS) travel as JSON records instead.
 */
import type { Packet } from '@svc/core';

/** The link type of a raw Mode S frame. */
export const DLT_MODE_S = 160;

/** JSON record type of one SBS (BaseStation) line. */
export const SBS_RECORD_TYPE = 'SBS1';

/** Frequency of Mode S, kHz. */
const MODE_S_KHZ = 1_090_000;
/** The signal of a frame its source gave no level for: only the frequency and channel, shared. */
const MODE_S_SIGNAL = Object.freeze({ freqKhz: MODE_S_KHZ, channel: '1090' });

/**
 * The packet of one Mode S frame from source `sourceUuid`, stamped now, with the level in dBFS
 * when the source gave one. Built as one literal: every packet keeps one shape, which the packet
 * chain's property reads stay fast on (a spread made the aircraft ingest three times slower).
 */
export function modeSPacket(frame: Buffer, sourceUuid: string, signalDbfs?: number): Packet {
  const now = Date.now();
  const signal = signalDbfs === undefined ? MODE_S_SIGNAL : { signalDbm: signalDbfs, freqKhz: MODE_S_KHZ, channel: '1090' };
  return { tsSec: Math.floor(now / 1000), tsUsec: (now % 1000) * 1000, sourceUuid, dlt: DLT_MODE_S, data: frame, signal, annotations: {} };
}

/** The error packet of input from source `sourceUuid` that was no frame, stamped now: counted on the source, decoded by nobody. */
export function unreadableFramePacket(sourceUuid: string): Packet {
  const now = Date.now();
  return { tsSec: Math.floor(now / 1000), tsUsec: (now % 1000) * 1000, sourceUuid, dlt: 0, error: true, annotations: {} };
}

/** The signal of a Beast message in dBFS: the byte is the square root of the power, scaled to 255. */
export function beastSignalDbfs(signal: number): number | undefined {
  return signal === 0 ? undefined : Math.round(200 * Math.log10(signal / 255)) / 10;
}

/** The Beast signal byte of a level in dBFS (the inverse of {@link beastSignalDbfs}); 0 when unknown. */
export function beastSignalByte(dbfs: number | undefined): number {
  if (dbfs === undefined || !Number.isFinite(dbfs)) return 0;
  return Math.min(255, Math.max(1, Math.round(255 * 10 ** (dbfs / 20))));
}
