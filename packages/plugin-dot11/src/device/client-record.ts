/**
 * A station's membership of one BSS (`dot11.client.*`, kismet-reference 4.6): which access
 * point, how it was seen (as a client talking to it, or a wired host bridged through it), when,
 * and how much data. Kept in the station's `client_map`, keyed by BSSID.
 */
import { formatMac } from '@svc/core';

/** How a station relates to the BSS in a client record (Kismet's `dot11.client.type`). */
export const ClientType = { UNKNOWN: 0, FROM_WIRED: 1, TO_WIRED: 2, INTRA: 3, ESTABLISHED: 4, ADHOC: 5 } as const;

/** One BSS a station belongs to. */
export class Dot11Client {
  // Initialised here, not only in the constructor, so that V8 stores times in place (see TrackedDevice).
  firstTime = 0;
  lastTime = 0;
  type = 0;
  datasize = 0;
  datasizeRetry = 0;
  numRetries = 0;

  constructor(
    readonly bssid: number,
    readonly bssidKey: string,
    time: number,
    type: number,
  ) {
    this.firstTime = time;
    this.lastTime = time;
    this.type = type;
  }

  /** Records one frame between the station and the BSS. */
  update(time: number, type: number, bytes: number, retry: boolean): void {
    if (time > this.lastTime) this.lastTime = time;
    if (time < this.firstTime) this.firstTime = time;
    if (type !== ClientType.UNKNOWN) this.type = type;
    this.datasize += bytes;
    if (retry) {
      this.numRetries++;
      this.datasizeRetry += bytes;
    }
  }

  /** The `dot11.client` record. */
  toRecord(): Record<string, unknown> {
    return {
      'dot11.client.bssid': formatMac(this.bssid),
      'dot11.client.bssid_key': this.bssidKey,
      'dot11.client.first_time': Math.floor(this.firstTime),
      'dot11.client.last_time': Math.floor(this.lastTime),
      'dot11.client.type': this.type,
      'dot11.client.datasize': this.datasize,
      'dot11.client.datasize_retry': this.datasizeRetry,
      'dot11.client.num_retries': this.numRetries,
      'dot11.client.decrypted': 0,
    };
  }
}
