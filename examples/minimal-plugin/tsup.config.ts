import { defineConfig } from 'tsup';

// tsup writes the JavaScript; `tsc` (run after it by `npm run build`) writes the .d.ts files.
export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm'],
  target: 'node20',
  sourcemap: true,
  dts: false,
  clean: true,
});
