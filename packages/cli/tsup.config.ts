import { packageBuild } from '../../tsup.shared.js';

export default packageBuild(['src/commands/**/*.ts', '!src/**/*.test.ts'], { outDir: 'dist/commands' });
