/**
 * `@svc/plugin-bluetooth`: Bluetooth devices, built only on the public plugin API. It provides
 * the `BTLE` PHY, which decodes BLE link-layer packets (an nRF sniffer's, a pcap's, a remote
 * capture tool's).
 */
import { definePlugin } from '@svc/core';
import { btlePhy } from './btle/btle-phy.js';

/** Package name, used as the tap name on every hook. */
export const PLUGIN_NAME = '@svc/plugin-bluetooth';

/** The Bluetooth plugin. */
export default definePlugin({
  name: PLUGIN_NAME,
  core: '^0.1.0',
  dependencies: [],
  apply(svc) {
    svc.hooks.phys.tap(PLUGIN_NAME, (phys) => phys.add(btlePhy));
  },
});

export { readAdvertisingPdu, PDU_TYPES, type BtleAdvertisement } from './btle/advertising-pdu.js';
export { readAdvertisingData, type AdvertisingData } from './btle/advertising-data.js';
export { DLT_BLUETOOTH_LE_LL, DLT_BLUETOOTH_LE_LL_WITH_PHDR, LePhdrFlags, withLePhdr, readLePhdr, type LePhdr } from './btle/le-ll-phdr.js';
export { indexOfRfChannel, rfChannelKhz, rfChannelOfIndex } from './btle/channels.js';
export { BtleDevice } from './btle/btle-device.js';
export { BTLE_PHY_NAME, btlePhy } from './btle/btle-phy.js';
export { BTLE_LINK_TYPES, decodeBtleFrame } from './btle/btle-decoder.js';
