/**
 * What the detectors remember about one network (BSSID) and one station, kept in the bounded
 * per-MAC tables of the alert module: for a network, the last element set parsed and each SSID
 * it advertised or answered for with the encryption, channel, country and beacon interval last
 * seen (the fields Kismet's SSID record compares), its beacon timestamp, its disconnect and WPS
 * counters and whether it beaconed as ad-hoc; for a station, the SSIDs it probed for and the
 * handshake nonces sent to it, what its DHCP discovers said in each network and the address a
 * DHCP server gave it. Every list is bounded.
 */

/** SSIDs kept per network and list (advertised, answered). */
export const MAX_SSIDS_PER_NETWORK = 64;
/** Nonces kept per station and message kind, as Kismet keeps 128. */
export const MAX_NONCES = 128;
/** Probed SSIDs kept per station. */
export const MAX_PROBED_SSIDS = 256;
/** Networks whose DHCP discovers are remembered per station, as a client map keeps 64 access points. */
export const MAX_DHCP_NETWORKS = 64;

/** What a network last advertised (or answered with) for one SSID. */
export class SsidRecord {
  /** Kismet's SSID channel: from the HT operation element, or the last channel change; -1 when unset. */
  channel = -1;
  /** The DS parameter set channel of the last beacon for this SSID, 0 when none. */
  beaconChannel = 0;
  /** The 802.11d country (two bytes), -1 when none. */
  country = -1;
  /** Beacon interval in TU, 0 when none yet. */
  interval = 0;

  constructor(
    readonly key: number,
    /** The SSID as text (up to its first NUL byte). */
    readonly ssid: string,
    public ciphers: number,
    public akms: number,
  ) {}
}

/**
 * What the last element set of one kind (beacon, or probe response) of a network was read to:
 * Kismet reads an element set again whenever the network's last frame had other elements (a
 * beacon after a probe response), and this lets such a re-read skip the walk when nothing in it
 * can raise anything the last reading did not.
 */
export class LastElements {
  /** Fingerprint of the element set. */
  hash = -1;
  /** The walk went through (Kismet did not give the frame up). */
  walked = false;
  /** An element alert's condition was met: a re-read raises it again, so it is walked again. */
  conditionMet = false;
  /** The SSID record the element set updated. */
  record: SsidRecord | undefined = undefined;
  /** Its DS channel (0 when none) and whether it had no SSID. */
  channel = 0;
  ssidless = false;

  /** Records a reading (the object is reused from one to the next: no allocation per beacon). */
  set(hash: number, walked: boolean, conditionMet: boolean, record: SsidRecord | undefined, channel: number, ssidless: boolean): void {
    this.hash = hash;
    this.walked = walked;
    this.conditionMet = conditionMet;
    this.record = record;
    this.channel = channel;
    this.ssidless = ssidless;
  }
}

/** Per-network state. */
export class NetworkState {
  /** Fingerprint of the last element set parsed (beacons and probe responses share it, as in Kismet); -1 when none. */
  elementsHash = -1;
  /** The last beacon and probe response element sets read. */
  lastBeacon: LastElements | undefined = undefined;
  lastResponse: LastElements | undefined = undefined;
  /**
   * The SSID records of beacons and of probe responses: the first of each in a field, the others
   * in a list, since most networks only ever have one and a list costs more than its record.
   */
  advertised: SsidRecord | undefined = undefined;
  responded: SsidRecord | undefined = undefined;
  moreAdvertised: SsidRecord[] | undefined = undefined;
  moreResponded: SsidRecord[] | undefined = undefined;
  /** Last beacon timestamp (TSF, microseconds); a double from the start so it is updated in place. */
  tsf = 0.5;
  /** Capture time of the last beacon: seconds and microseconds. */
  beaconSeconds = 0;
  beaconMicros = 0;
  /** Beacons in a row, each within 5 s of the one before; 0 before the first. */
  steadyBeacons = 0;
  /** Deauthentications and disassociations in a row, each within a second of the one before. */
  disconnects = 0;
  /** Capture second of the last of them. */
  disconnectSecond = 0;
  /** Beaconed as an ad-hoc network / as an access point. */
  adhocBeacon = false;
  apBeacon = false;
  /** WPS M3 messages in a row, each within 5 minutes of the one before. */
  wpsM3 = 0;
  wpsM3Time = 0;

  /** The record of the SSID `key` in beacons (`beacon`) or probe responses, if any. */
  ssid(beacon: boolean, key: number): SsidRecord | undefined {
    const first = beacon ? this.advertised : this.responded;
    if (first === undefined || first.key === key) return first;
    const more = beacon ? this.moreAdvertised : this.moreResponded;
    if (more !== undefined) for (let i = 0; i < more.length; i++) if (more[i]!.key === key) return more[i];
    return undefined;
  }

  /** Adds a record, forgetting the oldest but the first when the list is full. */
  addSsid(beacon: boolean, record: SsidRecord): void {
    if ((beacon ? this.advertised : this.responded) === undefined) {
      if (beacon) this.advertised = record;
      else this.responded = record;
      return;
    }
    const more = beacon ? (this.moreAdvertised ??= []) : (this.moreResponded ??= []);
    if (more.length >= MAX_SSIDS_PER_NETWORK - 1) more.shift();
    more.push(record);
  }
}

/** A handshake nonce seen sent to a station. */
export class NonceRecord {
  constructor(
    readonly nonce: Buffer,
    public replayCounter: bigint,
    readonly time: number,
  ) {}
}

/** The host name and vendor class of a station's last discovers in one network. */
export interface DiscoverIdentity {
  host: string | undefined;
  vendor: string | undefined;
}

/** What the DHCP checks remember of one station. */
export class DhcpStationState {
  /** Per network (BSSID), what its discovers said there. */
  readonly networks = new Map<number, DiscoverIdentity>();
  /** The address a DHCP server last acknowledged for it (unsigned 32-bit), 0 when none. */
  leased = 0;
  /** Capture time its lease ends (infinite when the acknowledgement gave no lease time). */
  leaseEnds = 0;
  /** The other address it was last reported for under this lease, 0 when none. */
  reported = 0;
}

/** Per-station state. */
export class StationState {
  /** Keys of the SSIDs it probed for (kept only while canaries are configured). */
  probed: Set<number> | undefined = undefined;
  /** ANonces of message 1 and nonces of message 3 sent to it. */
  anonces: NonceRecord[] | undefined = undefined;
  nonces: NonceRecord[] | undefined = undefined;
  /** What its DHCP traffic said, once it sent or was sent any. */
  dhcp: DhcpStationState | undefined = undefined;
}
