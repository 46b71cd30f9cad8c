/**
 * The Bluetooth alerts svc raises: Kismet 2025-09-R1's two (BLEEDINGTOOTH, FLIPPERZERO) with
 * Kismet's names, classes, severities, default rates (`kismet_alerts.conf`) and alert texts, and
 * svc's own TRACKERFOLLOW. Each is declared by the PHY it belongs to, so the core defines it
 * under that PHY's name; `alert=NAME,rate,burst` changes its rates as for any alert.
 *
 * Kismet declares FLIPPERZERO in both its Bluetooth and its BTLE PHY; the Bluetooth PHY is
 * registered first, so its definition is the one Kismet keeps (the BTLE one is refused as a
 * duplicate). svc defines it once, under `Bluetooth` as Kismet's definitions list shows it, and
 * raises it for devices of both PHYs.
 */
import type { PhyAlertDefinition } from '@svc/core';

/** Kismet's severity levels used here. */
const MEDIUM = 10;
const HIGH = 15;

/** The Bluetooth alerts, by name. */
export const BluetoothAlert = {
  BLEEDINGTOOTH: 'BLEEDINGTOOTH',
  FLIPPERZERO: 'FLIPPERZERO',
  TRACKERFOLLOW: 'TRACKERFOLLOW',
} as const;

/** Channel text of a Bluetooth alert, as Kismet gives it (the radio hops: no one channel). */
export const BLUETOOTH_ALERT_CHANNEL = 'FHSS';

/** Kismet's text of a raised BLEEDINGTOOTH. */
export const BLEEDINGTOOTH_TEXT =
  'Saw a BTLE advertisement packet with an advertised content over 31 bytes; this may indicate a BleedingTooth style attack on the Linux BTLE drivers.';

/** Kismet's text of a raised FLIPPERZERO. */
export const FLIPPERZERO_TEXT =
  'A BTLE advertisement packet with a source address matching a Flipper Zero device was seen; The Flipper device is capable of generating BTLE packets which may cause a denial of service or other problems with some BTLE devices.';

/**
 * BLEEDINGTOOTH, declared by the BTLE PHY. Silenced by default (0/min) as in Kismet, whose
 * default config turned it off after modern devices set it off; `alert=BLEEDINGTOOTH,10/min,1/sec`
 * turns it on.
 */
export const BLEEDINGTOOTH_DEFINITION: PhyAlertDefinition = {
  name: BluetoothAlert.BLEEDINGTOOTH,
  class: 'EXPLOIT',
  severity: HIGH,
  throttle: '0/min',
  burst: '0/sec',
  description:
    'A legacy BLE advertisement (ADV_IND or ADV_SCAN_IND) carried more than the 31 bytes of advertising data the standard allows: the over-sized reports of the BleedingTooth attack (CVE-2020-24490), which overflow the Linux kernel\'s Bluetooth stack. Off by default, as in Kismet.',
};

/** FLIPPERZERO, declared by the Bluetooth PHY (see the module's note). */
export const FLIPPERZERO_DEFINITION: PhyAlertDefinition = {
  name: BluetoothAlert.FLIPPERZERO,
  class: 'PROBE',
  severity: HIGH,
  throttle: '5/min',
  burst: '1/sec',
  description:
    'A new Bluetooth or BLE device is a Flipper Zero (its address in OUI 80:E1:26 or 80:E1:27, or its advertised services or name): a tool that can send spoofed BLE advertisements, which flood or upset some phones and devices.',
};

/**
 * TRACKERFOLLOW, declared by the BTLE PHY: svc's own, beyond Kismet. A PROBE: a tracker that
 * moves with someone gathers where they go, as the other PROBE alerts flag reconnaissance; it
 * impersonates nothing (SPOOF) and attacks no device (EXPLOIT, DENIAL).
 */
export const TRACKERFOLLOW_DEFINITION: PhyAlertDefinition = {
  name: BluetoothAlert.TRACKERFOLLOW,
  class: 'PROBE',
  severity: MEDIUM,
  throttle: '10/min',
  burst: '1/sec',
  description:
    'A Bluetooth tracker (AirTag, Find My accessory, SmartTag, Tile) that is not on the allow list (bluetooth_tracker_follow_allow) stayed with this sensor for bluetooth_tracker_follow_time and, with a GPS, while the sensor travelled bluetooth_tracker_follow_distance: someone may be tracking its carrier.',
};
