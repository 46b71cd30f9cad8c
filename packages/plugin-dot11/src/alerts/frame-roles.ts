/**
 * The three MACs an 802.11 alert names, read from a frame the way Kismet's dissector assigns
 * them, since its alerts (and so the references svc is checked against) carry these: the
 * network (BSSID, Kismet's "transmitter" of an alert), the source and the destination. They
 * follow the to/from-DS bits for data frames as the header parser does, except that an ad-hoc
 * data frame with a zero BSSID takes its source as BSSID; control frames name the addresses
 * Kismet reads per subtype.
 *
 * One instance is filled per frame and reused. Each MAC is kept as its upper and lower 24 bits
 * (small integers): the checks compare and look them up on every frame, and a 48-bit number
 * would be a boxed double in V8, allocated again each time it is passed on. The 48-bit forms
 * (`bssid`, `source`, `dest`) are for alert texts, built only when an alert is raised.
 */
import { Dot11Type } from '../parse/dot11-header.js';
import type { Dot11Header } from '../parse/dot11-header.js';

const HALF = 0x1000000;
const GROUP_BIT = 0x010000;
const HALF_MASK = 0xffffff;
const VHT_NDP_ANNOUNCEMENT = 5;
const BLOCK_ACK_REQUEST = 8;
const BLOCK_ACK = 9;
const PS_POLL = 10;
const RTS = 11;
const CTS = 12;
const ACK = 13;

/** True for a MAC (as halves) that can name a device: not zero, not a group address. */
export function isUnicast(high: number, low: number): boolean {
  return (high | low) !== 0 && (high & GROUP_BIT) === 0;
}

/** The network, source and destination of the frame being checked (zero when the frame has none). */
export class FrameRoles {
  bssidHigh = 0;
  bssidLow = 0;
  sourceHigh = 0;
  sourceLow = 0;
  destHigh = 0;
  destLow = 0;

  /** Fills the roles from a parsed header. */
  fill(header: Dot11Header): void {
    if (header.type === Dot11Type.CONTROL) {
      this.#control(header);
      return;
    }
    // Split in place: a 48-bit MAC handed to a helper would be boxed on every frame.
    const bssid = header.bssid ?? 0;
    const source = header.source ?? 0;
    const dest = header.destination ?? 0;
    this.bssidHigh = Math.floor(bssid / HALF);
    this.bssidLow = bssid % HALF;
    this.sourceHigh = Math.floor(source / HALF);
    this.sourceLow = source % HALF;
    this.destHigh = Math.floor(dest / HALF);
    this.destLow = dest % HALF;
    if (header.type === Dot11Type.DATA && !header.toDs && !header.fromDs && (this.bssidHigh | this.bssidLow) === 0) {
      this.bssidHigh = this.sourceHigh;
      this.bssidLow = this.sourceLow;
    }
  }

  /** Names no MAC (a frame whose header was cut). */
  clear(): void {
    this.bssidHigh = this.bssidLow = this.sourceHigh = this.sourceLow = this.destHigh = this.destLow = 0;
  }

  /** The BSSID as a 48-bit number (for texts and records). */
  get bssid(): number {
    return this.bssidHigh * HALF + this.bssidLow;
  }

  get source(): number {
    return this.sourceHigh * HALF + this.sourceLow;
  }

  get dest(): number {
    return this.destHigh * HALF + this.destLow;
  }

  /** Kismet's BSSID device exists for the frame: the BSSID is a unicast MAC. */
  get hasNetwork(): boolean {
    return isUnicast(this.bssidHigh, this.bssidLow);
  }

  /** Kismet tracks the source as a device of its own: unicast, and not the BSSID. */
  get hasSourceDevice(): boolean {
    return (this.sourceHigh !== this.bssidHigh || this.sourceLow !== this.bssidLow) && isUnicast(this.sourceHigh, this.sourceLow);
  }

  /** Kismet tracks the destination as a device of its own: unicast, neither the source nor the BSSID. */
  get hasDestDevice(): boolean {
    return (
      (this.destHigh !== this.sourceHigh || this.destLow !== this.sourceLow) &&
      (this.destHigh !== this.bssidHigh || this.destLow !== this.bssidLow) &&
      isUnicast(this.destHigh, this.destLow)
    );
  }

  /** The destination is the broadcast address. */
  get toBroadcast(): boolean {
    return this.destHigh === HALF_MASK && this.destLow === HALF_MASK;
  }

  /** Stores a 48-bit MAC into role 0 (BSSID), 1 (source) or 2 (destination); control frames only. */
  #set(role: number, mac: number): void {
    const high = Math.floor(mac / HALF);
    const low = mac % HALF;
    if (role === 0) {
      this.bssidHigh = high;
      this.bssidLow = low;
    } else if (role === 1) {
      this.sourceHigh = high;
      this.sourceLow = low;
    } else {
      this.destHigh = high;
      this.destLow = low;
    }
  }

  #control(header: Dot11Header): void {
    const first = header.receiver;
    const second = header.transmitter ?? 0;
    this.#set(0, 0);
    switch (header.subtype) {
      case BLOCK_ACK:
        this.#set(1, first);
        this.#set(2, second);
        return;
      case PS_POLL:
        this.#set(0, first);
        this.#set(1, first);
        this.#set(2, 0);
        return;
      case CTS:
      case ACK:
        this.#set(1, first);
        this.#set(2, first);
        return;
      case VHT_NDP_ANNOUNCEMENT:
      case BLOCK_ACK_REQUEST:
      case RTS:
        this.#set(1, second);
        this.#set(2, first);
        return;
      default:
        this.#set(1, 0);
        this.#set(2, 0);
    }
  }
}
