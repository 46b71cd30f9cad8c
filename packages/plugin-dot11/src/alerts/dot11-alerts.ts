/**
 * Kismet's built-in 802.11 alerts (wireless intrusion detection) for svc: the config lines they
 * read (`apspoof=`, `ssidcanary=`, `dot11_max_signal`), and one `classify` tap that hands each
 * decoded frame to the checks for its type, after the 802.11 classifier. The definitions are in
 * `alert-catalog.ts`, declared with the PHY.
 * The checks keep their own bounded state per network and per station; they read the frame in
 * place and allocate nothing unless an alert is raised, since this runs on every frame.
 *
 * What each check looks at and where svc departs from Kismet 2025-09-R1 is said in its module;
 * in short, where Kismet's test can fire, svc's fires on the same frames (with capture time
 * instead of the wall clock for its windows), and where Kismet's code can never raise an alert
 * it defines, svc tests what the alert's description says.
 */
import type { Config, Packet, Service } from '@svc/core';
import { Dot11Type, ManagementSubtype } from '../parse/dot11-header.js';
import type { Dot11Frame } from '../parse/decode.js';
import { checkAdhocConflict } from './adhoc-conflict-check.js';
import { AdvertisementChecks } from './advertisement-checks.js';
import { AlertEmitter } from './alert-emitter.js';
import { IP_DATA_ALERT_DEFINITIONS } from './alert-catalog.js';
import { BoundedMacState } from './bounded-mac-state.js';
import { checkBssTimestamp } from './bss-timestamp-check.js';
import { DhcpChecks } from './dhcp-checks.js';
import { checkDisconnect, checkReasonCode } from './disconnect-checks.js';
import { EapolChecks } from './eapol-checks.js';
import { ElementWalk } from './element-walk.js';
import { FrameRoles } from './frame-roles.js';
import { NetworkState, StationState } from './network-state.js';
import { checkMalformedManagement, checkSignal, DEFAULT_MAX_SIGNAL } from './reception-checks.js';
import { checkActionFrame, checkBeaconSignatures, checkDataSignatures } from './signature-checks.js';
import { parseApSpoofRules, parseCanaryRules, type ApSpoofRule, type CanaryRule } from './ssid-rules.js';
import { StationChecks } from './station-checks.js';

/** The config keys the alerts read, for the plugin's `configKeys`. */
export const DOT11_ALERT_CONFIG_KEYS: Readonly<Record<string, string>> = {
  apspoof: 'an SSID only some MACs may advertise: NAME:ssid="REGEX",validmacs="MAC,MAC/MASK,..." (APSPOOF alert; repeatable)',
  ssidcanary: 'an SSID nobody should advertise or probe for: NAME:ssid="REGEX" (SSIDCANARY alert; repeatable)',
  dot11_max_signal: `signal in dBm above which a frame raises OVERPOWERED (default ${DEFAULT_MAX_SIGNAL})`,
};

/** `classify` stage of the alert tap: after the 802.11 classifier (the core's `PHY_STAGE`). */
const ALERT_STAGE = 10;

/** Fixed fields before the elements of the management frames whose elements are checked. */
const BEACON_FIXED = 12;
const ASSOCIATION_REQUEST_FIXED = 4;
const REASSOCIATION_REQUEST_FIXED = 10;
const ASSOCIATION_RESPONSE_FIXED = 6;
/** Kismet gives up (re)association requests and action frames shorter than these. */
const MIN_ASSOCIATION_REQUEST = 36;
const MIN_ACTION = 30;
const CAPABILITY_ESS = 0x0001;
const CAPABILITY_IBSS = 0x0002;
const QOS_DATA = 8;
const NULL_DATA_BIT = 0x04;

/** What the alerts read from the config. */
export interface Dot11AlertSettings {
  readonly apSpoof: readonly ApSpoofRule[];
  readonly canaries: readonly CanaryRule[];
  readonly maxSignal: number;
}

/** Reads the alert config lines; a bad line is an `SVC_ERR_CONFIG_VALUE` naming its file and line. */
function readDot11AlertSettings(config: Config): Dot11AlertSettings {
  return {
    apSpoof: parseApSpoofRules(config.values('apspoof')),
    canaries: parseCanaryRules(config.values('ssidcanary')),
    maxSignal: config.getNumber('dot11_max_signal', DEFAULT_MAX_SIGNAL, { min: -128, max: 0 }),
  };
}

