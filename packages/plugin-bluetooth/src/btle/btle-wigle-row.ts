/**
 * How a BLE advertiser appears in the WiGLE CSV log: its advertised name, WiGLE's `Misc [LE]`
 * capability and `BLE` type, and the Bluetooth SIG company id of its manufacturer data.
 */
import type { Device, WigleRow } from '@svc/core';

/** The WiGLE row of a BLE device that advertised. */
export function btleWigleRow(device: Device): WigleRow | undefined {
  const btle = device.components.btle;
  if (!btle) return undefined;
  return {
    name: btle.localName || device.name,
    authMode: 'Misc [LE]',
    channel: 0,
    mfgrId: btle.companyId || undefined,
    type: 'BLE',
  };
}
