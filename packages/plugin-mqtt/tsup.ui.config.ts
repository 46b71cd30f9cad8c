import { uiModuleBuild } from '../../tsup.shared.js';

export default uiModuleBuild({ mqtt: 'src/ui/mqtt-integration.ts' });
