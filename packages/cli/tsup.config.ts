import { packageBuild } from '../../tsup.shared.js';

// No code splitting: oclif treats every file in dist/commands as a command, so a shared chunk there would be one.
export default [
  packageBuild(['src/commands/**/*.ts', '!src/**/*.test.ts'], { outDir: 'dist/commands', splitting: false }),
  packageBuild(['src/hooks/*.ts', '!src/**/*.test.ts'], { outDir: 'dist/hooks', splitting: false }),
];
