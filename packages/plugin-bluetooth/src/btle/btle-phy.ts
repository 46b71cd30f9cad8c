/**
 * The BTLE PHY, declared in one place: the name, the `btle.device` sub-record and its fields,
 * the WiGLE row, the restore of the sub-record, the decoder (by module and export), the
 * classifier (of sniffed packets, and of the LE reports the Bluetooth PHY's decoder reads from
 * HCI and adapters), the alerts of LE devices (BLEEDINGTOOTH, TRACKERFOLLOW) and the UI module
 * with the Bluetooth LE panel. The core registers all of it and
 * taps the packet chain on the plugin's behalf.
 */
import { packageFile, type PhyDefinition } from '@svc/core';
import { BLEEDINGTOOTH_DEFINITION, TRACKERFOLLOW_DEFINITION } from '../alerts/bluetooth-alert-catalog.js';
import type { BtleAdvertisement } from './advertising-pdu.js';
import { BtleClassifier } from './btle-classify.js';
import { BTLE_LINK_TYPES } from './btle-decoder.js';
import { BTLE_DEVICE_FIELDS, BtleDevice, btleComponentState } from './btle-device.js';
import { btleWigleRow } from './btle-wigle-row.js';

declare module '@svc/core' {
  interface DeviceComponents {
    /** The BLE sub-record (`btle.device`). */
    btle: BtleDevice;
  }
  interface PacketAnnotations {
    /** The advertising-channel PDU a packet carried, from the PHY's decoder. */
    btle: BtleAdvertisement;
  }
}

/** PHY name of Bluetooth LE devices, as Kismet spells it. */
export const BTLE_PHY_NAME = 'BTLE';

/** The BTLE PHY. */
export const btlePhy: PhyDefinition = {
  name: BTLE_PHY_NAME,
  description: 'Bluetooth LE devices heard on the advertising channels',
  deviceComponent: { field: 'btle.device', key: 'btle', description: 'Bluetooth LE sub-record', fields: BTLE_DEVICE_FIELDS },
  wigleRow: btleWigleRow,
  restoreComponent: (record) => BtleDevice.fromRecord(record),
  componentState: btleComponentState,
  decoder: { module: new URL('./btle-decoder.js', import.meta.url).href, exportName: 'decodeBtleFrame', annotation: 'btle', linkTypes: BTLE_LINK_TYPES },
  classifier: {
    reads: ['btle', 'bluetooth'],
    create(svc, phy) {
      const classifier = new BtleClassifier(svc.devices, phy);
      return (packet) => {
        const advertisement = packet.annotations.btle;
        if (advertisement !== undefined) classifier.classify(packet, advertisement);
        const reported = packet.annotations.bluetooth;
        if (reported !== undefined) classifier.classifyReports(packet, reported.reports);
      };
    },
  },
  alerts: [BLEEDINGTOOTH_DEFINITION, TRACKERFOLLOW_DEFINITION],
  ui: {
    name: 'btle',
    description: "the Bluetooth LE panel of a BTLE device's detail (name, advertiser kind and tracker mark, appearance, manufacturer data, services, RSSI over time), and the BTLE columns of the device table",
    file: packageFile(import.meta.url, 'dist/ui/btle.js'),
  },
};
