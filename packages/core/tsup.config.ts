import { packageBuild } from '../../tsup.shared.js';

export default packageBuild(['src/index.ts', 'src/testing/index.ts', 'src/testing/test-plugin.ts', 'src/logging/svcdb/svcdb-worker.ts', 'src/packets/decode-worker.ts']);
