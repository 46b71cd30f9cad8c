/**
 * The device monitor as the HTTP layer runs it: its shared pushes (monitor-channels.ts), the caps
 * on subscriptions from config (per socket, per login, in all, with an admin reserve), and the
 * metrics that count them. The service makes it once and hands it to the device routes.
 */
import { LoginQuota } from '../auth/login-quota.js';
import type { Config } from '../config/config.js';
import type { FieldRegistry } from '../fields/field-registry.js';
import type { Logger } from '../logger.js';
import type { MetricRegistry } from '../metrics/metric-registry.js';
import { MonitorChannels, type MonitorDevices } from './monitor-channels.js';
import type { MonitorLimits } from './routes/device-monitor.js';

/** The device monitor: its shared pushes and the caps on subscriptions. */
export interface DeviceMonitor {
  readonly channels: MonitorChannels;
  readonly limits: MonitorLimits;
}

/** Makes the device monitor, with its caps read from config. */
export function createDeviceMonitor(config: Config, devices: MonitorDevices, fields: FieldRegistry, log: Logger): DeviceMonitor {
  const total = config.getNumber('monitor_subscriptions_total', 1024, { min: 1, integer: true });
  const limits: MonitorLimits = {
    perSocket: config.getNumber('monitor_subscriptions_per_socket', 32, { min: 1, integer: true }),
    quota: new LoginQuota({
      total,
      perLogin: config.getNumber('monitor_subscriptions_per_login', 256, { min: 1, integer: true }),
      adminReserve: config.getNumber('monitor_subscriptions_admin_reserve', Math.min(64, Math.floor(total / 16)), { min: 0, max: total, integer: true }),
    }),
  };
  return { channels: new MonitorChannels(devices, fields, log), limits };
}

/** Adds the monitor's subscriptions, channels and dropped sockets to `/metrics`. */
export function addMonitorMetrics(metrics: MetricRegistry, { channels }: DeviceMonitor): void {
  metrics.gauge({ name: 'svc_monitor_subscriptions', help: 'device monitor subscriptions open', collect: (report) => report({}, channels.subscriptions) });
  metrics.gauge({ name: 'svc_monitor_channels', help: 'groups of monitor subscriptions (view, rate, format, fields) whose pushes are serialized once and shared', collect: (report) => report({}, channels.channels) });
  metrics.counter({ name: 'svc_monitor_dropped_sockets_total', help: 'monitor websockets dropped for not reading their pushes in time', collect: (report) => report({}, channels.droppedSockets) });
}
