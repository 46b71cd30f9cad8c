/**
 * The three MACs an 802.11 alert names, read from a frame the way Kismet's dissector assigns
 * them, since its alerts (and so the references svc is checked against) carry these: the
 * network (BSSID, Kismet's "transmitter" of an alert), the source and the destination. They
 * follow the to/from-DS bits for data frames as the header parser does, except that an ad-hoc
 * data frame with a zero BSSID takes its source as BSSID; control frames name the addresses
 * Kismet reads per subtype. One instance is filled per frame and reused (no allocation).
 */
import { Dot11Type } from '../parse/dot11-header.js';
import type { Dot11Header } from '../parse/dot11-header.js';

const GROUP_BIT = 0x010000000000;
const VHT_NDP_ANNOUNCEMENT = 5;
const BLOCK_ACK_REQUEST = 8;
const BLOCK_ACK = 9;
const PS_POLL = 10;
const CTS = 12;
const ACK = 13;
const RTS = 11;

/** True for a MAC that can name a device: not zero, not a group address. */
export function isUnicast(mac: number): boolean {
  return mac !== 0 && Math.floor(mac / GROUP_BIT) % 2 === 0;
}

/** The network, source and destination of the frame being checked (0 when the frame has none). */
export class FrameRoles {
  bssid = 0;
  source = 0;
  dest = 0;

  /** Fills the roles from a parsed header. */
  fill(header: Dot11Header): void {
    if (header.type === Dot11Type.CONTROL) {
      this.#control(header);
      return;
    }
    this.bssid = header.bssid ?? 0;
    this.source = header.source ?? 0;
    this.dest = header.destination ?? 0;
    if (header.type === Dot11Type.DATA && !header.toDs && !header.fromDs && this.bssid === 0) this.bssid = this.source;
  }

  /** Kismet's BSSID device exists for the frame: the BSSID is a unicast MAC. */
  get hasNetwork(): boolean {
    return isUnicast(this.bssid);
  }

  /** Kismet tracks the source as a device of its own: unicast, and not the BSSID. */
  get hasSourceDevice(): boolean {
    return this.source !== this.bssid && isUnicast(this.source);
  }

  /** Kismet tracks the destination as a device of its own: unicast, neither the source nor the BSSID. */
  get hasDestDevice(): boolean {
    return this.dest !== this.source && this.dest !== this.bssid && isUnicast(this.dest);
  }

  #control(header: Dot11Header): void {
    const first = header.receiver;
    const second = header.transmitter ?? header.bssid ?? 0;
    this.bssid = 0;
    switch (header.subtype) {
      case BLOCK_ACK:
        this.source = first;
        this.dest = second;
        return;
      case PS_POLL:
        this.bssid = first;
        this.source = first;
        this.dest = 0;
        return;
      case CTS:
      case ACK:
        this.source = first;
        this.dest = first;
        return;
      case VHT_NDP_ANNOUNCEMENT:
      case BLOCK_ACK_REQUEST:
      case RTS:
        this.source = second;
        this.dest = first;
        return;
      default:
        this.source = 0;
        this.dest = 0;
    }
  }
}
