/**
 * The `classify` stage for Bluetooth LE: the sender of an advertising-channel packet, or the
 * device an adapter's LE advertising report names, becomes (or updates) a `BTLE` device keyed
 * by its address, with the packet's RSSI and channel, so a device an nRF sniffer hears and the
 * host's adapter reports is one device. The device a sniffed packet addresses (the advertiser a
 * scanner asks, the one an initiator connects to) is touched without them. Names come from the
 * local name, the manufacturer from the OUI for public addresses and from the company
 * identifier for random ones.
 */
import type { Packet, PacketSignal, PhyState, Service, TrackedDevice } from '@svc/core';
import type { BtleAdvertisement } from './advertising-pdu.js';
import { BtleDevice, randomAddressKind } from './btle-device.js';
import { companyName } from './company-ids.js';
import { ADAPTER_CHANNEL, ADAPTER_FREQ_KHZ, type BluetoothAddressType, type BluetoothReport } from '../hci/bluetooth-report.js';

/** Device type text of BLE devices, as Kismet writes it. */
export const BTLE_DEVICE_TYPE = 'BTLE';
/** Kismet's basic type bit for a device that is neither AP nor client. */
const BASIC_TYPE_DEVICE = 1 << 4;
const UNKNOWN_MANUFACTURER = 'Unknown';

function isRandom(type: BluetoothAddressType): boolean {
  return type === 'random' || type === 'random_static_identity';
}

/** Applies decoded advertisements and LE reports to the tracker. */
export class BtleClassifier {
  constructor(
    private readonly devices: Service['devices'],
    private readonly phy: PhyState,
  ) {}

  /** Updates the sender and the addressed device. */
  classify(packet: Packet, advertisement: BtleAdvertisement): void {
    const sender = this.#device(packet, advertisement.transmitter, advertisement.transmitterRandom ? 'random' : 'public', true);
    if (sender === undefined) return; // an ingest filter rule blocks it
    sender.packetsTx++;
    const btle = sender.components.btle!;
    btle.apply(advertisement, advertisement.transmitter);
    this.#name(sender, btle);
    if (advertisement.target !== undefined) {
      const target = this.#device(packet, advertisement.target, advertisement.targetRandom ? 'random' : 'public', false);
      if (target !== undefined) target.packetsRx++;
    }
  }

  /**
   * Updates the device of each LE report. One HCI event may report several devices, each with
   * its own RSSI: the packet carries each report's signal while its device is touched.
   */
  classifyReports(packet: Packet, reports: readonly BluetoothReport[]): void {
    const signal = packet.signal;
    for (const report of reports) {
      if (report.transport !== 'le') continue;
      packet.signal = reportSignal(report, signal);
      const device = this.#device(packet, report.address, report.addressType, true);
      if (device === undefined) continue;
      device.packetsTx++;
      // A phone's scan report names the kind of device; Kismet makes it the device's type.
      if (report.deviceType !== undefined) device.type = report.deviceType;
      const btle = device.components.btle!;
      btle.applyReport(report);
      this.#name(device, btle);
    }
    packet.signal = signal;
  }

  #name(device: TrackedDevice, btle: BtleDevice): void {
    if (btle.localName !== '' && device.name !== btle.localName) device.name = btle.localName;
    if (btle.companyId !== 0 && btle.randomAddress) device.manuf = companyName(btle.companyId);
  }

  #device(packet: Packet, mac: number, addressType: BluetoothAddressType, transmitted: boolean): TrackedDevice | undefined {
    const device = this.devices.touch(packet, this.phy, mac, transmitted);
    if (device === undefined) return undefined;
    if (device.components.btle === undefined) {
      const random = isRandom(addressType);
      const btle = new BtleDevice(random, addressType);
      if (random) btle.randomKind = randomAddressKind(mac);
      device.components.btle = btle;
      device.type = BTLE_DEVICE_TYPE;
      device.basicTypeSet = BASIC_TYPE_DEVICE;
      if (random) device.manuf = UNKNOWN_MANUFACTURER;
    }
    return device;
  }
}

/** The signal of one adapter report: its RSSI when it has one, else the packet's; the channel the adapter hides. */
export function reportSignal(report: BluetoothReport, packetSignal: PacketSignal | undefined): PacketSignal | undefined {
  if (report.rssi === undefined) return packetSignal;
  return { signalDbm: report.rssi, freqKhz: packetSignal?.freqKhz ?? ADAPTER_FREQ_KHZ, channel: packetSignal?.channel ?? ADAPTER_CHANNEL };
}
