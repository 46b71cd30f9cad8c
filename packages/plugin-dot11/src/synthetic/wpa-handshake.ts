/**
 * A real WPA2-PSK 4-way handshake (IEEE 802.11-2020 12.7.6): the pairwise master key from the
 * passphrase and SSID (PBKDF2-SHA1, 4096 rounds), the pairwise transient key from both
 * addresses and nonces (the PRF-512 of 12.7.1.2), and each EAPOL-Key message with its
 * HMAC-SHA1 MIC computed over the frame. Because the MICs are genuine, a cracking tool given the
 * passphrase recovers it from the handshake svc keeps, which is how the handshake pcap is checked.
 */
import { createHmac, pbkdf2Sync } from 'node:crypto';
import { llcSnap, mac } from './frame-builders.js';

/** EAPOL-Key key information of messages 1-4 (key descriptor version 2: HMAC-SHA1 MIC, AES key wrap). */
export const HANDSHAKE_KEY_INFO = { 1: 0x008a, 2: 0x010a, 3: 0x13ca, 4: 0x030a } as const;

/** The pairwise master key of a passphrase network. */
export function pairwiseMasterKey(passphrase: string, ssid: string): Buffer {
  return pbkdf2Sync(passphrase, ssid, 4096, 32, 'sha1');
}

/** The 64-byte PRF of IEEE 802.11 over HMAC-SHA1. */
function prf512(key: Buffer, label: string, data: Buffer): Buffer {
  const blocks: Buffer[] = [];
  for (let counter = 0; counter < 4; counter++) blocks.push(createHmac('sha1', key).update(Buffer.concat([Buffer.from(label, 'ascii'), Buffer.from([0]), data, Buffer.from([counter])])).digest());
  return Buffer.concat(blocks).subarray(0, 64);
}

/** The lesser and greater of two byte strings, in that order. */
const ordered = (a: Buffer, b: Buffer) => (Buffer.compare(a, b) < 0 ? [a, b] : [b, a]);

/** The key confirmation key (the first 16 bytes of the PTK) for one handshake. */
export function keyConfirmationKey(pmk: Buffer, authenticator: string, supplicant: string, anonce: Buffer, snonce: Buffer): Buffer {
  const data = Buffer.concat([...ordered(mac(authenticator), mac(supplicant)), ...ordered(anonce, snonce)]);
  return prf512(pmk, 'Pairwise key expansion', data).subarray(0, 16);
}

/** One EAPOL-Key frame (802.1X version 2, RSN descriptor), with the MIC computed when `kck` is given. */
export function eapolKey(options: { keyInfo: number; replayCounter: number; nonce: Buffer; keyData?: Buffer; kck?: Buffer }): Buffer {
  const keyData = options.keyData ?? Buffer.alloc(0);
  const body = Buffer.alloc(95 + keyData.length);
  body.writeUInt8(2, 0); // descriptor type: RSN
  body.writeUInt16BE(options.keyInfo, 1);
  body.writeUInt16BE(options.keyInfo & 0x0008 && options.keyInfo & 0x0080 ? 16 : 0, 3); // key length on pairwise ACK messages
  body.writeBigUInt64BE(BigInt(options.replayCounter), 5);
  options.nonce.copy(body, 13);
  body.writeUInt16BE(keyData.length, 93);
  keyData.copy(body, 95);
  const frame = Buffer.concat([Buffer.from([2, 3]), Buffer.from([body.length >> 8, body.length & 0xff]), body]);
  if (options.kck) createHmac('sha1', options.kck).update(frame).digest().copy(frame, 4 + 77, 0, 16);
  return frame;
}

/** The LLC/SNAP-wrapped EAPOL-Key bodies of a complete 4-way handshake, in order. */
export function fourWayHandshake(options: {
  passphrase: string;
  ssid: string;
  authenticator: string;
  supplicant: string;
  anonce: Buffer;
  snonce: Buffer;
  /** The supplicant's RSN element, carried in message 2. */
  rsnElement: Buffer;
  replayCounter?: number;
}): Buffer[] {
  const kck = keyConfirmationKey(pairwiseMasterKey(options.passphrase, options.ssid), options.authenticator, options.supplicant, options.anonce, options.snonce);
  const replay = options.replayCounter ?? 1;
  const wrapped = (eapol: Buffer) => Buffer.concat([llcSnap(0x888e), eapol]);
  return [
    wrapped(eapolKey({ keyInfo: HANDSHAKE_KEY_INFO[1], replayCounter: replay, nonce: options.anonce })),
    wrapped(eapolKey({ keyInfo: HANDSHAKE_KEY_INFO[2], replayCounter: replay, nonce: options.snonce, keyData: options.rsnElement, kck })),
    // The group key travels wrapped; its 56 bytes stand for a wrapped GTK KDE.
    wrapped(eapolKey({ keyInfo: HANDSHAKE_KEY_INFO[3], replayCounter: replay + 1, nonce: options.anonce, keyData: Buffer.alloc(56, 0x5a), kck })),
    wrapped(eapolKey({ keyInfo: HANDSHAKE_KEY_INFO[4], replayCounter: replay + 1, nonce: Buffer.alloc(32), kck })),
  ];
}
