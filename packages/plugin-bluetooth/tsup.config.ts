import { packageBuild } from '../../tsup.shared.js';

// The PHY decoders are entries of their own, built beside the bundle (dist/btle-decoder.js) as
// they sit beside the PHY declarations in src: a declaration names its decoder by a relative module URL.
export default packageBuild({
  index: 'src/index.ts',
  'btle-decoder': 'src/btle/btle-decoder.ts',
  'bluetooth-decoder': 'src/classic/bluetooth-decoder.ts',
  'testing/index': 'src/testing/index.ts',
});
