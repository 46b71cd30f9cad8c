/**
 * The information elements generated access points and stations send: rates, DS parameter set,
 * TIM, country, RSN (WPA2 and WPA3 suites), Microsoft WPA, WPS with its device attributes, and
 * HT and VHT capabilities. Layouts from IEEE 802.11-2020 clause 9.4.2 and the Wi-Fi Alliance
 * WPS specification.
 */
import { element, u16 } from './frame-builders.js';

/** The IEEE 802.11 OUI's cipher and AKM suite selectors. */
const ieeeSuite = (type: number) => Buffer.from([0x00, 0x0f, 0xac, type]);
/** Microsoft's OUI, used by WPA (version 1) suites. */
const microsoftSuite = (type: number) => Buffer.from([0x00, 0x50, 0xf2, type]);

/** Cipher suite numbers. */
export const Cipher = { WEP40: 1, TKIP: 2, CCMP: 4, WEP104: 5, GCMP256: 9 } as const;
/** AKM suite numbers. */
export const Akm = { IEEE8021X: 1, PSK: 2, FT_PSK: 4, PSK_SHA256: 6, SAE: 8, OWE: 18 } as const;

/** Supported rates (1, 2, 5.5, 11 Mb/s basic; 6, 9, 12, 18 Mb/s). */
export const supportedRates = (): Buffer => element(1, 0x82, 0x84, 0x8b, 0x96, 0x0c, 0x12, 0x18, 0x24);
/** Extended supported rates (24, 36, 48, 54 Mb/s). */
export const extendedRates = (): Buffer => element(50, 0x30, 0x48, 0x60, 0x6c);
/** OFDM-only rates of a 5 GHz radio. */
export const ofdmRates = (): Buffer => element(1, 0x8c, 0x12, 0x98, 0x24, 0xb0, 0x48, 0x60, 0x6c);
/** DS parameter set: the channel the network is on. */
export const dsParameter = (channel: number): Buffer => element(3, channel);
/** Traffic indication map: DTIM count and period, no buffered traffic. */
export const tim = (dtimCount: number, dtimPeriod = 3): Buffer => element(5, dtimCount, dtimPeriod, 0, 0);
/** Country element: code, environment, and one sub-band triplet. */
export const country = (code: string, firstChannel: number, channels: number, maxPowerDbm: number): Buffer =>
  element(7, Buffer.from(code, 'ascii'), 0x20, firstChannel, channels, maxPowerDbm);

/** An RSN element: group cipher, pairwise ciphers, AKMs, RSN capabilities (MFP bits). */
export function rsn(options: { group: number; pairwise: readonly number[]; akms: readonly number[]; mfpCapable?: boolean; mfpRequired?: boolean }): Buffer {
  const capabilities = (options.mfpRequired ? 0x0040 : 0) | (options.mfpCapable || options.mfpRequired ? 0x0080 : 0);
  return element(
    48,
    u16(1),
    ieeeSuite(options.group),
    u16(options.pairwise.length),
    ...options.pairwise.map(ieeeSuite),
    u16(options.akms.length),
    ...options.akms.map(ieeeSuite),
    u16(capabilities),
  );
}

/** Microsoft's WPA (version 1) vendor element with TKIP and PSK. */
export const wpaTkipPsk = (): Buffer =>
  element(221, Buffer.from([0x00, 0x50, 0xf2, 1]), u16(1), microsoftSuite(Cipher.TKIP), u16(1), microsoftSuite(Cipher.TKIP), u16(1), microsoftSuite(Akm.PSK));

/** A WPS attribute: type, length, value. */
const wpsAttribute = (type: number, value: Buffer) => Buffer.concat([Buffer.from([type >> 8, type & 0xff, value.length >> 8, value.length & 0xff]), value]);

/** What a WPS access point says about itself. */
export interface WpsDevice {
  readonly manufacturer: string;
  readonly model: string;
  readonly modelNumber: string;
  readonly serial: string;
  readonly deviceName: string;
}

/** A WPS vendor element (configured, with the device's attributes). */
export function wps(device: WpsDevice): Buffer {
  const text = (value: string) => Buffer.from(value, 'utf8');
  return element(
    221,
    Buffer.from([0x00, 0x50, 0xf2, 0x04]),
    wpsAttribute(0x104a, Buffer.from([0x10])), // version 1.0
    wpsAttribute(0x1044, Buffer.from([0x02])), // configured
    wpsAttribute(0x103b, Buffer.from([0x03])), // response type: access point
    wpsAttribute(0x1021, text(device.manufacturer)),
    wpsAttribute(0x1023, text(device.model)),
    wpsAttribute(0x1024, text(device.modelNumber)),
    wpsAttribute(0x1042, text(device.serial)),
    wpsAttribute(0x1011, text(device.deviceName)),
  );
}

/** HT capabilities: 20/40 MHz, short guard interval, MCS 0-15. */
export const htCapabilities = (): Buffer => element(45, u16(0x01ef), 0x17, Buffer.from([0xff, 0xff, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]), u16(0), Buffer.alloc(4), 0);
/** HT operation: the primary channel, no secondary. */
export const htOperation = (channel: number): Buffer => element(61, channel, Buffer.alloc(21));
/** VHT capabilities: 80 MHz, MCS 0-9 on two streams. */
export const vhtCapabilities = (): Buffer => element(191, Buffer.from([0xb2, 0x01, 0x80, 0x33]), u16(0xfffa), u16(0), u16(0xfffa), u16(0));
/** VHT operation: an 80 MHz channel centred on `centreChannel`. */
export const vhtOperation = (centreChannel: number): Buffer => element(192, 1, centreChannel, 0, u16(0xfffa));
