/**
 * `@svc/plugin-fleet`: many svc sensors, one view, over NATS JetStream, built only on the public
 * plugin API. With `fleet_publish` this svc is a sensor: it publishes its device changes (at
 * most once a second per device), alerts, datasource states and status to JetStream subjects
 * named by site, node and PHY (`fleet-subjects.ts`), keeping a bounded backlog while NATS is
 * away. `/fleet/status.json` and `/metrics` say how the link is. With `fleet_view` (what
 * `svc start --fleet` sets) this svc is a fleet view: it builds its tracker from those streams,
 * one device per device heard anywhere with a seen-by entry per sensor, and lists the sensor
 * nodes at `/fleet/sensors.json`; an admin pauses, resumes or retunes a sensor's source through
 * the ordinary datasource routes, carried to sensors with `fleet_control=true` over NATS. Its UI
 * module (`src/ui`) shows the sensors in the system page and a device's sensors in its detail.
 */
import { definePlugin, packageFile, TRACKED_FORMATS, type Service } from '@svc/core';
import { FLEET_CONFIG_KEYS, readSensorSettings, readViewSettings } from './fleet-settings.js';
import { fleetStreams } from './fleet-subjects.js';
import { FleetLink } from './link/fleet-link.js';
import { addFleetMetrics } from './sensor/fleet-metrics.js';
import { FleetSensor } from './sensor/fleet-sensor.js';
import { SENSOR_STATUS_FIELDS, sensorStatus } from './sensor/sensor-status.js';
import { FleetView } from './view/fleet-view.js';
import { SensorControl } from './control/sensor-control.js';
import { SENSOR_NODE_FIELDS } from './view/sensor-nodes.js';
import { VIEW_STATUS_FIELDS, viewStatus } from './view/view-status.js';

/** Package name, used as the tap name on every hook. */
export const PLUGIN_NAME = '@svc/plugin-fleet';

/** The fleet sensor and fleet view of each service, by its hook table. */
const sensors = new WeakMap<Service['hooks'], FleetSensor>();
const views = new WeakMap<Service['hooks'], FleetView>();

/** The fleet sensor of a service, undefined when `fleet_publish` is not set: its link's counters are plain getters. */
export function getFleetSensor(svc: Pick<Service, 'hooks'>): FleetSensor | undefined {
  return sensors.get(svc.hooks);
}

/** The fleet view of a service, undefined when `fleet_view` is not set. */
export function getFleetView(svc: Pick<Service, 'hooks'>): FleetView | undefined {
  return views.get(svc.hooks);
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
        onConnection: (connection) => control?.listen(connection),
      });
      const control = settings.controlSubject === undefined ? undefined : new SensorControl(svc, settings.controlSubject);
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
        control?.stop();
        sensor!.sendStatus();
        await link.stop();
      });
    }
    const viewSettings = readViewSettings(svc.config);
    let view: FleetView | undefined;
    if (viewSettings) {
      view = new FleetView(svc, viewSettings);
      views.set(svc.hooks, view);
      svc.hooks.ready.tapPromise(PLUGIN_NAME, async () => view!.start());
      svc.hooks.shutdown.tapPromise(PLUGIN_NAME, () => view!.stop());
      svc.hooks.remoteDatasourceCommand.tapPromise(PLUGIN_NAME, (command) => view!.command(command));
    }
    svc.hooks.fields.tap(PLUGIN_NAME, (fields) => fields.registerAll([...SENSOR_STATUS_FIELDS, ...VIEW_STATUS_FIELDS, ...SENSOR_NODE_FIELDS]));
    svc.hooks.uiModules.tap(PLUGIN_NAME, (modules) =>
      modules.add({
        name: 'fleet',
        description: "the fleet in the web app: sensor nodes and their sources in the system page's integrations, a device's sensors with their signal and the best one, a best-sensor column",
        file: packageFile(import.meta.url, 'dist/ui/fleet.js'),
      }),
    );
    svc.hooks.routes.tap(PLUGIN_NAME, (routes) => {
      routes.http({
        methods: ['GET', 'POST'],
        path: '/fleet/status',
        formats: TRACKED_FORMATS,
        role: 'readonly',
        description: 'fleet: as a sensor, site, node, NATS link state, backlog, dropped and sent messages; as a fleet view, its state, records merged and sensors heard of',
        handler: () => ({ ...sensorStatus(sensor), ...viewStatus(view) }),
      });
      routes.http({
        methods: ['GET', 'POST'],
        path: '/fleet/sensors',
        formats: TRACKED_FORMATS,
        role: 'readonly',
        description: 'fleet view: every sensor node heard of, with its site, UUID, latest status and its datasources\' states',
        handler: () => view?.sensors.records() ?? [],
      });
    });
  },
});

export { FleetSensor, type SensorIdentity } from './sensor/fleet-sensor.js';
export { FleetLink, type LinkState } from './link/fleet-link.js';
export { FleetSubjects, parseStateSubject, STATE_STREAM, ALERT_STREAM } from './fleet-subjects.js';
export { FleetView, type ViewState } from './view/fleet-view.js';
export { FleetMerge } from './view/fleet-merge.js';
