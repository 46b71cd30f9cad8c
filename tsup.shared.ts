/**
 * The one tsup setup every svc package builds with: ESM for Node 20, source maps, no d.ts
 * (`tsc -b` writes those). Before a build everything in dist but the d.ts is cleaned (chunk
 * names change between builds), so tsc's d.ts survive and a packed package holds no stale chunks.
 */
import { defineConfig, type Options } from 'tsup';

/** tsup config for a package with the given entry points. */
export function packageBuild(entry: string[], extra: Options = {}) {
  return defineConfig({ entry, format: ['esm'], target: 'node20', dts: false, clean: ['!**/*.d.ts'], sourcemap: true, ...extra });
}
