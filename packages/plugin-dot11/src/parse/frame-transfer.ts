/**
 * A decoded frame on its way from an ingest worker thread to the main thread (the decoder's
 * `transfer` in the PHY declaration): packed into one flat array of numbers and strings, the
 * header's fields among them, and rebuilt on the main thread against the packet's own bytes.
 * What points into the bytes is not carried but found again there: the elements (kept unparsed
 * with the worker's fingerprint, or parsed again when the decoder had parsed them) and the
 * EAPOL-Key message or IP packet of a data frame, so the rebuilt frame is the one the decoder
 * returns on the main thread, down to its lazy parts.
 */
import { DecodedFrame, decodeDataBody, type Dot11Frame } from './decode.js';
import { header } from './dot11-header.js';

/** A packed frame: the fields in the order {@link packFrame} writes them. */
export type PackedFrame = readonly (number | string | boolean | undefined)[];

/** Header flag bits as the frame control carries them. */
const TO_DS = 0x01;
const FROM_DS = 0x02;
const RETRY = 0x08;
const PROTECTED = 0x40;

/** Packs a frame the decoder returned. */
export function packFrame(frame: Dot11Frame): PackedFrame {
  const radio = frame.radio;
  const h = frame.header;
  const [elements, elementsStart, elementsEnd] = frame instanceof DecodedFrame ? frame.elementsState() : [0, 0, 0];
  return [
    radio.freqMhz, radio.channel, radio.signalDbm, radio.noiseDbm, radio.rate, radio.widthMhz, radio.badFcs,
    frame.frameLength, frame.frameStart, frame.bodyStart, frame.type, frame.subtype, frame.notDot11, frame.malformed,
    frame.capability, frame.beaconInterval, frame.code, frame.elementsHash, elements, elementsStart, elementsEnd,
    h === undefined ? -1 : (h.toDs ? TO_DS : 0) | (h.fromDs ? FROM_DS : 0) | (h.retry ? RETRY : 0) | (h.protected ? PROTECTED : 0),
    h?.type, h?.subtype, h?.receiver, h?.transmitter, h?.bssid, h?.source, h?.destination, h?.sequence, h?.qos, h?.bodyOffset,
  ];
}

/** Rebuilds a packed frame on the packet's bytes `data`. */
export function unpackFrame(packed: PackedFrame, data: Buffer): Dot11Frame {
  const p = packed as unknown[];
  const frame = new DecodedFrame();
  const radio = frame.radio;
  radio.freqMhz = p[0] as number | undefined;
  radio.channel = p[1] as number | undefined;
  radio.signalDbm = p[2] as number | undefined;
  radio.noiseDbm = p[3] as number | undefined;
  radio.rate = p[4] as number | undefined;
  radio.widthMhz = p[5] as number | undefined;
  radio.badFcs = p[6] as boolean;
  frame.frameLength = p[7] as number | undefined;
  frame.frameStart = p[8] as number | undefined;
  frame.bodyStart = p[9] as number | undefined;
  frame.type = p[10] as number | undefined;
  frame.subtype = p[11] as number | undefined;
  frame.notDot11 = p[12] as string | undefined;
  frame.malformed = p[13] as string | undefined;
  frame.capability = p[14] as number | undefined;
  frame.beaconInterval = p[15] as number | undefined;
  frame.code = p[16] as number | undefined;
  const flags = p[21] as number;
  if (flags >= 0) {
    const h = header(p[22] as number, p[23] as number, flags, p[24] as number, p[25] as number | undefined, p[26] as number | undefined, p[27] as number | undefined, p[28] as number | undefined, p[29] as number | undefined, p[30] as boolean, p[31] as number);
    frame.header = h;
    // The decoder read a data frame's body only when nothing before it failed.
    if (frame.malformed === undefined) {
      try {
        decodeDataBody(data, frame.bodyStart!, frame.frameStart! + frame.frameLength!, h, frame);
      } catch {
        // Malformed there too: the worker's `malformed` says why already.
      }
    }
  }
  frame.restoreElements(data, p[18] as number, p[19] as number, p[20] as number, p[17] as number | undefined);
  return frame;
}
