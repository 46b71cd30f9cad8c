/**
 * The `classify` step for `serialjson` device reports: the reported device is created or
 * updated in the PHY the report names, with the sensor's RSSI and channel as its signal and the
 * reported SSID or name as its name. A report naming a PHY no plugin provides is an error
 * packet (and one message saying which PHYs there are).
 */
import type { Packet, Service } from '@svc/core';
import type { DeviceReport } from './serialjson-line.js';

/** Applies device reports to the tracker. */
export class DeviceReports {
  readonly #unknownPhys = new Set<string>();

  constructor(private readonly svc: Pick<Service, 'devices' | 'messages'>) {}

  /** Touches the reported device; marks the packet an error when its PHY is unknown. */
  apply(packet: Packet, report: DeviceReport): void {
    const phy = this.svc.devices.phy(report.phy);
    if (!phy) {
      packet.error = true;
      if (!this.#unknownPhys.has(report.phy)) {
        this.#unknownPhys.add(report.phy);
        const known = this.svc.devices.phys().map((entry) => entry.name).join(', ');
        this.svc.messages.post(`serialjson: a device report names PHY '${report.phy}', which no plugin provides (known: ${known})`);
      }
      return;
    }
    const device = this.svc.devices.touch(packet, phy, report.mac);
    if (device === undefined) return; // an ingest filter rule blocks it
    device.packetsTx++;
    if (report.name !== undefined && report.name !== '') device.name = report.name;
  }
}
