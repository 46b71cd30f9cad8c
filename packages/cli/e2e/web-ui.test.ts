/**
 * End-to-end: the web app in real Chromium against a real `svc start` with every first-party
 * plugin (`web-app/harness.ts` starts it), by area: the devices page (`web-app/devices-tests.ts`),
 * the alerts and filters pages (`alerts-tests.ts`), the sources, logs, channels and system pages
 * (`system-tests.ts`), and what the plugins' UI modules add to the app (`plugins-tests.ts`).
 * Every check compares what the page shows with the REST API or tshark's kept reference of the
 * capture. The whole suite runs twice: at the server's root and under `httpd_uri_prefix=/svc`,
 * as behind a reverse proxy. `web-plugins.test.ts` runs the app with plugins turned off.
 */
import { suite } from 'uvu';
import { alertTests } from './web-app/alerts-tests.js';
import { deviceTests } from './web-app/devices-tests.js';
import { startWebApp, stopWebApp, type WebContext } from './web-app/harness.js';
import { pluginTests } from './web-app/plugins-tests.js';
import { systemTests } from './web-app/system-tests.js';

function webSuite(prefix: string) {
  const test = suite<WebContext>(`web app${prefix ? ` under ${prefix}` : ''}`);
  test.before((context) => startWebApp(context, { prefix }));
  test.after((context) => stopWebApp(context));
  deviceTests(test, prefix);
  pluginTests(test);
  systemTests(test, prefix);
  alertTests(test, prefix);
  return test;
}

webSuite('').run();
webSuite('/svc').run();
