/**
 * Bluetooth LE channels. The link layer numbers channels by index (0-36 data, 37-39
 * advertising); the radio and LINKTYPE 256's pseudo-header number them by RF channel, 2 MHz
 * apart from 2402 MHz, where the advertising channels sit at RF 0, 12 and 39.
 */

/** RF channel (0-39) of a link-layer channel index (0-39). */
export function rfChannelOfIndex(index: number): number {
  if (index === 37) return 0;
  if (index === 38) return 12;
  if (index === 39) return 39;
  return index <= 10 ? index + 1 : index + 2;
}

/** Link-layer channel index of an RF channel. */
export function indexOfRfChannel(rf: number): number {
  if (rf === 0) return 37;
  if (rf === 12) return 38;
  if (rf === 39) return 39;
  return rf <= 11 ? rf - 1 : rf - 2;
}

/** Centre frequency in kHz of an RF channel. */
export function rfChannelKhz(rf: number): number {
  return (2402 + 2 * rf) * 1000;
}
