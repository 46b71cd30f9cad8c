import { packageBuild } from '../../tsup.shared.js';

export default packageBuild({ index: 'src/index.ts', 'testing/index': 'src/testing/index.ts' });
