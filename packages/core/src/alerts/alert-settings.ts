/**
 * The alert tracker's settings from config (Kismet's `kismet_alerts.conf` keys): how many raised
 * alerts the backlog keeps, `alert=` rate overrides and `disable_alert=` names. A bad line is a
 * startup error naming where it was written.
 */
import type { Config } from '../config/config.js';
import { parseAlertOverrides, parseDisabledAlerts } from './alert-tracker.js';

/** What the alert tracker takes from config. */
export interface AlertSettings {
  /** `alertbacklog`: raised alerts kept for `/alerts/all_alerts.json`. */
  readonly backlogSize: number;
  /** `alert=NAME,throttle,burst` lines by name. */
  readonly rateOverrides: ReadonlyMap<string, { throttle: string; burst: string }>;
  /** `disable_alert=NAME` names. */
  readonly disabled: ReadonlySet<string>;
}

/** Reads the alert settings from config. */
export function readAlertSettings(config: Config): AlertSettings {
  return {
    backlogSize: config.getNumber('alertbacklog', 50, { min: 1, integer: true }),
    rateOverrides: parseAlertOverrides(config.getAll('alert')),
    disabled: parseDisabledAlerts(config.getAll('disable_alert')),
  };
}
