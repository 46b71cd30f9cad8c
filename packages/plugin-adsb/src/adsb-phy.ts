/**
 * The ADSB PHY, declared in one place: Kismet's name, the `adsb.device` sub-record and its
 * fields, the restore of the sub-record, the decoder of Mode S frames and records, the
 * classifier, the aircraft alerts (ADSBEMERGENCY, ADSBWATCH) and the web app's UI module. The
 * core registers all of it and taps the packet chain on the plugin's behalf.
 */
import { packageFile, type PhyDefinition } from '@svc/core';
import { ADSB_LINK_TYPES, ADSB_RECORD_TYPES, type AdsbObservation } from './adsb-decoder.js';
import { AIRCRAFT_ALERTS } from './alerts/aircraft-alerts.js';
import { AircraftClassifier } from './aircraft/aircraft-classify.js';
import { ADSB_DEVICE_FIELDS, AircraftDevice, aircraftComponentState } from './aircraft/aircraft-device.js';

declare module '@svc/core' {
  interface DeviceComponents {
    /** The aircraft sub-record (`adsb.device`). */
    adsb: AircraftDevice;
  }
  interface PacketAnnotations {
    /** The Mode S message a packet carried, from the ADSB PHY's decoder. */
    adsb: AdsbObservation;
  }
}

/** PHY name of aircraft, as Kismet spells it. */
export const ADSB_PHY_NAME = 'ADSB';

/** The ADSB PHY. */
export const adsbPhy: PhyDefinition = {
  name: ADSB_PHY_NAME,
  description: 'aircraft on 1090 MHz (Mode S and ADS-B), keyed by ICAO address',
  deviceComponent: { field: 'adsb.device', key: 'adsb', description: 'ADSB aircraft', fields: ADSB_DEVICE_FIELDS },
  restoreComponent: (record) => AircraftDevice.fromRecord(record),
  componentState: aircraftComponentState,
  decoder: { module: new URL('./adsb-decoder.js', import.meta.url).href, exportName: 'decodeAdsbFrame', annotation: 'adsb', linkTypes: ADSB_LINK_TYPES, recordTypes: ADSB_RECORD_TYPES },
  alerts: AIRCRAFT_ALERTS,
  classifier: {
    reads: ['adsb'],
    create(svc, phy) {
      const classifier = new AircraftClassifier(svc.devices, phy);
      return (packet) => {
        const observation = packet.annotations.adsb!;
        classifier.classify(packet, observation.message, observation.position);
      };
    },
  },
  ui: {
    name: 'adsb',
    description: "the Aircraft panel of an aircraft's detail (address and country, callsign, category, altitude, speed, squawk with emergencies marked, messages by downlink format, the track), and the aircraft columns of the device table",
    file: packageFile(import.meta.url, 'dist/ui/adsb.js'),
  },
};
