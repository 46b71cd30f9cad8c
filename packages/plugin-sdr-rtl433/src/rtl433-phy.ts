/**
 * The RFSENSOR PHY (rtl_433 sensors; Kismet's `phy_sensor`), declared in one place: the name and
 * the former `RTL433` one, the `sensor.device` sub-record and its fields, the per-class views,
 * the restore of the sub-record and of the device's key (older logs' records brought up to
 * date, `RTL433` ones included), the decoder (by
 * module and export), the classifier and the UI module with the sensor panel. The core registers
 * all of it and taps the packet chain on the plugin's behalf.
 */
import { packageFile, type PhyDefinition } from '@svc/core';
import { Rtl433Classifier, SENSOR_MANUFACTURER } from './classify.js';
import { RTL433_RECORD_TYPE, type Rtl433Message } from './rtl433-decoder.js';
import { FORMER_PHY_NAME, RFSENSOR_PHY_NAME } from './sensor-phy-name.js';
import { SENSOR_DEVICE_FIELDS } from './sensor/fields.js';
import { RTL433_ERA_COMPONENT_FIELD } from './sensor/rtl433-era-record.js';
import { restoredSensorMac, restoreSensor } from './sensor/restore-sensor.js';
import type { Rtl433Sensor } from './sensor/rtl433-sensor.js';
import { sensorComponentState } from './sensor/sensor-state.js';
import { SENSOR_VIEWS } from './views.js';

declare module '@svc/core' {
  interface DeviceComponents {
    /** The rtl_433 sensor sub-record (`sensor.device`). */
    sensor: Rtl433Sensor;
  }
  interface PacketAnnotations {
    /** The rtl_433 message a packet carried, from the PHY's decoder. */
    rtl433: Rtl433Message;
  }
}

/** The RFSENSOR PHY. */
export const rfSensorPhy: PhyDefinition = {
  name: RFSENSOR_PHY_NAME,
  description: 'sensors decoded by rtl_433',
  formerNames: [{ name: FORMER_PHY_NAME, componentField: RTL433_ERA_COMPONENT_FIELD }],
  deviceComponent: { field: 'sensor.device', key: 'sensor', description: 'rtl_433 sensor sub-record', fields: SENSOR_DEVICE_FIELDS },
  views: SENSOR_VIEWS,
  restoredMac: restoredSensorMac,
  restoreComponent: (record, device) => {
    // A sensor of the RTL433 era had the PHY's former name as its manufacturer.
    device.manuf = SENSOR_MANUFACTURER;
    return restoreSensor(record, device);
  },
  componentState: sensorComponentState,
  decoder: { module: new URL('./rtl433-decoder.js', import.meta.url).href, exportName: 'decodeRtl433Record', annotation: 'rtl433', recordTypes: [RTL433_RECORD_TYPE] },
  classifier: {
    reads: ['rtl433'],
    create(svc, phy) {
      const classifier = new Rtl433Classifier(svc.devices, svc.messages, phy);
      return (packet) => {
        const message = packet.annotations.rtl433;
        if (message !== undefined) classifier.classify(packet, message);
      };
    },
  },
  ui: {
    name: 'rtl433',
    description: "the sensor panel of an RFSENSOR device's detail (readings with units and their last hour), and the sensor columns of the device table",
    file: packageFile(import.meta.url, 'dist/ui/rtl433.js'),
  },
};
