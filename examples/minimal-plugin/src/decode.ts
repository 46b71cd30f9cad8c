/**
 * The MINIMAL PHY's decoder. svc imports it by module path and export name (phy.ts) and
 * calls it for every packet carrying a `MINIMAL` JSON record. It must stay a pure function
 * of the frame it is given: no svc, no tracker, no state kept between calls, so that svc can
 * run it on another thread. What it returns becomes the packet's `minimal` annotation
 * (or, with `error: true`, an error packet counted on its source).
 */
import { parseMac, type PhyDecoder } from '@svc/core';
import { parseReport } from './report.js';

/** Reads a report; one that is not a report, or has no valid address, is an error. */
export const decodeReport: PhyDecoder<'minimal'> = (frame) => {
  if (frame.json === undefined) return undefined;
  const report = parseReport(frame.json.text);
  const mac = report ? parseMac(report.address) : undefined;
  if (report === undefined || mac === undefined) return { error: true };
  return { annotation: { mac, reading: report.reading } };
};
