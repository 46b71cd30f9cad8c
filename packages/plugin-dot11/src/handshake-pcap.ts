/**
 * The handshake pcap of an access point (Kismet's `handshake.pcap`): a classic pcap file of
 * 802.11 frames (link type 105) holding the network's last beacon or probe response, so a
 * cracking tool learns its SSID, then the EAPOL-Key frames of the handshakes svc kept, all of
 * them or one station's, or only the one that carries a PMKID. aircrack-ng and hashcat's
 * converters read it as it is.
 */
import type { Dot11Device, KeptFrame } from './device/dot11-device.js';
import { pcapFile } from './pcap/pcap-writer.js';

/** `DLT_IEEE802_11`: 802.11 frames without a radio header. */
const LINKTYPE_IEEE802_11 = 105;

/** The frames of the pcap: the network's frame, then the handshake messages (of `station`, when given). */
export function handshakeFrames(dot11: Dot11Device, station?: number): KeptFrame[] {
  const messages = (dot11.handshakes ?? []).filter((message) => message.frame && (station === undefined || message.client === station));
  if (messages.length === 0) return [];
  return [...(dot11.ssidFrame ? [dot11.ssidFrame] : []), ...messages.map((message) => message.frame!)];
}

/**
 * The frames of the PMKID pcap (Kismet's `handshake-pmkid.pcap`): the network's frame, then the
 * first kept handshake message that carries a PMKID, which is all hashcat needs; none without one.
 */
export function pmkidFrames(dot11: Dot11Device): KeptFrame[] {
  const message = (dot11.handshakes ?? []).find((candidate) => candidate.pmkid && candidate.frame);
  if (!message) return [];
  return [...(dot11.ssidFrame ? [dot11.ssidFrame] : []), message.frame!];
}

/** The handshake pcap's bytes: a classic pcap file of the frames, as captured (802.11, link type 105). */
export function handshakePcapFile(frames: readonly KeptFrame[]): Buffer {
  return pcapFile(LINKTYPE_IEEE802_11, frames.map((frame) => ({ tsSec: frame.tsSec, tsFraction: frame.tsUsec, data: frame.data })));
}
