import { uiModuleBuild } from '../../tsup.shared.js';

export default uiModuleBuild({ fleet: 'src/ui/fleet-ui.ts' });
