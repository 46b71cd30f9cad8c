/**
 * The UAV PHY, declared in one place: Kismet's name, the `uav.device` sub-record and its fields
 * (Kismet's and svc's), the restore of the sub-record, the decoder of the records of Kismet's
 * AntSDR DroneID tool, the classifier, the drone alerts (UAVGEOFENCE, UAVNEW, UAVSPOOF) and the
 * web app's UI module. Drones' Wi-Fi and Bluetooth frames are decoded by those PHYs; the
 * classifier reads what their decoders and the UAV plugin's element parsers found
 * (`uav-classify.ts`). The core registers all of it and taps the packet chain on the plugin's behalf.
 */
import { packageFile, type PhyDefinition } from '@svc/core';
import { BTLE_PHY_NAME } from '@svc/plugin-bluetooth';
import { DOT11_PHY_NAME } from '@svc/plugin-dot11';
import { UAV_ALERTS } from './alerts/uav-alerts.js';
import { UavClassifier, type UavWatch } from './drone/uav-classify.js';
import type { UavCounters } from './drone/uav-counters.js';
import { UAV_DEVICE_FIELDS, UavDevice, uavComponentState } from './drone/uav-device.js';
import type { UavObservation } from './drone/uav-sighting.js';
import type { UavMatchRule } from './match/uav-match-rules.js';
import { UAV_RECORD_TYPES } from './uav-decoder.js';

declare module '@svc/core' {
  interface DeviceComponents {
    /** The drone sub-record (`uav.device`). */
    uav: UavDevice;
  }
  interface PacketAnnotations {
    /** The drone transmissions a packet carried: an AntSDR report, from the UAV PHY's decoder, or what its classifier found in Wi-Fi and Bluetooth frames. */
    uav: UavObservation;
  }
}

/** PHY name of drones, as Kismet spells it. */
export const UAV_PHY_NAME = 'UAV';

/** What the declaration depends on: the config, read when the plugin is applied. */
export interface UavPhySettings {
  /** The manufacturer rules (`uav_match=`). */
  readonly rules: readonly UavMatchRule[];
  /** The counts of transmissions for `/metrics`. */
  readonly counters: UavCounters;
  /** What hears of each drone transmission: the alerts. */
  readonly watch?: UavWatch;
}

/** The UAV PHY. */
export function uavPhy({ rules, counters, watch }: UavPhySettings): PhyDefinition {
  return {
    name: UAV_PHY_NAME,
    description: 'drones (UAV), from their ASTM Remote ID over Wi-Fi and Bluetooth LE and DJI DroneID, keyed by serial or UA ID',
    deviceComponent: { field: 'uav.device', key: 'uav', description: 'UAV device', fields: UAV_DEVICE_FIELDS },
    restoreComponent: (record) => UavDevice.fromRecord(record),
    componentState: uavComponentState,
    decoder: { module: new URL('./uav-decoder.js', import.meta.url).href, exportName: 'decodeUavRecord', annotation: 'uav', recordTypes: UAV_RECORD_TYPES },
    classifier: {
      reads: ['uav', 'dot11', 'btle', 'bluetooth'],
      create(svc, phy) {
        const classifier = new UavClassifier(svc.devices, phy, { wifi: svc.devices.phy(DOT11_PHY_NAME), btle: svc.devices.phy(BTLE_PHY_NAME) }, rules, counters, watch);
        return (packet) => classifier.classify(packet);
      },
    },
    alerts: UAV_ALERTS,
    ui: {
      name: 'uav',
      description: "the Drone panel of a drone's detail (IDs, live position, altitude and speed, operator, Self-ID, transmitters, the track), and the drone columns of the device table",
      file: packageFile(import.meta.url, 'dist/ui/uav.js'),
    },
  };
}
