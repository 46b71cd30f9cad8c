/**
 * The one tsup setup every svc package builds with: ESM for Node 20, source maps, no d.ts
 * (`tsc -b` writes those). Before a build everything in dist but the d.ts is cleaned (chunk
 * names change between builds), so tsc's d.ts survive and a packed package holds no stale chunks.
 * A plugin's UI modules (browser code for the web app) are a second build into `dist/ui`, run
 * after the first (`tsup && tsup --config tsup.ui.config.ts`) so its clean cannot race them.
 */
import { defineConfig, type Options } from 'tsup';

/**
 * tsup config for a package with the given entry points (paths, or output names to paths when
 * an entry must land elsewhere than its source's place, as a PHY decoder beside the bundle).
 */
export function packageBuild(entry: string[] | Record<string, string>, extra: Options = {}) {
  return defineConfig({ entry, format: ['esm'], target: 'node20', dts: false, clean: ['!**/*.d.ts'], sourcemap: true, ...extra });
}

/**
 * tsup config for a plugin's UI modules: name to entry file, each built into `dist/ui/<name>.js`
 * as one minified ES module for the browser (the web app imports it and passes it `h` and the
 * hooks, so it bundles no UI library).
 */
export function uiModuleBuild(entry: Record<string, string>) {
  return defineConfig({ entry, format: ['esm'], platform: 'browser', target: 'es2022', outDir: 'dist/ui', dts: false, clean: ['!**/*.d.ts'], sourcemap: false, minify: true, splitting: false });
}
