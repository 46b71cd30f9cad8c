/**
 * The device table of the web app for Bluetooth LE devices: the advertised name, TX power, the
 * kind of advertiser and whether it is a tracker as columns, and the default columns of the
 * core's `phy-BTLE` view: the kind and the tracker mark rather than type, channel or
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
      { id: 'btle-advertiser', title: 'Kind', field: 'btle.device/btle.device.advertiser', width: '11em' },
      { id: 'btle-tracker', title: 'Tracker', field: 'btle.device/btle.device.tracker', width: '5em', cell: (value) => (value === 1 ? 'tracker' : '') },
    ],
    defaults: ['name', 'mac', 'manuf', 'btle-advertiser', 'btle-tracker', 'signal', 'packets', 'seen'],
  });
}
