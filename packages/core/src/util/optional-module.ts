/**
 * Native modules (libpcap's binding, serial ports) are optional dependencies: an install on a
 * machine without a compiler or libpcap still works, and only the feature that needs the module
 * fails, saying what to install. The plugin passes its own `import()` (so the specifier resolves
 * from the plugin's package) and what to tell the user.
 */
import { SvcError } from '../errors.js';

/** What an optional module is for and how to get it. */
export interface OptionalModule {
  /** npm package name (`pcap`). */
  readonly module: string;
  /** What needs it (`linuxwifi live capture`). */
  readonly neededFor: string;
  /** What to do (`apt-get install libpcap-dev g++ make python3, then npm rebuild pcap`). */
  readonly remedy: string;
}

/** Loads an optional module; a missing or broken one is an `SVC_ERR_DATASOURCE_PERMANENT` naming the remedy. */
export async function importOptional<T>(load: () => Promise<T>, about: OptionalModule): Promise<T> {
  try {
    return await load();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const missing = code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND';
    const why = missing ? 'is not installed' : `did not build or does not load (${String((error as Error).message).split('\n')[0]})`;
    throw new SvcError('SVC_ERR_DATASOURCE_PERMANENT', `${about.neededFor} needs the ${about.module} package, whose native binding ${why}: ${about.remedy}; then restart svc`, {
      cause: error,
    });
  }
}
