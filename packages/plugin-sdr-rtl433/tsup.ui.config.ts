import { uiModuleBuild } from '../../tsup.shared.js';

export default uiModuleBuild({ rtl433: 'src/ui/rtl433-ui.ts' });
