import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts', 'src/testing/index.ts'],
  format: ['esm'],
  target: 'node20',
  dts: false,
  clean: false,
  sourcemap: true,
});
