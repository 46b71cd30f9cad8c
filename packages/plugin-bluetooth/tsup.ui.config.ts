import { uiModuleBuild } from '../../tsup.shared.js';

export default uiModuleBuild({ btle: 'src/ui/btle-ui.ts', bluetooth: 'src/ui/bluetooth-ui.ts' });
