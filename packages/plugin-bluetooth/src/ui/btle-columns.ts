/**
 * The device table of the web app for Bluetooth LE devices: the advertised name and TX power as
 * columns, and the default columns of the core's `phy-BTLE` view: no type, channel or
 * encryption, which say nothing of an advertiser.
 */
import type { UiModuleApi } from '@svc/core';

/** Adds the Bluetooth LE columns and sets the default columns of the BTLE view. */
export function registerBtleColumns(ui: UiModuleApi): void {
  ui.deviceColumns({
    views: ['phy-BTLE'],
    columns: [
      { id: 'btle-local-name', title: 'Local name', field: 'btle.device/btle.device.local_name', width: '12em' },
      { id: 'btle-tx-power', title: 'TX power', field: 'btle.device/btle.device.tx_power', width: '6em', numeric: true, cell: (value) => (value ? `${String(value)} dBm` : '') },
    ],
    defaults: ['name', 'mac', 'manuf', 'signal', 'packets', 'seen'],
  });
}
