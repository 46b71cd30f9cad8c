/**
 * How the 802.11 detectors raise alerts: through the core's alert tracker, naming the frame's
 * network (as the alert's transmitter, Kismet's BSSID argument), source and destination MACs
 * and the channel as Kismet does, plus the key of the network's device when svc tracks it, so
 * a client can link the alert to the device; the frame is tagged for the logs. A detector asks
 * `may` before it builds an alert's text; nothing is allocated unless an alert is raised.
 */
import { deviceKey, formatMac, phyKeyPrefix, tagPacket, type Packet, type Service } from '@svc/core';
import type { FrameRoles } from './frame-roles.js';

/** Raises the built-in alerts. */
export class AlertEmitter {
  readonly #keyPrefix: string;
  /** The frame being checked: an alert raised about it tags it (`ALERT`, `ALERT_<NAME>`), as Kismet tags it for its logs. */
  packet: Packet | undefined = undefined;

  constructor(
    private readonly alerts: Pick<Service['alerts'], 'mayRaise' | 'tryRaise'>,
    private readonly devices: Pick<Service['devices'], 'byKey'>,
    phyName: string,
  ) {
    this.#keyPrefix = phyKeyPrefix(phyName);
  }

  /** Whether the alert would be let through now (defined, not silenced, not throttled). */
  may(name: string): boolean {
    return this.alerts.mayRaise(name);
  }

  /**
   * Raises `name` for a frame. `channel` is the channel the frame's own elements named so far
   * (Kismet's packet channel: 0, written "0", when none did).
   */
  raise(name: string, text: string, roles: FrameRoles, channel: number): void {
    const network = roles.bssid;
    let key: string | undefined;
    if (roles.hasNetwork) {
      key = deviceKey(this.#keyPrefix, network);
      if (!this.devices.byKey(key)) key = undefined;
    }
    const raised = this.alerts.tryRaise({
      name,
      text,
      transmitterMac: formatMac(network),
      sourceMac: formatMac(roles.source),
      destMac: formatMac(roles.dest),
      channel: String(channel),
      deviceKey: key,
    });
    if (raised && this.packet) {
      tagPacket(this.packet, 'ALERT');
      tagPacket(this.packet, `ALERT_${raised['svc.alert.header']}`);
    }
  }
}
