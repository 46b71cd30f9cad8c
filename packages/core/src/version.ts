/**
 * The running `@svc/core` version, read from its package.json so plugin `core` ranges are
 * checked against what is really installed.
 */
import { readFileSync } from 'node:fs';

/** Version of this `@svc/core`. */
export const CORE_VERSION: string = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;
