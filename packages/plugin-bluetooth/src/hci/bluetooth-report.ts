/**
 * What a Bluetooth host learns about a remote device, whichever way it learned it: an HCI event
 * in a capture (inquiry results, extended inquiry results, remote names, LE advertising
 * reports), the host's adapter through BlueZ, or a Kismet capture tool. Every source of
 * Bluetooth devices turns what it saw into these reports, so the Classic and LE classifiers
 * treat a replayed capture, the live adapter and a remote tool alike.
 */
import type { AdvertisingData } from '../btle/advertising-data.js';

/** Channel text of an adapter's reports: an adapter does not say which channel it heard a device on. */
export const ADAPTER_CHANNEL = 'FHSS';
/** Frequency of an adapter's reports, kHz: the bottom of the 2.4 GHz band Bluetooth hops over. */
export const ADAPTER_FREQ_KHZ = 2_402_000;

/** How the device's address was given (the HCI address type, or the link layer's TxAdd). */
export type BluetoothAddressType = 'public' | 'random' | 'public_identity' | 'random_static_identity' | 'anonymous' | 'unknown';

/** Where a report came from. */
export type BluetoothReportKind =
  | 'inquiry_result'
  | 'inquiry_result_with_rssi'
  | 'extended_inquiry_result'
  | 'remote_name'
  | 'le_advertising_report'
  | 'le_extended_advertising_report'
  | 'le_directed_advertising_report'
  | 'adapter'
  | 'scan_report';

/** One remote device, as one report told it. */
export interface BluetoothReport {
  /** Classic (BR/EDR) or LE. */
  readonly transport: 'br_edr' | 'le';
  readonly kind: BluetoothReportKind;
  /** The device address as a 48-bit number, in display order. */
  readonly address: number;
  readonly addressType: BluetoothAddressType;
  /** Received signal strength, dBm; absent when the report has none (or says 127, not available). */
  readonly rssi?: number;
  /** Class of device (24 bits), Classic reports. */
  readonly classOfDevice?: number;
  /** A name the report gave outside the advertising data (remote name request, the adapter's record). */
  readonly name?: string;
  /** LE: the advertising PDU type the report stands for (`ADV_IND`, `SCAN_RSP`, `ADV_EXT_IND`...). */
  readonly pduType?: string;
  /** The device accepts connections. */
  readonly connectable?: boolean;
  /** TX power from the report itself (extended advertising, the adapter, a phone's scan), dBm. */
  readonly txPower?: number;
  /** Path loss the reporter measured (a phone's scan report), dB. */
  readonly pathloss?: number;
  /**
   * The reporter's own words for the kind of device (a phone's scan report: `Phone Smartphone`,
   * `BTLE`...), which becomes the device's type as Kismet makes it.
   */
  readonly deviceType?: string;
  /** The advertising data or extended inquiry response, decoded. */
  readonly data?: AdvertisingData;
  /** The extended inquiry response as sent (Classic), for Kismet's `scan_data_bytes`. */
  readonly rawData?: Uint8Array;
  /** Bytes of advertising data or EIR the report carried (what BleedingTooth oversizes). */
  readonly dataLength: number;
  /** LE: a legacy (Bluetooth 4) advertisement, whose data may not exceed 31 bytes. */
  readonly legacy?: boolean;
}

/** The `bluetooth` packet annotation: the reports one frame or record carried. */
export interface BluetoothReports {
  readonly reports: readonly BluetoothReport[];
}
