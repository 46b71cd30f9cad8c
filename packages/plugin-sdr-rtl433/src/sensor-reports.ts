/**
 * The rtl433 plugin's side of the core's `sensorReported` hook: after the tracker committed a
 * sensor's message, the message goes out with its readings in standard units, so a plugin
 * that passes readings on (MQTT out) needs nothing of this plugin. Nothing is worked out while
 * no plugin taps the hook.
 */
import type { Service } from '@svc/core';
import { sensorId } from './sensor/rtl433-sensor.js';
import { sensorMake, standardReadings } from './sensor/standard-readings.js';

/** Track-stage priority of the tap: after the tracker's commit (1000). */
const TRACK_STAGE = 2100;

/** Taps the end of the packet chain to report each tracked message of a sensor of `phy`. */
export function tapSensorReports(svc: Service, name: string, phy: string): void {
  const reported = svc.hooks.sensorReported;
  svc.hooks.packet.for('track').tap({ name, stage: TRACK_STAGE }, (packet) => {
    const message = packet.annotations.rtl433;
    const device = packet.device;
    if (message === undefined || packet.error || device === undefined || device.phyname !== phy || !reported.isUsed()) return;
    const model = typeof message.model === 'string' ? message.model : 'unknown';
    reported.call({ device, sourceUuid: packet.sourceUuid, format: 'rtl433', message, model, make: sensorMake(model), id: sensorId(message) ?? '0', readings: standardReadings(message) });
  });
}
