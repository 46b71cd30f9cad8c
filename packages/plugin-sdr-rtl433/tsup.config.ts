import { packageBuild } from '../../tsup.shared.js';

// The decoder is an entry of its own: the PHY declaration names it by module, and the core imports it.
export default packageBuild(['src/index.ts', 'src/synthetic/index.ts', 'src/testing/index.ts', 'src/rtl433-decoder.ts']);
