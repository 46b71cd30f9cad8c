/**
 * Views of sensors by class, beside the automatic `phy-RFSENSOR`: a client that charts
 * thermometers or watches tyre sensors asks for just those. A sensor joins a view when a
 * message first carries that class's readings, so membership is checked on updates too. Each
 * view of the `RTL433` era still answers to its former id (`rtl433-thermometers`...) for one
 * release; the moisture, air quality and Insteon views came with Kismet's classes of the same
 * names.
 */
import type { ViewDefinition } from '@svc/core';
import { AIR_QUALITY, LIGHTNING_SENSOR, MOISTURE_SENSOR, THERMOMETER, WEATHER_STATION } from './sensor/sensor-classes.js';

/** The per-class views. */
export const SENSOR_VIEWS: readonly ViewDefinition[] = [
  { name: 'sensor-thermometers', formerNames: ['rtl433-thermometers'], description: 'RF sensor thermometers', includes: (device) => device.components.sensor?.readings.has(THERMOMETER) === true },
  { name: 'sensor-moisture', description: 'RF sensor moisture and humidity sensors', includes: (device) => device.components.sensor?.readings.has(MOISTURE_SENSOR) === true },
  { name: 'sensor-weatherstations', formerNames: ['rtl433-weatherstations'], description: 'RF sensor weather stations', includes: (device) => device.components.sensor?.readings.has(WEATHER_STATION) === true },
  { name: 'sensor-tpms', formerNames: ['rtl433-tpms'], description: 'RF sensor tyre pressure sensors', includes: (device) => device.components.sensor?.tpms !== undefined },
  { name: 'sensor-switches', formerNames: ['rtl433-switches'], description: 'RF sensor switches', includes: (device) => device.components.sensor?.switches !== undefined },
  { name: 'sensor-insteon', description: 'RF sensor Insteon devices', includes: (device) => device.components.sensor?.insteon !== undefined },
  { name: 'sensor-lightning', formerNames: ['rtl433-lightning'], description: 'RF sensor lightning sensors', includes: (device) => device.components.sensor?.readings.has(LIGHTNING_SENSOR) === true },
  { name: 'sensor-aqi', description: 'RF sensor air quality sensors', includes: (device) => device.components.sensor?.readings.has(AIR_QUALITY) === true },
];
