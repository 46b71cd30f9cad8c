/**
 * The handshake pcap of an access point (Kismet's `handshake.pcap`): a classic pcap file of
 * 802.11 frames (link type 105) holding the network's last beacon or probe response, so a
 * cracking tool learns its SSID, then the EAPOL-Key frames of the handshakes svc kept, all of
 * them or one station's. aircrack-ng and hashcat's converters read it as it is.
 */
import type { Dot11Device, KeptFrame } from './device/dot11-device.js';

/** `DLT_IEEE802_11`: 802.11 frames without a radio header. */
const LINKTYPE_IEEE802_11 = 105;
const SNAPLEN = 65_535;

/** The frames of the pcap: the network's frame, then the handshake messages (of `station`, when given). */
export function handshakeFrames(dot11: Dot11Device, station?: number): KeptFrame[] {
  const messages = (dot11.handshakes ?? []).filter((message) => message.frame && (station === undefined || message.client === station));
  if (messages.length === 0) return [];
  return [...(dot11.ssidFrame ? [dot11.ssidFrame] : []), ...messages.map((message) => message.frame!)];
}

/** A classic pcap file (microsecond times, little endian) of 802.11 frames. */
export function pcapFile(frames: readonly KeptFrame[]): Buffer {
  const file = Buffer.alloc(24 + frames.reduce((total, frame) => total + 16 + frame.data.length, 0));
  file.writeUInt32LE(0xa1b2c3d4, 0);
  file.writeUInt16LE(2, 4);
  file.writeUInt16LE(4, 6);
  file.writeUInt32LE(SNAPLEN, 16);
  file.writeUInt32LE(LINKTYPE_IEEE802_11, 20);
  let at = 24;
  for (const frame of frames) {
    file.writeUInt32LE(frame.tsSec >>> 0, at);
    file.writeUInt32LE(frame.tsUsec >>> 0, at + 4);
    file.writeUInt32LE(frame.data.length, at + 8);
    file.writeUInt32LE(frame.data.length, at + 12);
    frame.data.copy(file, at + 16);
    at += 16 + frame.data.length;
  }
  return file;
}
