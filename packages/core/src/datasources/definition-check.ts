/**
 * Checks a definition against its type before anything opens (spec section 7: only a valid
 * definition is added). The generic options are read and checked; an option the type does not
 * declare is refused, naming the options it takes; then the type checks its own values. Every
 * failure is an `SVC_ERR_BAD_DEFINITION` (400), and a permanent one: no retry can fix it.
 */
import { SvcError } from '../errors.js';
import type { DatasourceTypeDefinition } from './datasource-type.js';
import type { SourceDefinition } from './definition.js';
import { GENERIC_SOURCE_OPTIONS, readSourceOptions } from './source-options.js';

/** Throws a 400 naming what is wrong with the definition for this type. */
export async function checkDefinition(type: DatasourceTypeDefinition, definition: SourceDefinition): Promise<void> {
  readSourceOptions(definition);
  if (type.options) {
    const own = Object.keys(type.options);
    for (const name of definition.options.keys()) {
      if (GENERIC_SOURCE_OPTIONS.includes(name) || own.includes(name)) continue;
      const takes = own.length ? `it takes ${own.join(', ')}` : 'it takes no options of its own';
      throw new SvcError('SVC_ERR_BAD_DEFINITION', `bad source definition '${definition.line}': datasource type '${type.name}' has no option '${name}'; ${takes}, besides the generic ones (${GENERIC_SOURCE_OPTIONS.filter((generic) => !generic.startsWith('info_')).join(', ')}, info_*)`);
    }
  }
  await type.validate?.(definition);
}

/** Whether a failure can never be fixed by opening the source again. */
export function isPermanentFailure(error: unknown): boolean {
  return error instanceof SvcError && (PERMANENT_CODES as readonly string[]).includes(error.code);
}

/** Error codes of failures no retry can fix: the definition, the type or the thing it names is wrong. */
const PERMANENT_CODES = ['SVC_ERR_BAD_DEFINITION', 'SVC_ERR_NO_DATASOURCE_TYPE', 'SVC_ERR_DATASOURCE_UNSUPPORTED', 'SVC_ERR_DATASOURCE_PERMANENT'] as const;
