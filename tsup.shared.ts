/**
 * The one tsup setup every svc package builds with: ESM for Node 20, source maps, no d.ts
 * (`tsc -b` writes those), and no cleaning (so tsc's d.ts in dist survive a rebuild).
 */
import { defineConfig, type Options } from 'tsup';

/** tsup config for a package with the given entry points. */
export function packageBuild(entry: string[], extra: Options = {}) {
  return defineConfig({ entry, format: ['esm'], target: 'node20', dts: false, clean: false, sourcemap: true, ...extra });
}
