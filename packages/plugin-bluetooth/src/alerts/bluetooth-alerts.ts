/**
 * The Bluetooth alerts on the packet path: one `classify` tap, after the PHYs' classifiers, that
 * looks at each device a packet told of (the sender of a sniffed advertising PDU, the device of
 * each report an HCI event or adapter record carried) and raises BLEEDINGTOOTH, FLIPPERZERO
 * and TRACKERFOLLOW as Kismet raises its alerts: the device's address as the source MAC, the
 * channel `FHSS`, and the device's key, so the alert counts on it; the packet is tagged
 * (`ALERT`, `ALERT_<NAME>`) for the logs. The definitions are declared by the PHYs
 * (`bluetooth-alert-catalog.ts`); the conditions are each in their own module.
 */
import { formatMac, tagPacket, type Packet, type PhyState, type Service, type TrackedDevice } from '@svc/core';
import type { BtleAdvertisement } from '../btle/advertising-pdu.js';
import { BTLE_PHY_NAME } from '../btle/btle-phy.js';
import { BLUETOOTH_PHY_NAME } from '../classic/bluetooth-phy.js';
import type { BluetoothReports } from '../hci/bluetooth-report.js';
import { isBleedingToothAdvertisement, isBleedingToothReport } from './bleedingtooth-check.js';
import { BLEEDINGTOOTH_TEXT, BLUETOOTH_ALERT_CHANNEL, BluetoothAlert, FLIPPERZERO_TEXT } from './bluetooth-alert-catalog.js';
import { FlipperWatch } from './flipper-check.js';
import { TrackerFollowWatch, type TrackerStay } from './tracker-follow.js';
import { readTrackerFollowSettings, type TrackerFollowSettings } from './tracker-follow-settings.js';

/** `classify` stage of the alert tap: after the PHYs' classifiers (the core's `PHY_STAGE`, -100). */
const ALERT_STAGE = 10;

/**
 * Taps the packet chain with the checks. Call from the plugin's `apply`; reading the config
 * here makes a bad TRACKERFOLLOW line fail the plugin at start.
 */
export function applyBluetoothAlerts(svc: Service, pluginName: string): void {
  const settings = readTrackerFollowSettings(svc.config);
  let checks: BluetoothAlertChecks | undefined;
  svc.hooks.packet.for('classify').tap({ name: pluginName, stage: ALERT_STAGE }, (packet) => {
    const sniffed = packet.annotations.btle;
    const reported = packet.annotations.bluetooth;
    // Another radio's copy of a packet already checked would count twice.
    if ((sniffed === undefined && reported === undefined) || packet.duplicate === true || packet.filtered === true) return;
    (checks ??= new BluetoothAlertChecks(svc.alerts, svc.devices, settings)).inspect(packet, sniffed, reported);
  });
}

/** The checks, fed packet by packet. */
export class BluetoothAlertChecks {
  readonly #btle: PhyState;
  readonly #classic: PhyState;
  readonly #flippers = new FlipperWatch();
  readonly #follows: TrackerFollowWatch;

  constructor(
    private readonly alerts: Pick<Service['alerts'], 'tryRaise'>,
    private readonly devices: Pick<Service['devices'], 'phy' | 'find'>,
    settings: TrackerFollowSettings,
  ) {
    this.#btle = devices.phy(BTLE_PHY_NAME)!;
    this.#classic = devices.phy(BLUETOOTH_PHY_NAME)!;
    this.#follows = new TrackerFollowWatch(settings);
  }

  /** Checks the devices one packet told of. */
  inspect(packet: Packet, sniffed: BtleAdvertisement | undefined, reported: BluetoothReports | undefined): void {
    if (sniffed !== undefined) this.#le(packet, sniffed.transmitter, isBleedingToothAdvertisement(sniffed));
    if (reported === undefined) return;
    for (const report of reported.reports) {
      if (report.transport === 'le') this.#le(packet, report.address, isBleedingToothReport(report));
      else this.#classicDevice(packet, report.address);
    }
  }

  #le(packet: Packet, mac: number, oversized: boolean): void {
    // Absent when an ingest filter rule blocks it: nothing is raised about a device not tracked.
    const device = this.devices.find(this.#btle, mac);
    if (device === undefined) return;
    if (oversized) this.#raise(packet, BluetoothAlert.BLEEDINGTOOTH, BLEEDINGTOOTH_TEXT, device);
    if (this.#flippers.firstSighting(device)) this.#raise(packet, BluetoothAlert.FLIPPERZERO, FLIPPERZERO_TEXT, device);
    if (device.components.btle?.tracker !== true) return;
    const stay = this.#follows.heard(device, mac, packet.tsSec + packet.tsUsec / 1e6, packet.gps);
    if (stay !== undefined && this.#raise(packet, BluetoothAlert.TRACKERFOLLOW, followText(device, stay), device)) this.#follows.raised(device);
  }

  #classicDevice(packet: Packet, mac: number): void {
    const device = this.devices.find(this.#classic, mac);
    if (device !== undefined && this.#flippers.firstSighting(device)) this.#raise(packet, BluetoothAlert.FLIPPERZERO, FLIPPERZERO_TEXT, device);
  }

  /** Raises an alert about `device`; false when it is throttled or silenced. */
  #raise(packet: Packet, name: string, text: string, device: TrackedDevice): boolean {
    const raised = this.alerts.tryRaise({ name, text, sourceMac: formatMac(device.mac), channel: BLUETOOTH_ALERT_CHANNEL, deviceKey: device.key });
    if (raised === undefined) return false;
    tagPacket(packet, 'ALERT');
    tagPacket(packet, `ALERT_${name}`);
    return true;
  }
}

/** The text of a TRACKERFOLLOW: which tracker, for how long, over what distance, and how to silence it if it is the user's. */
export function followText(device: TrackedDevice, stay: TrackerStay): string {
  const kind = device.components.btle?.advertiser || 'Bluetooth tracker';
  const minutes = Math.floor((stay.last - stay.first) / 60);
  const distance = stay.located ? ` while the sensor travelled ${Math.round(stay.travelled)} m` : '';
  return `${kind} ${formatMac(device.mac)} has stayed with this sensor for ${minutes} minutes${distance}; it may be tracking whoever carries the sensor. If it is yours, add it to bluetooth_tracker_follow_allow.`;
}