/**
 * Taps the packet chain with the checks. Call from the plugin's `apply`; the 802.11 alerts are
 * defined by the PHY's declaration (`dot11-phy.ts`), those of IP data (no PHY) here.
 */
export function applyDot11Alerts(svc: Service, pluginName: string, phyName: string): void {
  const settings = readDot11AlertSettings(svc.config);
  svc.hooks.alertDefinitions.tap(pluginName, (definitions) => {
    for (const definition of IP_DATA_ALERT_DEFINITIONS) definitions.add(definition);
  });
  let detectors: Dot11AlertDetectors | undefined;
  svc.hooks.packet.for('classify').tap({ name: pluginName, stage: ALERT_STAGE }, (packet) => {
    const frame = packet.annotations.dot11;
    // Another radio's copy of a frame already checked would count twice toward every rate.
    if (frame === undefined || packet.duplicate === true) return;
    (detectors ??= new Dot11AlertDetectors(new AlertEmitter(svc.alerts, svc.devices, phyName), settings)).inspect(packet, frame);
  });
}

/** The checks, fed frame by frame. */
export class Dot11AlertDetectors {
  readonly #roles = new FrameRoles();
  readonly #networks = new BoundedMacState(() => new NetworkState());
  readonly #stations = new BoundedMacState(() => new StationState());
  readonly #advertisements: AdvertisementChecks;
  readonly #stationChecks: StationChecks;
  readonly #eapol: EapolChecks;
  readonly #dhcp: DhcpChecks;
  /** Networks seen beaconing as ad-hoc; while none, data frames skip the ADHOCCONFLICT lookup. */
  #adhocNetworks = 0;

  constructor(
    private readonly emitter: AlertEmitter,
    private readonly settings: Dot11AlertSettings,
  ) {
    const walk = new ElementWalk();
    this.#advertisements = new AdvertisementChecks(emitter, walk, settings.apSpoof, settings.canaries);
    this.#stationChecks = new StationChecks(emitter, walk, settings.canaries);
    this.#eapol = new EapolChecks(emitter, this.#stations);
    this.#dhcp = new DhcpChecks(emitter, this.#stations);
  }

  /** Checks one decoded frame; alerts raised about it tag it. */
  inspect(packet: Packet, frame: Dot11Frame): void {
    this.emitter.packet = packet;
    try {
      this.#check(packet, frame);
    } finally {
      // Not kept past its checks: the packet's bytes are a window on its source's whole read.
      this.emitter.packet = undefined;
    }
  }

