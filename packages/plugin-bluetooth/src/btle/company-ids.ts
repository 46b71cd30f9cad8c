/**
 * Bluetooth SIG company identifiers of the makers whose devices fill the advertising channels,
 * named as the SIG's assigned numbers name them: for the manufacturer of devices with random
 * addresses (whose OUI means nothing) and for the manufacturer data the web app shows. The
 * full list has thousands of entries; these are the common ones and those of the real captures
 * svc is tested on; an unknown identifier shows as its number.
 */
const COMPANIES: Readonly<Record<number, string>> = {
  0x0000: 'Ericsson AB',
  0x0006: 'Microsoft',
  0x000a: 'Qualcomm Technologies International, Ltd. (QTIL)',
  0x000c: 'Digianswer A/S',
  0x000d: 'Texas Instruments Inc.',
  0x000f: 'Broadcom Corporation',
  0x004c: 'Apple, Inc.',
  0x0059: 'Nordic Semiconductor ASA',
  0x0065: 'HP, Inc.',
  0x0067: 'GN Audio A/S',
  0x0075: 'Samsung Electronics Co. Ltd.',
  0x0087: 'Garmin International, Inc.',
  0x00c4: 'LG Electronics',
  0x00e0: 'Google',
  0x0101: 'Fugoo, Inc.',
  0x012d: 'Sony Corporation',
  0x0131: 'Cypress Semiconductor',
  0x0157: 'Anhui Huami Information Technology Co., Ltd.',
  0x0171: 'Amazon.com Services LLC',
  0x01da: 'Logitech International SA',
  0x02e5: 'Espressif Systems (Shanghai) Co., Ltd.',
  0x038f: 'Xiaomi Inc.',
  0x0499: 'Ruuvi Innovations Ltd.',
  0x058e: 'Meta Platforms Technologies, LLC',
  0x0601: 'Schrader Electronics',
  0x0605: 'FMW electronic Futterer u. Maier-Wolf OHG',
  0x067c: 'Tile, Inc.',
  0x06a8: 'GD Midea Air-Conditioning Equipment Co., Ltd.',
  0x06d5: 'Sensirion AG',
  0xffff: 'For use in internal and interoperability tests',
};

/** A company id as the assigned numbers write it (`0x004C`). */
export function companyIdText(id: number): string {
  return `0x${id.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** The company's name, or undefined when svc does not know it. */
export function knownCompanyName(id: number): string | undefined {
  return COMPANIES[id];
}

/** The company's name, or `company 0x1234` when svc does not know it. */
export function companyName(id: number): string {
  return COMPANIES[id] ?? `company ${companyIdText(id)}`;
}
