/**
 * The 802.11 PHY's decoder: a frame of an 802.11 link type becomes the `dot11` annotation for
 * the classifier and for other plugins' taps; the radio header's measurements become the
 * packet's signal; a malformed frame, or one whose FCS the radio marked bad, is an error packet
 * (counted on its source and, by the classifier, on its transmitter). It reads only the frame,
 * as the decoder contract asks (`PhyDecoder` in @svc/core), so it can run on any thread; the
 * elements other plugins parse are added on the main thread (`useElementParsers`). In an ingest
 * worker thread its frames cross to the main thread packed (`packDot11Frame`, `unpackDot11Frame`).
 */
import type { PacketSignal, PhyAnnotationPacker, PhyAnnotationUnpacker, PhyDecoder } from '@svc/core';
import { decodeDot11, LinkType, type Dot11Radio } from './parse/decode.js';
import { packFrame, unpackFrame, type PackedFrame } from './parse/frame-transfer.js';

/** The link types the decoder takes: radiotap, bare 802.11 and PPI. */
export const DOT11_LINK_TYPES: readonly number[] = [LinkType.RADIOTAP, LinkType.IEEE802_11, LinkType.PPI];

/** Decodes one 802.11 frame. */
export const decodeDot11Frame: PhyDecoder<'dot11'> = (frame) => {
  const data = frame.data;
  if (data === undefined) return undefined;
  const decoded = decodeDot11(data, frame.dlt);
  const radio = decoded.radio;
  return { annotation: decoded, error: Boolean(decoded.malformed) || radio.badFcs, signal: radioSignal(radio) };
};

/** Packs a frame decoded in an ingest worker for the main thread. */
export const packDot11Frame: PhyAnnotationPacker<'dot11'> = (frame) => packFrame(frame);

/** Rebuilds a frame an ingest worker packed, on the packet's own bytes. */
export const unpackDot11Frame: PhyAnnotationUnpacker<'dot11'> = (packed, frame) => unpackFrame(packed as PackedFrame, frame.data!);

/** The packet's signal from the radio header, when the header measured anything. */
function radioSignal(radio: Dot11Radio): PacketSignal | undefined {
  if (radio.freqMhz === undefined && radio.signalDbm === undefined && radio.noiseDbm === undefined) return undefined;
  return {
    signalDbm: radio.signalDbm,
    noiseDbm: radio.noiseDbm,
    freqKhz: radio.freqMhz !== undefined ? radio.freqMhz * 1000 : undefined,
    channel: radio.channel !== undefined ? String(radio.channel) : undefined,
  };
}
