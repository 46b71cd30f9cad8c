/**
 * The device table of the web app for rtl_433 sensors: a sensor's model and temperature as
 * columns, and the default columns of the sensor views (the core's `phy-RFSENSOR` and the views
 * by class): no type, manufacturer or encryption, which a sensor has not.
 */
import type { UiModuleApi } from '@svc/core';
import { SENSOR_VIEWS } from '../views.js';

/** Adds the sensor columns and sets the default columns of the sensor views. */
export function registerRtl433Columns(ui: UiModuleApi): void {
  ui.deviceColumns({
    views: ['phy-RFSENSOR', ...SENSOR_VIEWS.map((view) => view.name)],
    columns: [
      { id: 'sensor-model', title: 'Model', field: 'sensor.device/sensor.device.common/sensor.device.model', width: '14em' },
      {
        id: 'sensor-temperature',
        title: 'Temperature',
        field: 'sensor.device/sensor.device.thermometer/sensor.device.temperature',
        width: '6em',
        numeric: true,
        cell: (value) => (typeof value === 'number' ? `${value.toFixed(1)} °C` : ''),
      },
    ],
    defaults: ['name', 'mac', 'channel', 'signal', 'packets', 'seen'],
  });
}
