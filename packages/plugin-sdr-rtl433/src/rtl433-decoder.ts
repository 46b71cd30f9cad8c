/**
 * The RFSENSOR PHY's decoder: a packet whose JSON block has type `RTL433` (from the `rtl433`
 * datasource, or from Kismet's `kismet_cap_sdr_rtl433` over remote capture) carries one line of
 * rtl_433's JSON output. The line is parsed here once; the message becomes the packet's
 * `rtl433` annotation and its frequency (with `-M level`) the packet's. A line that is not a
 * JSON object is an error packet on the source. It reads only the record, as the decoder
 * contract asks (`PhyDecoder` in @svc/core).
 */
import type { PhyDecoder } from '@svc/core';
import { heardFrequencyMhz } from './heard-frequency.js';

/** JSON block type of rtl_433 records, as Kismet's capture tool sends them (unchanged by the PHY's rename to `RFSENSOR`). */
export const RTL433_RECORD_TYPE = 'RTL433';

/** One decoded rtl_433 message. */
export type Rtl433Message = Record<string, unknown>;

const KHZ_PER_MHZ = 1000;

/** Parses one rtl_433 line. */
export const decodeRtl433Record: PhyDecoder<'rtl433'> = (frame) => {
  if (frame.json === undefined) return undefined;
  let message: unknown;
  try {
    message = JSON.parse(frame.json.text);
  } catch {
    return { error: true };
  }
  if (message === null || typeof message !== 'object' || Array.isArray(message)) return { error: true };
  const fields = message as Rtl433Message;
  // rtl_433 reports sensors with a model and usually an id; anything else (a status line on its
  // HTTP stream) is not a sensor and names no device.
  if (fields.model === undefined && fields.id === undefined) return undefined;
  const freq = heardFrequencyMhz(fields);
  return { annotation: fields, signal: freq !== undefined ? { ...frame.signal, freqKhz: Math.round(freq * KHZ_PER_MHZ) } : undefined };
};
