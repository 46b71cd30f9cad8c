/**
 * `@svc/plugin-sdr-rtl433`: sensors heard by an RTL-SDR through `rtl_433`, built only on the
 * public plugin API. Read as a checklist: the `RFSENSOR` PHY, formerly `RTL433` (declared whole
 * in `rtl433-phy.ts`: sub-record, per-class views, decoder, classifier, sensor panel and
 * columns), the `rtl433`
 * datasource type, rtl_433 events as a report format (for sources that carry reports, such as a
 * broker's), then the report of each tracked sensor message's readings (`sensorReported`).
 */
import { definePlugin } from '@svc/core';
import { createRtl433Type, RTL433_COMMAND } from './datasource.js';
import { rfSensorPhy } from './rtl433-phy.js';
import { RFSENSOR_PHY_NAME } from './sensor-phy-name.js';
import { rtl433EventFormat } from './rtl433-event-format.js';
import { tapSensorReports } from './sensor-reports.js';

/** Package name, used as the tap name on every hook. */
export const PLUGIN_NAME = '@svc/plugin-sdr-rtl433';

/** Config key naming the rtl_433 program. */
const COMMAND_CONFIG_KEY = 'rtl433_command';

/** The rtl_433 plugin. */
export default definePlugin({
  name: PLUGIN_NAME,
  core: '^0.1.0',
  dependencies: [],
  configKeys: { [COMMAND_CONFIG_KEY]: `the rtl_433 program to run (default ${RTL433_COMMAND}, found on PATH)` },
  apply(svc) {
    svc.hooks.phys.tap(PLUGIN_NAME, (phys) => phys.add(rfSensorPhy));
    svc.hooks.datasourceTypes.tap(PLUGIN_NAME, (types) => {
      types.add(createRtl433Type({ command: svc.config.get(COMMAND_CONFIG_KEY) }));
    });
    svc.hooks.reportFormats.tap(PLUGIN_NAME, (formats) => formats.add(rtl433EventFormat));
    tapSensorReports(svc, PLUGIN_NAME, RFSENSOR_PHY_NAME);
  },
});

export { RTL433_TYPE, createRtl433Type, type Rtl433TypeSettings } from './datasource.js';
export { rfSensorPhy } from './rtl433-phy.js';
export { FORMER_PHY_NAME, RFSENSOR_PHY_NAME } from './sensor-phy-name.js';
export { RTL433_RECORD_TYPE, decodeRtl433Record, type Rtl433Message } from './rtl433-decoder.js';
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
