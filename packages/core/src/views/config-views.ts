/**
 * User views from `svc.conf`: `view=<id>:<description>:<field path>:<regex>`. A device belongs
 * when the regex matches a string the path reaches (lists and maps along the path expand, as in
 * `regex` filters). The regex is the rest of the line, so it may contain `:`.
 */
import { SvcError } from '../errors.js';
import { matchesAny, parseRegexFilters } from '../fields/regex-filter.js';
import { readDeviceField } from '../tracker/device-fields.js';
import type { TrackedDevice } from '../tracker/tracked-device.js';
import { nowSeconds } from '../time/timestamp.js';
import type { ViewDefinition } from './view-definition.js';

/** Parses `view=` config values; a malformed one is a startup error naming it. */
export function parseConfigViews(values: readonly string[]): ViewDefinition[] {
  return values.map((value) => {
    const parts = value.split(':');
    if (parts.length < 4 || !/^[A-Za-z0-9_-]+$/.test(parts[0]!) || !parts[2]) {
      throw new SvcError('SVC_ERR_CONFIG_VALUE', `view=${value}: expected view=<id>:<description>:<field path>:<regex>, the id of letters, digits, '_' or '-'`);
    }
    const [id, description, path] = parts as [string, string, string];
    const pattern = parts.slice(3).join(':');
    let filters;
    try {
      filters = parseRegexFilters([[path, pattern]]);
    } catch (error) {
      throw new SvcError('SVC_ERR_CONFIG_VALUE', `view=${value}: ${(error as Error).message}`);
    }
    return {
      name: id,
      description: description || `Devices whose ${path} matches ${pattern}`,
      includes: (device) => matchesAny(filters, (name) => readDeviceField(device as TrackedDevice, name, nowSeconds())),
    };
  });
}
