/**
 * Views of sensors by class, beside the automatic `phy-RTL433`: a client that charts
 * thermometers or watches tyre sensors asks for just those. A sensor joins a view when a
 * message first carries that class's readings, so membership is checked on updates too.
 */
import type { ViewDefinition } from '@svc/core';

/** The per-class views. */
export const SENSOR_VIEWS: readonly ViewDefinition[] = [
  { name: 'rtl433-thermometers', description: 'RTL433 thermometers', includes: (device) => device.components.rtl433?.thermometer !== undefined },
  { name: 'rtl433-weatherstations', description: 'RTL433 weather stations', includes: (device) => device.components.rtl433?.weatherStation !== undefined },
  { name: 'rtl433-tpms', description: 'RTL433 tyre pressure sensors', includes: (device) => device.components.rtl433?.tpms !== undefined },
  { name: 'rtl433-switches', description: 'RTL433 switches', includes: (device) => device.components.rtl433?.switches !== undefined },
  { name: 'rtl433-lightning', description: 'RTL433 lightning sensors', includes: (device) => device.components.rtl433?.lightningSensor !== undefined },
];
