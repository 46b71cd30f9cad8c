/**
 * MQTT out: what svc publishes to the broker of `mqtt_broker` (topics in `mqtt-topics.ts`).
 * Nothing here runs per packet beyond noting what changed: a changed device goes into a set
 * (published as a retained state at most every `mqtt_device_interval` seconds, with the fields
 * of `mqtt_device_fields`), a sensor's report (the core's `sensorReported` hook, fed by sensor
 * plugins such as rtl433) onto a list taken on the next turn of the event loop, and payloads are serialised when they are sent. While the broker is away changed
 * devices wait in their set (each published once, with its latest state, when it is back),
 * and events wait in the bounded outbox.
 */
import { simplify, parseFieldSpecs, serveDevice, type Device, type FieldSpec, type SensorReport, type Service, type TrackedDevice } from '@svc/core';
import type { MqttPublisher } from '../broker/mqtt-publisher.js';
import { discoveryConfig, discoveryId, discoveryTopic, type DiscoverySettings, type SensorEntity } from './home-assistant.js';
import type { MqttOutSettings } from './mqtt-settings.js';
import { topicLevel } from './mqtt-settings.js';
import { MqttTopics } from './mqtt-topics.js';
import { READING_CLASSES } from './sensor-readings.js';

/** Datasource topics published, and the fields of a datasource state. */
const DATASOURCE_TOPICS = ['NEW_DATASOURCE', 'DATASOURCE_OPENED', 'DATASOURCE_CLOSED', 'DATASOURCE_ERROR', 'DATASOURCE_PAUSED', 'DATASOURCE_RESUMED', 'DATASOURCE_ENDED', 'DATASOURCE_REMOVED'];
const DATASOURCE_FIELDS: FieldSpec[] = parseFieldSpecs([
  'svc.datasource.uuid',
  'svc.datasource.name',
  'svc.datasource.interface',
  ['svc.datasource.type_driver/svc.datasource.driver.type', 'svc.datasource.type'],
  'svc.datasource.running',
  'svc.datasource.paused',
  'svc.datasource.error',
  'svc.datasource.error_reason',
  'svc.datasource.channel',
  'svc.datasource.num_packets',
  'svc.datasource.num_error_packets',
]);
/** Changed devices published per turn of the event loop. */
const DEVICES_PER_TURN = 500;

/** Feeds the publisher from the hooks and the event bus. */
export class MqttOut {
  readonly topics: MqttTopics;
  #dirty = new Set<TrackedDevice>();
  /** Sensor reports heard, waiting for the next turn. */
  #sensors: SensorReport[] = [];
  #sensorFlushQueued = false;
  #flushingDevices = false;
  /** Home Assistant entities announced, by config topic (announced again on each connection). */
  readonly #entities = new Map<string, SensorEntity>();
  readonly #discovery: DiscoverySettings | undefined;
  #timer: NodeJS.Timeout | undefined;
  #unsubscribe: (() => void)[] = [];
  #stopped = false;

  constructor(
    private readonly svc: Service,
    readonly publisher: MqttPublisher,
    readonly settings: MqttOutSettings,
  ) {
    this.topics = new MqttTopics(settings.prefix);
    const serverName = svc.config.get('server_name') ?? 'svc';
    this.#discovery = settings.homeAssistant
      ? { prefix: settings.homeAssistantPrefix, nodeId: discoveryId(`svc_${topicLevel(serverName)}`), availabilityTopic: this.topics.status }
      : undefined;
  }

  /** Changed devices waiting to be published. */
  get devicesPending(): number {
    return this.#dirty.size;
  }

  /** Home Assistant entities announced so far. */
  get entities(): number {
    return this.#entities.size;
  }

