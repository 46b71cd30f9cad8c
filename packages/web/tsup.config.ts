import { packageBuild } from '../../tsup.shared.js';

// The server side (the plugin that serves the app); vite builds the app itself into dist/app.
export default packageBuild(['src/index.ts', '!src/**/*.test.ts']);
