/**
 * The `classify` stage for Bluetooth LE: the sender of an advertising-channel packet becomes (or
 * updates) a `BTLE` device keyed by its address, with the packet's RSSI and channel; the device a
 * packet addresses (the advertiser a scanner asks, the one an initiator connects to) is touched
 * without them. Names come from the local name, the manufacturer from the OUI for public
 * addresses and from the company identifier for random ones.
 */
import type { Packet, PhyState, Service, TrackedDevice } from '@svc/core';
import type { BtleAdvertisement } from './advertising-pdu.js';
import { BtleDevice } from './btle-device.js';
import { companyName } from './company-ids.js';

/** Device type text of BLE devices, as Kismet writes it. */
export const BTLE_DEVICE_TYPE = 'BTLE';
/** Kismet's basic type bit for a device that is neither AP nor client. */
const BASIC_TYPE_DEVICE = 1 << 4;
const UNKNOWN_MANUFACTURER = 'Unknown';

/** Applies decoded advertisements to the tracker. */
export class BtleClassifier {
  constructor(
    private readonly devices: Service['devices'],
    private readonly phy: PhyState,
  ) {}

  /** Updates the sender and the addressed device. */
  classify(packet: Packet, advertisement: BtleAdvertisement): void {
    const sender = this.#device(packet, advertisement.transmitter, advertisement.transmitterRandom, true);
    if (sender === undefined) return; // an ingest filter rule blocks it
    sender.packetsTx++;
    const btle = sender.components.btle!;
    btle.apply(advertisement);
    if (btle.localName !== '' && sender.name !== btle.localName) sender.name = btle.localName;
    if (btle.companyId !== 0 && btle.randomAddress) sender.manuf = companyName(btle.companyId);
    if (advertisement.target !== undefined) {
      const target = this.#device(packet, advertisement.target, advertisement.targetRandom ?? false, false);
      if (target !== undefined) target.packetsRx++;
    }
  }

  #device(packet: Packet, mac: number, random: boolean, transmitted: boolean): TrackedDevice | undefined {
    const device = this.devices.touch(packet, this.phy, mac, transmitted);
    if (device === undefined) return undefined;
    if (device.components.btle === undefined) {
      device.components.btle = new BtleDevice(random);
      device.type = BTLE_DEVICE_TYPE;
      device.basicTypeSet = BASIC_TYPE_DEVICE;
      if (random) device.manuf = UNKNOWN_MANUFACTURER;
    }
    return device;
  }
}
