/**
 * Views of sensors by class, beside the automatic `phy-RFSENSOR`: a client that charts
 * thermometers or watches tyre sensors asks for just those. A sensor joins a view when a
 * message first carries that class's readings, so membership is checked on updates too. Each
 * view still answers to its id of the `RTL433` era (`rtl433-thermometers`...) for one release.
 */
import type { ViewDefinition } from '@svc/core';

/** The per-class views. */
export const SENSOR_VIEWS: readonly ViewDefinition[] = [
  { name: 'sensor-thermometers', formerNames: ['rtl433-thermometers'], description: 'RF sensor thermometers', includes: (device) => device.components.sensor?.thermometer !== undefined },
  { name: 'sensor-weatherstations', formerNames: ['rtl433-weatherstations'], description: 'RF sensor weather stations', includes: (device) => device.components.sensor?.weatherStation !== undefined },
  { name: 'sensor-tpms', formerNames: ['rtl433-tpms'], description: 'RF sensor tyre pressure sensors', includes: (device) => device.components.sensor?.tpms !== undefined },
  { name: 'sensor-switches', formerNames: ['rtl433-switches'], description: 'RF sensor switches', includes: (device) => device.components.sensor?.switches !== undefined },
  { name: 'sensor-lightning', formerNames: ['rtl433-lightning'], description: 'RF sensor lightning sensors', includes: (device) => device.components.sensor?.lightningSensor !== undefined },
];
