import { uiModuleBuild } from '../../tsup.shared.js';

export default uiModuleBuild({ uav: 'src/ui/uav-ui.ts' });
