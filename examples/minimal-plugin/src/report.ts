/**
 * What a Minimal sensor reports, and how a report travels through svc: as a packet carrying a
 * JSON record of type REPORT_TYPE. The datasource writes these packets and the PHY reads them,
 * so this file is the contract between the two.
 */
import type { Packet } from '@svc/core';

/** The JSON record type of Minimal reports (also the PHY name). */
export const REPORT_TYPE = 'MINIMAL';

/** One reading from one sensor. */
export interface Report {
  /** The sensor's address, `AA:BB:CC:DD:EE:FF`; svc keys the device by it. */
  readonly address: string;
  /** The measured value. */
  readonly reading: number;
}

/** The packet a datasource delivers for a report heard at `time` (Unix seconds) with `signalDbm`. */
export function reportPacket(report: Report, sourceUuid: string, time = Date.now() / 1000, signalDbm?: number): Packet {
  return {
    tsSec: Math.floor(time),
    tsUsec: Math.round((time % 1) * 1e6),
    sourceUuid,
    dlt: 0,
    json: { type: REPORT_TYPE, text: JSON.stringify(report) },
    signal: signalDbm === undefined ? undefined : { signalDbm },
    annotations: {},
  };
}

/** Reads a report from its JSON text; undefined when it is not JSON or not a report (never throws). */
export function parseReport(text: string): Report | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const { address, reading } = value as Record<string, unknown>;
  if (typeof address !== 'string' || typeof reading !== 'number' || !Number.isFinite(reading)) return undefined;
  return { address, reading };
}
