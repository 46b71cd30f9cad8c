import { packageBuild } from '../../tsup.shared.js';

// The PHY decoder is an entry of its own, built beside the bundle (dist/uav-decoder.js) as it
// sits beside the PHY declaration in src: the declaration names it by a relative module URL.
export default packageBuild({ index: 'src/index.ts', 'testing/index': 'src/testing/index.ts', 'uav-decoder': 'src/uav-decoder.ts' });
