/**
 * Starts a worker thread from a module of this package, whether the package runs from its
 * TypeScript sources (svc's own tests, through tsx) or from its build. Node 20 does not hand a
 * parent's `--import tsx` loader to a worker, so in source mode the worker first registers
 * tsx's loader itself and then imports the module.
 */
import { existsSync } from 'node:fs';
import { Worker, type WorkerOptions } from 'node:worker_threads';
import { SvcError } from '../errors.js';
import { packageFile } from './package-file.js';

/**
 * A worker running `sourceUrl` (the `.ts` module, from `new URL('./x.ts', import.meta.url)`) or,
 * once built, `builtPath` inside the package (`dist/.../x.js`).
 */
export function startModuleWorker(sourceUrl: URL, builtPath: string, options: WorkerOptions = {}): Worker {
  if (import.meta.url.endsWith('.ts')) {
    const loader = import.meta.resolve('tsx/esm/api');
    const bootstrap = `import(${JSON.stringify(loader)}).then(({ register }) => { register(); return import(${JSON.stringify(sourceUrl.href)}); })`;
    return new Worker(bootstrap, { ...options, eval: true });
  }
  const built = packageFile(import.meta.url, builtPath);
  if (!existsSync(built)) throw new SvcError('SVC_ERR_INTERNAL', `the worker module ${built} is missing; rebuild @svc/core`);
  return new Worker(built, options);
}
