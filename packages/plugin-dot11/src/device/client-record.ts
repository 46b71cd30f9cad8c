/**
 * A station's membership of one BSS (`dot11.client.*`, kismet-reference 4.6): which access
 * point, how it was seen (as a client talking to it, or a wired host bridged through it), when,
 * how much data, and what its DHCP discovers in that BSS said of it. Kept in the station's
 * `client_map`, keyed by BSSID.
 */
import { formatMac } from '@svc/core';
import type { DhcpMessage } from '../parse/dhcp.js';

/**
 * What a station's DHCP discovers said of it: Kismet's host name and vendor (`dhcp_host`,
 * `dhcp_vendor`, kept until a discover brings another non-empty value, as Kismet keeps them),
 * and svc's client identifier and parameter request list (the DHCP fingerprint).
 */
export interface ClientDhcp {
  host?: string;
  vendor?: string;
  clientId?: string;
  fingerprint?: string;
}

/** Each DHCP value of a client record and the field that serves it (in this order in snapshots). */
export const CLIENT_DHCP_FIELDS = {
  host: 'dot11.client.dhcp_host',
  vendor: 'dot11.client.dhcp_vendor',
  clientId: 'dot11.client.dhcp_client_id',
  fingerprint: 'dot11.client.dhcp_fingerprint',
} as const satisfies Record<keyof ClientDhcp, string>;

/** The DHCP values in snapshot order. */
export const CLIENT_DHCP_KEYS = Object.keys(CLIENT_DHCP_FIELDS) as (keyof ClientDhcp)[];

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
  /** What its DHCP discovers said, once one said anything. */
  dhcp: ClientDhcp | undefined = undefined;

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

  /** Records what a DHCP discover of the station said; values it leaves out keep the last ones. */
  discovered(message: DhcpMessage): void {
    const { hostName, vendorClass, clientId, parameterRequestList } = message;
    if (hostName === undefined && vendorClass === undefined && clientId === undefined && parameterRequestList === undefined) return;
    const dhcp = (this.dhcp ??= {});
    if (hostName !== undefined) dhcp.host = hostName;
    if (vendorClass !== undefined) dhcp.vendor = vendorClass;
    if (clientId !== undefined) dhcp.clientId = clientId;
    if (parameterRequestList !== undefined) dhcp.fingerprint = parameterRequestList;
  }

  /** The `dot11.client` record; the DHCP fields only once known, as Kismet adds its dynamic fields. */
  toRecord(): Record<string, unknown> {
    const record: Record<string, unknown> = {
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
    const dhcp = this.dhcp;
    if (dhcp !== undefined) for (const key of CLIENT_DHCP_KEYS) if (dhcp[key] !== undefined) record[CLIENT_DHCP_FIELDS[key]] = dhcp[key];
    return record;
  }
}
