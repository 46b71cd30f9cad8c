/**
 * EAPOL-Key frames of the WPA 4-way handshake, found in unprotected data frames behind an
 * LLC/SNAP header with ethertype 0x888E. The message number (1-4) follows from the key
 * information bits (ack, MIC, install, secure) the way IEEE 802.11-2020 12.7.6 sends them.
 */

/** One EAPOL-Key message. */
export interface EapolKey {
  /** 1-4 within the 4-way handshake; 0 when the bits fit none (group key messages). */
  readonly message: number;
  readonly replayCounter: bigint;
  readonly nonceZero: boolean;
  /** The key data holds a PMKID (an RSN PMKID KDE), which cracking tools can use alone. */
  readonly pmkid: boolean;
}

const LLC_SNAP_EAPOL = Buffer.from([0xaa, 0xaa, 0x03, 0x00, 0x00, 0x00, 0x88, 0x8e]);
const EAPOL_KEY = 3;

/** The EAPOL-Key message in a data frame body, or undefined when it carries none. */
export function parseEapolKey(data: Buffer, start: number, end: number): EapolKey | undefined {
  // LLC/SNAP (8) + EAPOL header (4) + descriptor type (1) + key info (2) + key length (2) + replay (8) + nonce (32)
  if (end - start < 8 + 4 + 1 + 2 + 2 + 8 + 32) return undefined;
  if (data.compare(LLC_SNAP_EAPOL, 0, 8, start, start + 8) !== 0) return undefined;
  if (data[start + 9] !== EAPOL_KEY) return undefined;
  const key = start + 12;
  const info = data.readUInt16BE(key + 1);
  const pairwise = (info & 0x0008) !== 0;
  const install = (info & 0x0040) !== 0;
  const ack = (info & 0x0080) !== 0;
  const mic = (info & 0x0100) !== 0;
  const secure = (info & 0x0200) !== 0;
  const replayCounter = data.readBigUInt64BE(key + 5);
  const nonce = data.subarray(key + 13, key + 45);
  const nonceZero = nonce.every((byte) => byte === 0);
  let message = 0;
  if (pairwise) {
    if (ack && !mic) message = 1;
    else if (ack && mic && install) message = 3;
    else if (!ack && mic && !secure) message = 2;
    else if (!ack && mic && secure) message = nonceZero ? 4 : 2;
  }
  return { message, replayCounter, nonceZero, pmkid: hasPmkid(data, key, end) };
}

/** The RSN PMKID KDE (`dd`, length, OUI 00-0f-ac, type 4) in the key data after a 16-byte MIC. */
function hasPmkid(data: Buffer, key: number, end: number): boolean {
  const lengthAt = key + 93;
  if (lengthAt + 2 > end) return false;
  const keyDataEnd = Math.min(end, lengthAt + 2 + data.readUInt16BE(lengthAt));
  for (let at = lengthAt + 2; at + 6 <= keyDataEnd; at += 2 + data[at + 1]!) {
    if (data[at] === 0xdd && data[at + 2] === 0x00 && data[at + 3] === 0x0f && data[at + 4] === 0xac && data[at + 5] === 0x04) return true;
  }
  return false;
}
