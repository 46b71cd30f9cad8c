/**
 * The device table of the web app for drones: the ID, the UA type, altitude, speed, the operator
 * ID and how the drone was heard as columns, and the default columns of the core's `phy-UAV`
 * view: what identifies the drone and where it flies rather than channel or encryption.
 */
import type { UiModuleApi } from '@svc/core';
import { UA_TYPE_NAMES } from '../remoteid/odid-message.js';

/** A number with its unit, '' when the drone has not said (the record holds 0). */
const measured = (unit: string) => (value: unknown) => (typeof value === 'number' && value ? `${value.toFixed(1)} ${unit}` : '');

/** Adds the drone columns and sets the default columns of the UAV view. */
export function registerUavColumns(ui: UiModuleApi): void {
  ui.deviceColumns({
    views: ['phy-UAV'],
    columns: [
      { id: 'uav-id', title: 'Drone ID', field: 'uav.device/uav.device.id', width: '13em' },
      { id: 'uav-type', title: 'UA type', field: 'uav.device/uav.device.ua_type', width: '9em', cell: (value) => (typeof value === 'number' && value ? (UA_TYPE_NAMES[value] ?? '') : '') },
      { id: 'uav-altitude', title: 'Altitude', field: 'uav.device/uav.device.altitude', width: '7em', numeric: true, cell: measured('m') },
      { id: 'uav-speed', title: 'Speed', field: 'uav.device/uav.device.speed', width: '7em', numeric: true, cell: measured('m/s') },
      { id: 'uav-operator', title: 'Operator ID', field: 'uav.device/uav.device.operator_id', width: '11em' },
      { id: 'uav-transport', title: 'Heard by', field: 'uav.device/uav.device.transport', width: '9em' },
    ],
    defaults: ['name', 'uav-id', 'uav-type', 'uav-altitude', 'uav-speed', 'uav-operator', 'uav-transport', 'signal', 'seen'],
  });
}
