/**
 * `@svc/plugin-sdr-rtl433`: sensors heard by an RTL-SDR through `rtl_433`, built only on the
 * public plugin API. Read as a checklist: the `RTL433` PHY with its `rtl433.device` sub-record
 * and per-class views, the `rtl433` datasource type, rtl_433 events as a report format (for
 * sources that carry reports, such as a broker's), the UI module, then the packet-chain stages
 * (decode the JSON line, classify it onto a sensor, report the sensor's readings).
 */
import { definePlugin, packageFile, type PhyState } from '@svc/core';
import { Rtl433Classifier } from './classify.js';
import { createRtl433Type, RTL433_COMMAND } from './datasource.js';
import { decodeRtl433Record, type Rtl433Message } from './decode-stage.js';
import { RTL433_DEVICE_FIELDS } from './sensor/fields.js';
import { rtl433EventFormat } from './rtl433-event-format.js';
import { Rtl433Sensor } from './sensor/rtl433-sensor.js';
import { rtl433ComponentState } from './sensor/sensor-state.js';
import { tapSensorReports } from './sensor-reports.js';
import { SENSOR_VIEWS } from './views.js';

/** Package name, used as the tap name on every hook. */
export const PLUGIN_NAME = '@svc/plugin-sdr-rtl433';

/** PHY name of rtl_433 sensors, as Kismet spells it. */
export const RTL433_PHY_NAME = 'RTL433';

/** Config key naming the rtl_433 program. */
const COMMAND_CONFIG_KEY = 'rtl433_command';

/** The rtl_433 plugin. */
export default definePlugin({
  name: PLUGIN_NAME,
  core: '^0.1.0',
  dependencies: [],
  configKeys: { [COMMAND_CONFIG_KEY]: `the rtl_433 program to run (default ${RTL433_COMMAND}, found on PATH)` },
  apply(svc) {
    svc.hooks.phys.tap(PLUGIN_NAME, (phys) =>
      phys.add({
        name: RTL433_PHY_NAME,
        description: 'sensors decoded by rtl_433',
        deviceComponent: { field: 'rtl433.device', key: 'rtl433', description: 'rtl_433 sensor sub-record', fields: RTL433_DEVICE_FIELDS },
        views: SENSOR_VIEWS,
        restoreComponent: (record) => Rtl433Sensor.fromRecord(record),
        componentState: rtl433ComponentState,
      }),
    );
    svc.hooks.datasourceTypes.tap(PLUGIN_NAME, (types) => {
      types.add(createRtl433Type({ command: svc.config.get(COMMAND_CONFIG_KEY) }));
    });
    svc.hooks.reportFormats.tap(PLUGIN_NAME, (formats) => formats.add(rtl433EventFormat));
    svc.hooks.uiModules.tap(PLUGIN_NAME, (modules) =>
      modules.add({
        name: 'rtl433',
        description: "the sensor panel of an RTL433 device's detail (readings with units and their last hour), and the sensor columns of the device table",
        file: packageFile(import.meta.url, 'dist/ui/rtl433.js'),
      }),
    );

    let classifier: Rtl433Classifier | undefined;
    svc.hooks.packet.for('decode').tap(PLUGIN_NAME, decodeRtl433Record);
    svc.hooks.packet.for('classify').tap(PLUGIN_NAME, (packet) => {
      const message = packet.annotations.rtl433 as Rtl433Message | undefined;
      if (!message) return;
      classifier ??= new Rtl433Classifier(svc.devices, svc.devices.phy(RTL433_PHY_NAME) as PhyState);
      classifier.classify(packet, message);
    });
    tapSensorReports(svc, PLUGIN_NAME, RTL433_PHY_NAME);
  },
});

export { RTL433_TYPE, createRtl433Type, type Rtl433TypeSettings } from './datasource.js';
export { RTL433_RECORD_TYPE, type Rtl433Message } from './decode-stage.js';
export { Rtl433Sensor } from './sensor/rtl433-sensor.js';
export { sensorMac } from './sensor/sensor-mac.js';
export { sensorId } from './sensor/rtl433-sensor.js';
export {
  readQuantity,
  TEMPERATURE,
  HUMIDITY,
  BAROMETRIC_PRESSURE,
  PRESSURE,
  WIND_SPEED,
  WIND_GUST,
  WIND_DIRECTION,
  RAIN,
  type Quantity,
} from './sensor/units.js';
export { TPMS_TYPE } from './sensor/sensor-classes.js';
