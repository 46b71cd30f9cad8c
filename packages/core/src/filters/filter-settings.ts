/**
 * The ingest filter's settings from config: where API rules are kept, the default action, the
 * cap on API rules, and the `ingest_filter=` lines. A bad line is a startup error naming where
 * it was written; a line naming a PHY no plugin registers is refused once PHYs are known.
 */
import type { Config } from '../config/config.js';
import { expandPath } from '../config/config-loader.js';
import { configLines, configValue } from '../config/config-value.js';
import { parseFilterAction, parseFilterLine, type FilterAction, type FilterMatch } from './filter-rule.js';

/** One `ingest_filter=PHY,MATCH,ACTION` line. */
export interface ConfigFilterRule {
  readonly phy: string;
  readonly match: FilterMatch;
  readonly action: FilterAction;
  /** Where the line is (`file:line`). */
  readonly origin: string;
}

/** What the ingest filter takes from config. */
export interface FilterSettings {
  /** `ingest_filter_file`: the rules added through the API. */
  readonly stateFile: string;
  /** `ingest_filter_default`. */
  readonly defaultAction: FilterAction;
  /** `ingest_filter_max_rules`: rules the API may add. */
  readonly maxRules: number;
  /** The `ingest_filter=` lines, applied once every PHY is registered. */
  readonly rules: readonly ConfigFilterRule[];
}

/** Reads the ingest filter settings from config. */
export function readFilterSettings(config: Config): FilterSettings {
  return {
    stateFile: expandPath(config.get('ingest_filter_file') ?? 'ingest_filters.json', config.configDir),
    defaultAction: configValue(config, 'ingest_filter_default', (value) => parseFilterAction(value, 'ingest_filter_default')),
    maxRules: config.getNumber('ingest_filter_max_rules', 10_000, { min: 1, integer: true }),
    rules: configLines(config, 'ingest_filter', parseFilterLine),
  };
}