  /** Taps the device hooks and the sensor reports; done once at boot. */
  tap(name: string): void {
    const changed = (device: Device) => void this.#dirty.add(device as TrackedDevice);
    this.svc.hooks.deviceCreated.tap(name, changed);
    this.svc.hooks.deviceUpdated.tap(name, changed);
    this.svc.hooks.sensorReported.tap(name, (report) => {
      this.#sensors.push(report);
      if (!this.#sensorFlushQueued) {
        this.#sensorFlushQueued = true;
        setImmediate(() => this.#flushSensors());
      }
    });
  }

  /** Re-announces the Home Assistant entities (a broker restarted without its retained messages). */
  announce(): void {
    if (!this.#discovery) return;
    for (const [topic, entity] of this.#entities) this.publisher.publish({ topic, payload: () => JSON.stringify(discoveryConfig(this.#discovery!, entity)), retain: true });
  }

  /** Subscribes to the published topics and starts the device timer. */
  begin(): void {
    const subscribe = (topic: string, listener: (record: Record<string, unknown>) => void) => {
      if (this.svc.events.hasTopic(topic)) this.#unsubscribe.push(this.svc.events.subscribe(topic, (_topic, record) => listener(record as Record<string, unknown>)));
    };
    subscribe('ALERT', (record) => {
      const payload = () => JSON.stringify(record);
      this.publisher.publish({ topic: this.topics.alertEvent, payload, retain: false });
      this.publisher.publish({ topic: this.topics.alert(topicLevel(String(record['svc.alert.header']))), payload, retain: true });
    });
    subscribe('MESSAGE', (record) => this.publisher.publish({ topic: this.topics.messageEvent, payload: () => JSON.stringify(record), retain: false }));
    for (const topic of DATASOURCE_TOPICS) {
      subscribe(topic, (record) => {
        const state = simplify(record, DATASOURCE_FIELDS) as Record<string, unknown>;
        const uuid = String(state['svc.datasource.uuid']);
        this.publisher.publish({ topic: this.topics.datasourceEvent, payload: () => JSON.stringify({ event: topic, ...state }), retain: false });
        // A removed source's retained state is cleared (an empty retained message deletes it).
        this.publisher.publish({ topic: this.topics.datasource(uuid), payload: topic === 'DATASOURCE_REMOVED' ? '' : () => JSON.stringify(state), retain: true });
      });
    }
    this.#timer = setInterval(() => void this.#flushDevices(), this.settings.deviceInterval * 1000);
    this.#timer.unref();
  }

  /** Stops the timers and subscriptions (the publisher is stopped by its owner). */
  end(): void {
    this.#stopped = true;
    clearInterval(this.#timer);
    for (const unsubscribe of this.#unsubscribe) unsubscribe();
  }

  /**
   * Publishes changed devices as retained states, a slice per turn. Only while connected and
   * only while the outbox is less than half full: the rest stay changed (and are published with
   * their latest state later), so neither an outage nor a slow broker costs a device its state
   * or pushes events out of the queue.
   */
  async #flushDevices(): Promise<void> {
    if (this.#flushingDevices || this.#dirty.size === 0 || !this.publisher.connected) return;
    this.#flushingDevices = true;
    try {
      while (this.#dirty.size > 0 && !this.#stopped && this.publisher.connected) {
        // Devices fill at most half the queue: the rest is kept for events, which cannot wait.
        const room = Math.min(DEVICES_PER_TURN, Math.floor(this.publisher.queueMax / 2) - this.publisher.queued);
        if (room <= 0) break;
        let taken = 0;
        for (const device of this.#dirty) {
          if (taken++ >= room) break;
          this.#dirty.delete(device);
          // A device the tracker has forgotten since it changed is not published.
          if (this.svc.devices.byKey(device.key) !== device) continue;
          this.publisher.publish({ topic: this.topics.device(device.key), payload: () => JSON.stringify(serveDevice(device, this.settings.deviceFields, Date.now() / 1000)), retain: true });
        }
        await new Promise((resolve) => setImmediate(resolve));
      }
    } finally {
      this.#flushingDevices = false;
    }
  }

  /** Publishes the sensor reports heard since the last turn: events, readings, discovery. */
  #flushSensors(): void {
    this.#sensorFlushQueued = false;
    const sensors = this.#sensors;
    this.#sensors = [];
    for (const { device, message, sourceUuid, format, model, make, id, readings } of sensors) {
      const key = device.key;
      this.publisher.publish({ topic: this.topics.sensorEvent, payload: () => JSON.stringify({ 'svc.device.base.key': key, 'svc.datasource.uuid': sourceUuid, [format]: message }), retain: false });
      for (const reading of READING_CLASSES) {
        const read = readings.find((candidate) => candidate.kind === reading.id);
        if (read === undefined) continue;
        const { value, unit } = read;
        const stateTopic = this.topics.sensorReading(key, reading.id);
        if (this.#discovery) {
          const entity: SensorEntity = { key, model, make, id, reading, unit, stateTopic };
          const topic = discoveryTopic(this.#discovery, entity);
          if (!this.#entities.has(topic)) {
            this.#entities.set(topic, entity);
            this.publisher.publish({ topic, payload: () => JSON.stringify(discoveryConfig(this.#discovery!, entity)), retain: true });
          }
        }
        this.publisher.publish({ topic: stateTopic, payload: String(value), retain: true });
      }
    }
  }
}
