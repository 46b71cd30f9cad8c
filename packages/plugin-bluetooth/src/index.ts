/**
 * `@svc/plugin-bluetooth`: Bluetooth devices, built only on the public plugin API. It provides
 * the `Bluetooth` PHY (Classic devices) and the `BTLE` PHY (LE devices), which decode HCI
 * captures (pcap, pcapng, btsnoop), the host adapter's reports and BLE link-layer packets (an
 * nRF sniffer's, a pcap's, a remote capture tool's); the host's own adapter through BlueZ
 * (`linuxbluetooth`, which Kismet's `kismet_cap_linux_bluetooth` also feeds over remote
 * capture), Kismet's Ubertooth tool (`ubertooth`), and phones' scan reports
 * (`/phy/phybluetooth/scan/scan_report.cmd`, each reporter a `bluetoothscan` source). It raises
 * Kismet's Bluetooth alerts (BLEEDINGTOOTH, FLIPPERZERO) and svc's TRACKERFOLLOW.
 */
import { definePlugin } from '@svc/core';
import { btlePhy } from './btle/btle-phy.js';
import { bluetoothPhy } from './classic/bluetooth-phy.js';
import { btsnoopType } from './btsnoop/btsnoop-type.js';
import { applyBluetoothAlerts } from './alerts/bluetooth-alerts.js';
import { TRACKER_FOLLOW_CONFIG_KEYS } from './alerts/tracker-follow-settings.js';
import { ADAPTER_DETAIL_FIELDS } from './linuxbluetooth/adapter-details.js';
import { createLinuxBluetoothType } from './linuxbluetooth/linuxbluetooth-type.js';
import { ubertoothRemoteType } from './remote/ubertooth-type.js';
import { addBluetoothScanRoute } from './scan/scan-route.js';
import { bluetoothScanSourceType } from './scan/scan-source.js';

/** Package name, used as the tap name on every hook. */
export const PLUGIN_NAME = '@svc/plugin-bluetooth';

/** The Bluetooth plugin. */
export default definePlugin({
  name: PLUGIN_NAME,
  core: '^0.1.0',
  dependencies: [],
  configKeys: TRACKER_FOLLOW_CONFIG_KEYS,
  apply(svc) {
    svc.hooks.phys.tap(PLUGIN_NAME, (phys) => {
      phys.add(bluetoothPhy);
      phys.add(btlePhy);
    });
    svc.hooks.fields.tap(PLUGIN_NAME, (fields) => fields.registerAll(ADAPTER_DETAIL_FIELDS));
    svc.hooks.datasourceTypes.tap(PLUGIN_NAME, (types) => {
      types.add(btsnoopType);
      types.add(createLinuxBluetoothType());
      types.add(ubertoothRemoteType);
      types.add(bluetoothScanSourceType);
    });
    addBluetoothScanRoute(svc, PLUGIN_NAME);
    applyBluetoothAlerts(svc, PLUGIN_NAME);
  },
});

export { readAdvertisingPdu, PDU_TYPES, type BtleAdvertisement } from './btle/advertising-pdu.js';
export { readAdvertisingData, type AdvertisingData } from './btle/advertising-data.js';
export { DLT_BLUETOOTH_LE_LL, DLT_BLUETOOTH_LE_LL_WITH_PHDR, LePhdrFlags, withLePhdr, readLePhdr, type LePhdr } from './btle/le-ll-phdr.js';
export { indexOfRfChannel, rfChannelKhz, rfChannelOfIndex } from './btle/channels.js';
export { DLT_NORDIC_BLE, NordicPhy, readNordicBle, type NordicBleRecord } from './btle/nordic-ble.js';
export { BtleDevice } from './btle/btle-device.js';
export { BTLE_PHY_NAME, btlePhy } from './btle/btle-phy.js';
export { BTLE_LINK_TYPES, decodeBtleFrame } from './btle/btle-decoder.js';
export { BLUETOOTH_PHY_NAME, bluetoothPhy } from './classic/bluetooth-phy.js';
export { BluetoothDevice } from './classic/bluetooth-device.js';
export { readClassOfDevice, type ClassOfDevice } from './classic/class-of-device.js';
export { BLUETOOTH_LINK_TYPES, BLUETOOTH_RECORD_TYPES, decodeBluetoothFrame } from './classic/bluetooth-decoder.js';
export type { BluetoothReport, BluetoothReports, BluetoothAddressType, BluetoothReportKind } from './hci/bluetooth-report.js';
export { readHciEvent, readBdAddr, type HciEventReports } from './hci/hci-events.js';
export { readHciFrame, HCI_LINK_TYPES, DLT_BLUETOOTH_HCI_H4, DLT_BLUETOOTH_HCI_H4_WITH_PHDR, DLT_BLUETOOTH_LINUX_MONITOR } from './hci/hci-frame.js';
export { LINUXBTHCI_RECORD_TYPE, readLinuxBtHciRecord, shortUuid, longUuid, fullUuid, type LinuxBtHciRecord } from './hci/linuxbthci-record.js';
export { recognizeAdvertiser, type AdvertiserKind } from './advertisers/advertiser-kind.js';
export { BTSNOOP_TYPE, btsnoopType } from './btsnoop/btsnoop-type.js';
export { LINUXBLUETOOTH_TYPE, createLinuxBluetoothType, type LinuxBluetoothSettings } from './linuxbluetooth/linuxbluetooth-type.js';
export { ADAPTER_DETAIL, ADAPTER_DETAIL_FIELDS } from './linuxbluetooth/adapter-details.js';
export { UBERTOOTH_TYPE } from './remote/ubertooth-type.js';
export { BLUETOOTHSCAN_RECORD_TYPE, readBluetoothScanRecord } from './scan/bluetooth-scan-record.js';
export { BLUETOOTH_SCAN_SOURCE_TYPE } from './scan/scan-source.js';
export { BtsnoopFile, BtsnoopFileError, isBtsnoopHeader, type BtsnoopFrame } from './btsnoop/btsnoop-file.js';
export { BluetoothAlert, BLEEDINGTOOTH_TEXT, FLIPPERZERO_TEXT } from './alerts/bluetooth-alert-catalog.js';
export { TRACKER_FOLLOW_CONFIG_KEYS, TRACKER_FOLLOW_DEFAULTS, type TrackerFollowSettings } from './alerts/tracker-follow-settings.js';
