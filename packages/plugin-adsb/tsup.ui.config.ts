import { uiModuleBuild } from '../../tsup.shared.js';

export default uiModuleBuild({ adsb: 'src/ui/adsb-ui.ts' });
