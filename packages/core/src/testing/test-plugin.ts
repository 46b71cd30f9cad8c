/**
 * A plugin module with svc's synthetic test PHY and the `testsource` datasource type, for
 * processes started from the command line (`plugin=@svc/core/testing/plugin` in svc.conf):
 * end-to-end tests, benchmarks, and trying `svc start` or `svc capture` without a radio.
 */
import { definePlugin } from '../plugin.js';
import { createTestDatasource } from './test-datasource.js';
import { testPhyPlugin } from './test-source.js';

const datasource = createTestDatasource();

/** The test PHY and the test datasource type as one loadable plugin. */
export default definePlugin({
  name: '@svc/core/testing/plugin',
  apply(svc) {
    testPhyPlugin.apply(svc, undefined);
    datasource.plugin.apply(svc, undefined);
  },
});
