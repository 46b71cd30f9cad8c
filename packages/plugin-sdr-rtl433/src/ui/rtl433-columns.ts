/**
 * The device table of the web app for rtl_433 sensors: a sensor's model and temperature as
 * columns, and the default columns of the sensor views (the core's `phy-RTL433` and the views
 * by class): no type, manufacturer or encryption, which a sensor has not.
 */
import type { UiModuleApi } from '@svc/core';
import { SENSOR_VIEWS } from '../views.js';

/** Adds the sensor columns and sets the default columns of the sensor views. */
export function registerRtl433Columns(ui: UiModuleApi): void {
  ui.deviceColumns({
    views: ['phy-RTL433', ...SENSOR_VIEWS.map((view) => view.name)],
    columns: [
      { id: 'rtl433-model', title: 'Model', field: 'rtl433.device/rtl433.device.common/rtl433.device.model', width: '14em' },
      {
        id: 'rtl433-temperature',
        title: 'Temperature',
        field: 'rtl433.device/rtl433.device.thermometer/rtl433.device.temperature',
        width: '6em',
        numeric: true,
        cell: (value) => (typeof value === 'number' ? `${value.toFixed(1)} °C` : ''),
      },
    ],
    defaults: ['name', 'mac', 'channel', 'signal', 'packets', 'seen'],
  });
}
