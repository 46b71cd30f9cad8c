/**
 * `@svc/plugin-fleet`: many svc sensors, one view, over NATS JetStream, built only on the public
 * plugin API. With `fleet_publish` this svc is a sensor: it publishes its device changes (at
 * most once a second per device), alerts, datasource states and status to JetStream subjects
 * named by site, node and PHY (`fleet-subjects.ts`), keeping a bounded backlog while NATS is
 * away. `/fleet/status.json` and `/metrics` say how the link is.
 */
import { definePlugin, TRACKED_FORMATS, type Service } from '@svc/core';
import { FLEET_CONFIG_KEYS, readSensorSettings } from './fleet-settings.js';
import { fleetStreams } from './fleet-subjects.js';
import { FleetLink } from './link/fleet-link.js';
import { addFleetMetrics } from './sensor/fleet-metrics.js';
import { FleetSensor } from './sensor/fleet-sensor.js';
import { SENSOR_STATUS_FIELDS, sensorStatus } from './sensor/sensor-status.js';

/** Package name, used as the tap name on every hook. */
export const PLUGIN_NAME = '@svc/plugin-fleet';

/** The fleet sensor of each service, by its hook table. */
const sensors = new WeakMap<Service['hooks'], FleetSensor>();

/** The fleet sensor of a service, undefined when `fleet_publish` is not set: its link's counters are plain getters. */
export function getFleetSensor(svc: Pick<Service, 'hooks'>): FleetSensor | undefined {
  return sensors.get(svc.hooks);
}

/** The fleet plugin. */
export default definePlugin({
  name: PLUGIN_NAME,
  core: '^0.1.0',
  dependencies: [],
  configKeys: FLEET_CONFIG_KEYS,
  apply(svc) {
    const settings = readSensorSettings(svc.config);
    let sensor: FleetSensor | undefined;
    if (settings) {
      const link = new FleetLink({
        servers: settings.servers,
        login: settings.login,
        name: `svc ${settings.site}/${settings.node}`,
        backlogMax: settings.backlogMax,
        streams: fleetStreams(settings.replicas),
        messages: svc.messages,
        log: svc.log,
        onConnect: () => sensor?.announce(),
      });
      sensor = new FleetSensor(svc, link, settings);
      sensors.set(svc.hooks, sensor);
      sensor.tap(PLUGIN_NAME);
      svc.hooks.metrics.tap(PLUGIN_NAME, (metrics) => addFleetMetrics(metrics, link));
      svc.hooks.ready.tapPromise(PLUGIN_NAME, async () => {
        sensor!.begin();
        link.start();
      });
      svc.hooks.shutdown.tapPromise(PLUGIN_NAME, async () => {
        sensor!.end();
        sensor!.sendStatus();
        await link.stop();
      });
    }
    svc.hooks.fields.tap(PLUGIN_NAME, (fields) => fields.registerAll(SENSOR_STATUS_FIELDS));
    svc.hooks.routes.tap(PLUGIN_NAME, (routes) =>
      routes.http({
        methods: ['GET', 'POST'],
        path: '/fleet/status',
        formats: TRACKED_FORMATS,
        role: 'readonly',
        description: 'fleet sensor: site, node, NATS link state, backlog, dropped and sent messages',
        handler: () => sensorStatus(sensor),
      }),
    );
  },
});

export { FleetSensor, type SensorIdentity } from './sensor/fleet-sensor.js';
export { FleetLink, type LinkState } from './link/fleet-link.js';
export { FleetSubjects, parseStateSubject, STATE_STREAM, ALERT_STREAM } from './fleet-subjects.js';
