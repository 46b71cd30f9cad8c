/**
 * Bluetooth SIG company identifiers of the makers whose devices fill the advertising channels,
 * for naming the manufacturer of devices with random addresses (whose OUI means nothing). The
 * full list has thousands of entries; an unknown identifier shows as its number.
 */
const COMPANIES: Readonly<Record<number, string>> = {
  0x0006: 'Microsoft',
  0x000f: 'Broadcom',
  0x004c: 'Apple',
  0x0059: 'Nordic Semiconductor',
  0x0075: 'Samsung',
  0x0087: 'Garmin',
  0x00e0: 'Google',
  0x0131: 'Cypress Semiconductor',
  0x0157: 'Huami',
  0x0171: 'Amazon',
  0x01da: 'Logitech',
  0x02e5: 'Espressif',
  0x038f: 'Xiaomi',
  0x0499: 'Ruuvi Innovations',
  0x06d5: 'Sonos',
};

/** The company's name, or `company 0x1234` when svc does not know it. */
export function companyName(id: number): string {
  return COMPANIES[id] ?? `company 0x${id.toString(16).padStart(4, '0').toUpperCase()}`;
}
