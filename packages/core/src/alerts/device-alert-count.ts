/**
 * `svc.device.base.num_alerts`: an alert that names a tracked device (its `device_key`) counts on
 * that device, so a client sorting or filtering devices sees which ones drew alerts. Kismet
 * declares the field but never counts; svc does.
 */
import type { DeviceTracker } from '../tracker/device-tracker.js';
import type { AlertRecord } from './alert-tracker.js';

/**
 * Counts a raised alert on the device it names and marks the device changed. Detectors raise on
 * the packet path before the tracker commits, so the change goes out with that packet's commit.
 */
export function countAlertOnDevice(devices: DeviceTracker | undefined, record: AlertRecord): void {
  const key = record['svc.alert.device_key'];
  if (!devices || typeof key !== 'string' || key === '') return;
  const device = devices.byKey(key);
  if (!device) return;
  device.numAlerts++;
  devices.markChanged(device);
}
