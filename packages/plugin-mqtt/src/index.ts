/**
 * `@svc/plugin-mqtt`: svc and MQTT, built only on the public plugin API. Read as a checklist:
 * MQTT out (devices, alerts, messages, datasources and the sensors' readings of the core's
 * `sensorReported` hook to the broker of `mqtt_broker`, with Home Assistant discovery behind
 * `mqtt_homeassistant=true`), the `mqtt` datasource type (reports from a broker in, in the
 * formats of the `reportFormats` hook), the `mqtt` alert sink type, `/mqtt/status.json`, and
 * the UI module that shows it in the web app's integrations. It imports no other plugin:
 * whatever it takes from sensor plugins comes through those two core hooks.
 */
import { definePlugin, packageFile, TRACKED_FORMATS, type Service } from '@svc/core';
import { MqttPublisher } from './broker/mqtt-publisher.js';
import { createMqttSourceType } from './datasource/mqtt-datasource.js';
import { MqttOut } from './out/mqtt-out.js';
import { MQTT_CONFIG_KEYS, readMqttOutSettings } from './out/mqtt-settings.js';
import { MQTT_STATUS_FIELDS, mqttStatusRecord } from './out/mqtt-status.js';
import { createMqttSinkType } from './sink/mqtt-sink.js';
import { addMqttMetrics } from './out/mqtt-metrics.js';

/** Package name, used as the tap name on every hook. */
export const PLUGIN_NAME = '@svc/plugin-mqtt';

/** MQTT out of each service, by its hook table (the same object in `apply` and in the server). */
const outs = new WeakMap<Service['hooks'], MqttOut>();

/**
 * MQTT out of a service, undefined when `mqtt_broker` is not set: its publisher's counters
 * (`state`, `queued`, `queueMax`, `dropped`, `sent`, `connections`, `failures`) are plain
 * getters, for metrics and other plugins.
 */
export function getMqttOut(svc: Pick<Service, 'hooks'>): MqttOut | undefined {
  return outs.get(svc.hooks);
}

/** The MQTT plugin. */
export default definePlugin({
  name: PLUGIN_NAME,
  core: '^0.1.0',
  dependencies: [],
  configKeys: MQTT_CONFIG_KEYS,
  apply(svc) {
    const settings = readMqttOutSettings(svc.config, svc.serverUuid);
    let out: MqttOut | undefined;
    if (settings) {
      const publisher = new MqttPublisher({
        address: settings.address,
        login: settings.login,
        clientId: settings.clientId,
        queueMax: settings.queueMax,
        qos: settings.qos,
        statusTopic: `${settings.prefix}/status`,
        messages: svc.messages,
        log: svc.log,
        onConnect: () => out?.announce(),
      });
      out = new MqttOut(svc, publisher, settings);
      outs.set(svc.hooks, out);
      svc.hooks.metrics.tap(PLUGIN_NAME, (metrics) => addMqttMetrics(metrics, publisher));
      out.tap(PLUGIN_NAME);
      svc.hooks.ready.tapPromise(PLUGIN_NAME, async () => {
        out!.begin();
        publisher.start();
      });
      svc.hooks.shutdown.tapPromise(PLUGIN_NAME, async () => {
        out!.end();
        await publisher.stop();
      });
    }
    svc.hooks.fields.tap(PLUGIN_NAME, (fields) => fields.registerAll(MQTT_STATUS_FIELDS));
    svc.hooks.datasourceTypes.tap(PLUGIN_NAME, (types) => types.add(createMqttSourceType(svc.config, svc.reportFormats)));
    svc.hooks.alertSinkTypes.tap(PLUGIN_NAME, (types) => types.add(createMqttSinkType(() => out)));
    svc.hooks.uiModules.tap(PLUGIN_NAME, (modules) =>
      modules.add({
        name: 'mqtt',
        description: "MQTT out in the system page's integrations: broker, connection, queue, dropped and sent messages",
        file: packageFile(import.meta.url, 'dist/ui/mqtt.js'),
      }),
    );
    svc.hooks.routes.tap(PLUGIN_NAME, (routes) =>
      routes.http({
        methods: ['GET', 'POST'],
        path: '/mqtt/status',
        formats: TRACKED_FORMATS,
        role: 'readonly',
        description: 'MQTT out: broker, connection state, queue depth, dropped and sent messages',
        handler: () => mqttStatusRecord(out),
      }),
    );
  },
});

export { MqttPublisher, type PublisherState } from './broker/mqtt-publisher.js';
export { MqttOut } from './out/mqtt-out.js';
export { MqttTopics } from './out/mqtt-topics.js';
export { READING_CLASSES, type ReadingClass } from './out/sensor-readings.js';
export { MQTT_TYPE, createMqttSourceType } from './datasource/mqtt-datasource.js';
export { mqttReportPacket } from './datasource/mqtt-report.js';
