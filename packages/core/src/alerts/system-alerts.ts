/**
 * The alerts Kismet's server raises about itself, under svc's names: `SVC` (Kismet's `KISMET`,
 * its alert for server events: SYSTEM, informational, defined with rates of 0 so nothing gets
 * through unless `alert=SVC,...` opens it) and ROOTUSER (SYSTEM, high, 1/sec). Kismet raises
 * ROOTUSER whenever it starts as root, since its capture helpers never need it; svc's `linuxwifi`
 * capture does, so svc raises it once at start when it runs as root with live sources none of
 * which needs root (`needsRoot` of the type), and never for replayed recordings alone.
 */
import type { DatasourceTypeDefinition } from '../datasources/datasource-type.js';
import { definePlugin } from '../plugin.js';
import type { AlertTracker } from './alert-tracker.js';

/** Name of the built-in plugin. */
export const SYSTEM_ALERTS_PLUGIN = '@svc/core:system-alerts';

/** Kismet's `KISMET` alert, spelled svc. */
export const SERVER_ALERT = 'SVC';

/** The alert for running as root without need. */
export const ROOT_USER_ALERT = 'ROOTUSER';

/** Defines SVC and ROOTUSER. */
export const systemAlertsPlugin = definePlugin({
  name: SYSTEM_ALERTS_PLUGIN,
  apply(svc) {
    svc.alerts.define({ name: SERVER_ALERT, class: 'SYSTEM', severity: 0, description: 'Server events', throttle: '0/day', burst: '0/day' });
    svc.alerts.define({
      name: ROOT_USER_ALERT,
      class: 'SYSTEM',
      severity: 15,
      description: 'svc runs as root although none of its sources needs it (only linuxwifi does): a flaw anywhere in the server or its plugins then runs with every right on the machine.',
      throttle: '1/sec',
      burst: '1/sec',
    });
  },
});

/** Whether svc, running as root or not (`root`), runs as root without need for these source types. */
export function rootWithoutNeed(root: boolean, sourceTypes: readonly Pick<DatasourceTypeDefinition, 'capabilities'>[]): boolean {
  return root && sourceTypes.some((type) => !type.capabilities.replay) && !sourceTypes.some((type) => type.capabilities.needsRoot);
}

/** Raises ROOTUSER when svc runs as root without need for its startup sources' types. */
export function warnRootWithoutNeed(alerts: Pick<AlertTracker, 'tryRaise'>, root: boolean, sourceTypes: readonly Pick<DatasourceTypeDefinition, 'capabilities'>[]): void {
  if (!rootWithoutNeed(root, sourceTypes)) return;
  alerts.tryRaise({
    name: ROOT_USER_ALERT,
    text: 'svc is running as root, which none of its sources needs; this is less secure. Run svc as an unprivileged user (started at boot by systemd: set User= with systemctl edit); only linuxwifi sources need root.',
  });
}