  #check(packet: Packet, frame: Dot11Frame): void {
    const data = packet.data;
    if (data === undefined || frame.radio.badFcs || frame.frameStart === undefined) return;
    const roles = this.#roles;
    const header = frame.header;
    if (header === undefined) {
      if (frame.type === Dot11Type.MANAGEMENT && frame.malformed !== undefined) {
        roles.clear();
        checkMalformedManagement(frame.malformed, roles, this.emitter);
      }
      return;
    }
    // The roles are filled only for frames a check reads, so protected data costs next to nothing.
    const signal = frame.radio.signalDbm;
    if (signal !== undefined && signal > this.settings.maxSignal) {
      roles.fill(header);
      checkSignal(signal, this.settings.maxSignal, roles, this.emitter);
    }
    const end = frame.frameStart + frame.frameLength!;
    if (header.type === Dot11Type.MANAGEMENT) {
      roles.fill(header);
      if (frame.malformed !== undefined) checkMalformedManagement(frame.malformed, roles, this.emitter);
      this.#management(packet, frame, data, end);
    } else if (header.type === Dot11Type.DATA && !header.protected) {
      roles.fill(header);
      this.#data(packet, frame, data, end);
    }
  }

  #management(packet: Packet, frame: Dot11Frame, data: Buffer, end: number): void {
    const header = frame.header!;
    const roles = this.#roles;
    const body = frame.bodyStart!;
    switch (header.subtype) {
      case ManagementSubtype.BEACON:
      case ManagementSubtype.PROBE_RESPONSE: {
        if (end - body < BEACON_FIXED) return;
        const beacon = header.subtype === ManagementSubtype.BEACON;
        if (beacon) checkBeaconSignatures(data, frame.frameStart!, end, roles, this.emitter);
        if (!roles.hasNetwork) return;
        const network = this.#networks.obtain(roles.bssidHigh, roles.bssidLow);
        const capability = data[body + 10]! | (data[body + 11]! << 8);
        const adhoc = (capability & CAPABILITY_IBSS) !== 0 && (capability & CAPABILITY_ESS) === 0;
        if (adhoc && !network.adhocBeacon) {
          network.adhocBeacon = true;
          this.#adhocNetworks++;
        } else if (!adhoc) network.apBeacon = true;
        if (beacon && !adhoc && frame.malformed === undefined) checkBssTimestamp(network, data, body, packet.tsSec, packet.tsUsec, roles, this.emitter);
        this.#advertisements.check(network, data, body + BEACON_FIXED, end, frame.elementsHash, beacon, beacon ? data[body + 8]! | (data[body + 9]! << 8) : 0, roles);
        return;
      }
      case ManagementSubtype.PROBE_REQUEST:
        this.#request(data, body, end);
        return;
      case ManagementSubtype.ASSOC_REQUEST:
      case ManagementSubtype.REASSOC_REQUEST: {
        if (end - frame.frameStart! < MIN_ASSOCIATION_REQUEST) return;
        const association = header.subtype === ManagementSubtype.ASSOC_REQUEST;
        if (association && roles.hasNetwork) this.#stationChecks.associationRequest(roles);
        this.#request(data, body + (association ? ASSOCIATION_REQUEST_FIXED : REASSOCIATION_REQUEST_FIXED), end);
        return;
      }
      case ManagementSubtype.ASSOC_RESPONSE:
        if (end - body >= ASSOCIATION_RESPONSE_FIXED) this.#stationChecks.associationResponse(data, body + ASSOCIATION_RESPONSE_FIXED, end, roles);
        return;
      case ManagementSubtype.DEAUTH:
      case ManagementSubtype.DISASSOC: {
        const deauth = header.subtype === ManagementSubtype.DEAUTH;
        if (!header.protected) checkReasonCode(end - body >= 2 ? data.readUInt16LE(body) : undefined, deauth, roles, this.emitter);
        if (roles.hasNetwork) checkDisconnect(this.#networks.obtain(roles.bssidHigh, roles.bssidLow), packet.tsSec, roles, this.emitter);
        return;
      }
      case ManagementSubtype.ACTION:
        if (!header.protected && end - frame.frameStart! >= MIN_ACTION) checkActionFrame(data, body, end, roles, this.emitter);
        return;
      default:
    }
  }

  /** The elements of a probe or (re)association request, whose sender Kismet tracks apart from the network. */
  #request(data: Buffer, start: number, end: number): void {
    const roles = this.#roles;
    if (!roles.hasSourceDevice || start > end) return;
    const station = this.#stationChecks.watchesProbes ? this.#stations.obtain(roles.sourceHigh, roles.sourceLow) : undefined;
    this.#stationChecks.request(data, start, end, roles, station);
  }

  #data(packet: Packet, frame: Dot11Frame, data: Buffer, end: number): void {
    const header = frame.header!;
    const roles = this.#roles;
    if (this.#adhocNetworks > 0 && header.toDs !== header.fromDs && roles.hasNetwork) {
      const network = this.#networks.get(roles.bssidHigh, roles.bssidLow);
      if (network !== undefined) checkAdhocConflict(network, roles, this.emitter);
    }
    if ((header.subtype & NULL_DATA_BIT) !== 0) return;
    const body = frame.bodyStart!;
    checkDataSignatures(data, body, end, roles, this.emitter);
    if ((header.subtype === 0 || header.subtype === QOS_DATA) && roles.hasNetwork && EapolChecks.isEapol(data, body, end)) {
      const fromAp = header.fromDs && !header.toDs;
      this.#eapol.check(data, body, end, fromAp, header.retry, packet.tsSec + packet.tsUsec / 1e6, roles, this.#networks.obtain(roles.bssidHigh, roles.bssidLow));
    }
    if (frame.ip !== undefined) this.#dhcp.check(frame.ip, header, roles, packet.tsSec + packet.tsUsec / 1e6);
  }
}
