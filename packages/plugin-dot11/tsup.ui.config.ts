import { uiModuleBuild } from '../../tsup.shared.js';

export default uiModuleBuild({ dot11: 'src/ui/dot11-ui.ts' });
