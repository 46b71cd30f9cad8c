/**
 * Aircraft have no MAC address; the tracker keys devices by one, so an aircraft's is made from
 * its 24-bit ICAO address the way Kismet's ADSB PHY makes it (`icao_to_mac` in phy_adsb.cc):
 * bytes 0-1 the low 16 bits of the address as they lie in memory (little-endian), bytes 2-5
 * Kismet's adler32 variant of the address's four bytes, little-endian, and the locally
 * administered bit set, so an aircraft keeps the same device key in svc and Kismet.
 */
import { kismetChecksumOfBytes } from '@svc/core';

/** The device MAC of the aircraft with ICAO address `icao`, as a 48-bit number. */
export function icaoMac(icao: number): number {
  const checksum = kismetChecksumOfBytes(Uint8Array.of(icao & 0xff, (icao >>> 8) & 0xff, (icao >>> 16) & 0xff, 0));
  const byte0 = (icao & 0xff) | 0x02;
  const byte1 = (icao >>> 8) & 0xff;
  const low32 = (checksum & 0xff) * 0x1000000 + ((checksum >>> 8) & 0xff) * 0x10000 + ((checksum >>> 16) & 0xff) * 0x100 + (checksum >>> 24);
  return (byte0 * 0x100 + byte1) * 0x100000000 + low32;
}

/** The ICAO address as it is written: six uppercase hex digits. */
export function icaoText(icao: number): string {
  return icao.toString(16).toUpperCase().padStart(6, '0');
}
