/**
 * The RTL433 PHY, declared in one place: the name, the `rtl433.device` sub-record and its
 * fields, the per-class views, the restore of the sub-record, the decoder (by module and
 * export), the classifier and the UI module with the sensor panel. The core registers all of it
 * and taps the packet chain on the plugin's behalf.
 */
import { packageFile, type PhyDefinition } from '@svc/core';
import { Rtl433Classifier } from './classify.js';
import { RTL433_RECORD_TYPE, type Rtl433Message } from './rtl433-decoder.js';
import { RTL433_DEVICE_FIELDS } from './sensor/fields.js';
import { Rtl433Sensor } from './sensor/rtl433-sensor.js';
import { rtl433ComponentState } from './sensor/sensor-state.js';
import { SENSOR_VIEWS } from './views.js';

declare module '@svc/core' {
  interface DeviceComponents {
    /** The rtl_433 sub-record (`rtl433.device`). */
    rtl433: Rtl433Sensor;
  }
  interface PacketAnnotations {
    /** The rtl_433 message a packet carried, from the PHY's decoder. */
    rtl433: Rtl433Message;
  }
}

/** PHY name of rtl_433 sensors, as Kismet spells it. */
export const RTL433_PHY_NAME = 'RTL433';

/** The RTL433 PHY. */
export const rtl433Phy: PhyDefinition = {
  name: RTL433_PHY_NAME,
  description: 'sensors decoded by rtl_433',
  deviceComponent: { field: 'rtl433.device', key: 'rtl433', description: 'rtl_433 sensor sub-record', fields: RTL433_DEVICE_FIELDS },
  views: SENSOR_VIEWS,
  restoreComponent: (record) => Rtl433Sensor.fromRecord(record),
  componentState: rtl433ComponentState,
  decoder: { module: new URL('./rtl433-decoder.js', import.meta.url).href, exportName: 'decodeRtl433Record', annotation: 'rtl433', recordTypes: [RTL433_RECORD_TYPE] },
  classifier: {
    reads: ['rtl433'],
    create(svc, phy) {
      const classifier = new Rtl433Classifier(svc.devices, phy);
      return (packet) => {
        const message = packet.annotations.rtl433;
        if (message !== undefined) classifier.classify(packet, message);
      };
    },
  },
  ui: {
    name: 'rtl433',
    description: "the sensor panel of an RTL433 device's detail (readings with units and their last hour), and the sensor columns of the device table",
    file: packageFile(import.meta.url, 'dist/ui/rtl433.js'),
  },
};
