import { defineConfig } from 'tsup';

// tsup writes the JavaScript; `tsc` (run after it by `npm run build`) writes the .d.ts files.
export default defineConfig({
{{#if phy}}
  // The PHY's decoder is an entry of its own: phy.ts names it by module, and svc imports it.
  entry: ['src/index.ts', 'src/decode.ts'],
{{/if}}
{{#unless phy}}
  entry: ['src/index.ts'],
{{/unless}}
  format: ['esm'],
  target: 'node20',
  sourcemap: true,
  dts: false,
  clean: true,
});
