/**
 * The `source=` lines (and `svc start -c` flags), checked before the server listens: a
 * definition that is wrong (syntax, no type, an option the type refuses, no such file, a UUID
 * twice) is a startup error naming where it was written, as a bad config line is. A valid source
 * that cannot open (a device not plugged in) is not checked here; it is added and retried like
 * any other.
 */
import type { Config } from '../config/config.js';
import { describeError, SvcError } from '../errors.js';
import type { DatasourceTracker, PreparedSource } from './datasource-tracker.js';

/** Prepares every `source=` line; the first bad one rejects with its origin. */
export async function prepareStartupSources(config: Config, datasources: DatasourceTracker): Promise<PreparedSource[]> {
  const prepared: PreparedSource[] = [];
  for (const { value, origin } of config.values('source')) {
    try {
      const source = await datasources.prepare(value);
      if (prepared.some((other) => other.uuid === source.uuid)) throw new SvcError('SVC_ERR_CONFLICT', `UUID ${source.uuid} is used by another source= line too; give one of them uuid= or name another interface`);
      prepared.push(source);
    } catch (error) {
      throw new SvcError('SVC_ERR_CONFIG_VALUE', `${origin}: source ${value}: ${describeError(error)}`, { cause: error });
    }
  }
  return prepared;
}
