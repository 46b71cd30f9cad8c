/**
 * The ADSB PHY's decoder: a raw Mode S frame (svc's Mode S link type, from rtl_adsb, a Beast or
 * AVR feed or recording), a Kismet `adsb`/`RTLadsb` record carrying one as hex, or an SBS line
 * becomes the `adsb` annotation: the decoded message, and the position when the input already
 * gives one. A frame that fails its CRC is an error packet. It reads only the frame, as the
 * decoder contract asks (`PhyDecoder` in @svc/core).
 */
import type { Decoded, PhyDecoder } from '@svc/core';
import { readSbsLine, type SbsReport } from './feeds/sbs-line.js';
import { DLT_MODE_S, SBS_RECORD_TYPE } from './feeds/mode-s-link-type.js';
import { decodeModeS } from './modes/decode-mode-s.js';

/**
 * What the decoder found in one packet: the message (and the position an SBS line gives), and
 * the Mode S frame it was read from (after any single-bit repair) when the packet carried one,
 * for the routes that forward frames (`/phy/ADSB/raw`, `/phy/ADSB/beast`). SBS lines carry none.
 */
export type AdsbObservation = SbsReport & { readonly frame?: Uint8Array };

/** The link types the decoder takes. */
export const ADSB_LINK_TYPES: readonly number[] = [DLT_MODE_S];
/** Kismet's record types of ADS-B hex (rtladsb, adsbproxy), and SBS lines. */
export const ADSB_RECORD_TYPES: readonly string[] = ['adsb', 'RTLadsb', SBS_RECORD_TYPE];

const MALFORMED: Decoded<AdsbObservation> = { error: true };

function fromFrame(frame: Uint8Array): Decoded<AdsbObservation> {
  const message = decodeModeS(frame);
  if (message === undefined || !message.crcOk) return MALFORMED;
  return { annotation: { message, frame } };
}

/** Decodes one Mode S packet. */
export const decodeAdsbFrame: PhyDecoder<'adsb'> = (packet) => {
  const json = packet.json;
  if (json !== undefined) {
    if (json.type === SBS_RECORD_TYPE) {
      const report = readSbsLine(json.text);
      return report ? { annotation: report } : undefined;
    }
    let hex: unknown;
    try {
      const record = JSON.parse(json.text) as Record<string, unknown>;
      hex = record.adsb ?? record.adsb_raw_msg;
    } catch {
      return MALFORMED;
    }
    if (typeof hex !== 'string' || !/^(?:[0-9a-fA-F]{14}|[0-9a-fA-F]{28})$/.test(hex)) return MALFORMED;
    return fromFrame(Buffer.from(hex, 'hex'));
  }
  return packet.data === undefined ? undefined : fromFrame(packet.data);
};
