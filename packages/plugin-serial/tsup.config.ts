import { packageBuild } from '../../tsup.shared.js';

// The BTLE decoder is an entry of its own, built beside the bundle (dist/btle-decoder.js) as it
// sits beside the PHY declaration in src/btle: the declaration names it by a relative module URL.
export default packageBuild({
  index: 'src/index.ts',
  'testing/index': 'src/testing/index.ts',
  'synthetic/index': 'src/synthetic/index.ts',
  'btle-decoder': 'src/btle/btle-decoder.ts',
});
