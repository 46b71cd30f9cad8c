import { defineConfig } from 'tsup';

// The web app's panel: one minified ES module for the browser, built after the server code
// (`npm run build`) into dist/ui, where src/index.ts tells svc to serve it from.
export default defineConfig({
  entry: { '{{name}}': 'src/ui/panel.ts' },
  format: ['esm'],
  platform: 'browser',
  target: 'es2022',
  outDir: 'dist/ui',
  minify: true,
  dts: false,
  clean: true,
});
