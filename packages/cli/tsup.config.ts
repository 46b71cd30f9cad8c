import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/commands/**/*.ts', '!src/**/*.test.ts'],
  outDir: 'dist/commands',
  format: ['esm'],
  target: 'node20',
  dts: false,
  clean: false,
  sourcemap: true,
});
