/**
 * The GPS tracker's settings from config: how long a fix stays current (`gps_fix_valid_time`)
 * and how soon a failed GPS is re-opened (`source_retry_delay`, shared with datasources).
 */
import type { Config } from '../config/config.js';
import { readRetryDelay } from '../datasources/datasource-settings.js';

/** What the GPS tracker takes from config. */
export interface GpsSettings {
  /** Seconds a fix stays current after it arrived. */
  readonly validFor: number;
  /** Seconds before a failed GPS is reopened. */
  readonly retryDelay: number;
}

/** Reads the GPS settings from config. */
export function readGpsSettings(config: Config): GpsSettings {
  return { validFor: config.getNumber('gps_fix_valid_time', 10, { min: 1 }), retryDelay: readRetryDelay(config) };
}
