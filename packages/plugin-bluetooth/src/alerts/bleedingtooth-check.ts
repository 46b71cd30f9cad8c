/**
 * BLEEDINGTOOTH's condition. BleedingTooth (CVE-2020-24490) overflowed the 31-byte buffer in
 * which the Linux kernel kept the data of a scannable advertisement (ADV_IND, ADV_SCAN_IND)
 * until its scan response came. Kismet looks at those two PDU types and alerts when one of their
 * advertising structures is longer than 31 bytes.
 *
 * svc alerts when the advertisement's data as a whole is longer than 31 bytes, in a legacy PDU
 * of those two types: as an nRF sniffer heard it, or as an adapter reported it in a legacy (or
 * legacy-flagged extended) HCI advertising report. That covers Kismet's test, since a structure
 * longer than 31 bytes only parses out of more than 31 bytes of data (Kismet drops a packet whose
 * structure runs past its end), and adds data of small structures that add up to more, which a
 * legacy PDU cannot carry either. Extended (Bluetooth 5) advertising is left out: it carries up
 * to 255 bytes as a matter of course, and an unpatched kernel's misreading of it, the attack's
 * way in, looks on the air like any legitimate extended advertisement.
 */
import type { BtleAdvertisement } from '../btle/advertising-pdu.js';
import type { BluetoothReport } from '../hci/bluetooth-report.js';

/** Advertising data a legacy advertising PDU can carry (Core spec vol 6 part B 2.3.1). */
export const LEGACY_ADVERTISING_DATA_MAX = 31;

function isOversizedScannable(pduType: string | undefined, dataLength: number): boolean {
  return dataLength > LEGACY_ADVERTISING_DATA_MAX && (pduType === 'ADV_IND' || pduType === 'ADV_SCAN_IND');
}

/** True when a sniffed advertising PDU is a BleedingTooth advertisement. */
export function isBleedingToothAdvertisement(advertisement: BtleAdvertisement): boolean {
  return advertisement.dataLength !== undefined && isOversizedScannable(advertisement.pduType, advertisement.dataLength);
}

/** True when an adapter's LE advertising report is one of a BleedingTooth advertisement. */
export function isBleedingToothReport(report: BluetoothReport): boolean {
  return report.legacy === true && isOversizedScannable(report.pduType, report.dataLength);
}
