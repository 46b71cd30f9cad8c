/**
 * The `decode` stage of the packet chain for 802.11 link types: the frame is decoded in place
 * and kept as `packet.annotations.dot11` for the classifier and for other plugins' taps; the
 * radio header's measurements become the packet's signal; a malformed frame, or one whose FCS
 * the radio marked bad, is an error packet (counted on its source and, by the classifier, on
 * its transmitter).
 */
import type { Packet } from '@svc/core';
import { decodeDot11, LinkType, type Dot11Frame } from './parse/decode.js';
import type { IeParserTable } from './parse/ie-parsers.js';

/** Decodes the packet's frame if its link type is 802.11; returns the frame, or undefined. */
export function decodePacket(packet: Packet, parsers: IeParserTable | undefined): Dot11Frame | undefined {
  const data = packet.data;
  const dlt = packet.dlt;
  if (!data || (dlt !== LinkType.RADIOTAP && dlt !== LinkType.IEEE802_11 && dlt !== LinkType.PPI)) return undefined;
  const frame = decodeDot11(data, dlt, parsers);
  packet.annotations.dot11 = frame;
  if (frame.malformed || frame.radio.badFcs) packet.error = true;
  const radio = frame.radio;
  if (radio.freqMhz !== undefined || radio.signalDbm !== undefined || radio.noiseDbm !== undefined) {
    packet.signal = {
      signalDbm: radio.signalDbm,
      noiseDbm: radio.noiseDbm,
      freqKhz: radio.freqMhz !== undefined ? radio.freqMhz * 1000 : undefined,
      channel: radio.channel !== undefined ? String(radio.channel) : undefined,
    };
  }
  return frame;
}
