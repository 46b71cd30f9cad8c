/**
 * The device table of the web app for Classic Bluetooth devices: the major and minor class of
 * device and the kind of device recognised as columns, and the default columns of the core's
 * `phy-Bluetooth` view: the class rather than type, channel or encryption, which are the same
 * for every Classic device.
 */
import type { UiModuleApi } from '@svc/core';

/** Adds the Classic Bluetooth columns and sets the default columns of the Bluetooth view. */
export function registerBluetoothColumns(ui: UiModuleApi): void {
  ui.deviceColumns({
    views: ['phy-Bluetooth'],
    columns: [
      { id: 'bluetooth-class', title: 'Class', field: 'bluetooth.device/bluetooth.device.major_class', width: '9em' },
      { id: 'bluetooth-minor-class', title: 'Minor class', field: 'bluetooth.device/bluetooth.device.minor_class', width: '11em' },
      { id: 'bluetooth-advertiser', title: 'Kind', field: 'bluetooth.device/bluetooth.device.advertiser', width: '10em' },
    ],
    defaults: ['name', 'mac', 'manuf', 'bluetooth-class', 'bluetooth-minor-class', 'signal', 'packets', 'seen'],
  });
}
