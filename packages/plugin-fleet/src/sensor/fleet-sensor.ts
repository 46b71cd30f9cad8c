/**
 * The sensor side of the fleet (`fleet_publish`): what this svc sends to JetStream. Nothing here
 * runs per packet beyond noting what changed: a changed device goes into a set, and four times a
 * second the devices in it are published with their record as this sensor has it, each at most
 * once a second whatever its packet rate (a new device goes out within a quarter second, a busy
 * one when its second is up). While NATS is away the changed
 * devices wait in their set, each sent once with its latest record when the link is back; alerts,
 * datasource states and statuses, which cannot be merged, wait in the bounded backlog. Only
 * what the readonly role may read goes out: device records and alerts as the readonly routes
 * serve them, and datasource states without their definitions (`source-state.ts`).
 */
import { randomUUID } from 'node:crypto';
import type { Device, Service, TrackedDevice } from '@svc/core';
import type { FleetLink } from '../link/fleet-link.js';
import type { FleetMessage } from '../link/backlog.js';
import type { SensorSettings } from '../fleet-settings.js';
import { FleetSubjects } from '../fleet-subjects.js';
import { sensorStatus } from './sensor-status.js';
import { sourceState } from './source-state.js';

/** Datasource topics whose records are published as the source's state. */
const DATASOURCE_TOPICS = ['NEW_DATASOURCE', 'DATASOURCE_OPENED', 'DATASOURCE_CLOSED', 'DATASOURCE_ERROR', 'DATASOURCE_PAUSED', 'DATASOURCE_RESUMED', 'DATASOURCE_ENDED', 'DATASOURCE_REMOVED'];

/** Milliseconds between two publications of one device. */
const DEVICE_INTERVAL_MS = 1000;

/** How often changed devices are looked at: a new device goes out within this, a changed one when its second is up. */
const DEVICE_TICK_MS = 250;

/** Who a message comes from, in every payload: the fleet view's seen-by entries name sensors by it. */
export interface SensorIdentity {
  readonly site: string;
  readonly node: string;
  /** The sensor's server UUID. */
  readonly uuid: string;
}

/** Feeds the link from the tracker's hooks and the event bus. */
export class FleetSensor {
  readonly subjects: FleetSubjects;
  readonly identity: SensorIdentity;
  /** Device records published. */
  devicesSent = 0;
  readonly #dirty = new Set<TrackedDevice>();
  /** When each device was last published (ms), so none goes out more than once a second. */
  readonly #lastSent = new WeakMap<TrackedDevice, number>();
  /** Makes each message's de-duplication id unique across this sensor's restarts. */
  readonly #boot = randomUUID();
  #sequence = 0;
  #timers: NodeJS.Timeout[] = [];
  #unsubscribe: (() => void)[] = [];

  constructor(
    private readonly svc: Service,
    readonly link: FleetLink,
    readonly settings: SensorSettings,
  ) {
    this.subjects = new FleetSubjects(settings.site, settings.node);
    this.identity = { site: settings.site, node: settings.node, uuid: svc.serverUuid };
  }

  /** Changed devices waiting to be published. */
  get devicesPending(): number {
    return this.#dirty.size;
  }

  /** Taps the device hooks; done once at boot. */
  tap(name: string): void {
    const changed = (device: Device) => void this.#dirty.add(device as TrackedDevice);
    this.svc.hooks.deviceCreated.tap(name, changed);
    this.svc.hooks.deviceUpdated.tap(name, changed);
  }

  /** Subscribes to alerts and datasource events and starts the timers. */
  begin(): void {
    const subscribe = (topic: string, listener: (record: Record<string, unknown>) => void) => {
      if (this.svc.events.hasTopic(topic)) this.#unsubscribe.push(this.svc.events.subscribe(topic, (_topic, record) => listener(record as Record<string, unknown>)));
    };
    subscribe('ALERT', (record) => this.#send(this.subjects.alert, { alert: record }));
    for (const topic of DATASOURCE_TOPICS) subscribe(topic, (record) => this.#sendSource(topic, record));
    const every = (ms: number, run: () => void) => {
      const timer = setInterval(run, ms);
      timer.unref();
      this.#timers.push(timer);
    };
    every(DEVICE_TICK_MS, () => this.#flushDevices());
    every(this.settings.statusInterval * 1000, () => this.sendStatus());
  }

  /** Publishes this sensor's status and every source's state (on each connection, so a fresh server has them). */
  announce(): void {
    for (const source of this.svc.datasources.list()) this.#sendSource('DATASOURCE_STATE', this.svc.datasources.record(source));
    this.sendStatus();
  }

  /** Publishes the status record. */
  sendStatus(): void {
    this.#send(this.subjects.status, { status: sensorStatus(this) });
  }

  /** Stops the timers and subscriptions, publishing the devices still waiting, their second up or not (the link is stopped by its owner). */
  end(): void {
    for (const timer of this.#timers) clearInterval(timer);
    for (const unsubscribe of this.#unsubscribe) unsubscribe();
    this.#flushDevices(true);
  }

  /** The tracker's device count, for the status. */
  get devicesTracked(): number {
    return this.svc.devices.size;
  }

  /** The sources, for the status. */
  get sources(): number {
    return this.svc.datasources.list().length;
  }

  #sendSource(topic: string, record: Record<string, unknown>): void {
    const state = sourceState(record);
    this.#send(this.subjects.source(String(state['svc.datasource.uuid'])), { event: topic, source: state });
  }

  #send(subject: string, body: Record<string, unknown>): void {
    this.link.publish({ subject, id: this.#nextId(), payload: () => JSON.stringify({ sensor: this.identity, time: Date.now() / 1000, ...body }) });
  }

  #nextId(): string {
    return `${this.#boot}.${this.#sequence++}`;
  }

  /**
   * Publishes the changed devices, while connected, with the record each has when it is sent.
   * Devices fill at most half the backlog: the rest is kept for alerts and states, which cannot
   * wait; the devices left stay changed and go out on a later turn.
   */
  #flushDevices(final = false): void {
    if (this.#dirty.size === 0 || !this.link.connected) return;
    let room = Math.floor(this.link.backlogMax / 2) - this.link.queued - this.link.inFlight;
    const now = Date.now();
    for (const device of this.#dirty) {
      if (room <= 0) break;
      const last = this.#lastSent.get(device);
      if (!final && last !== undefined && now - last < DEVICE_INTERVAL_MS) continue;
      room--;
      this.#lastSent.set(device, now);
      this.#dirty.delete(device);
      // A device the tracker has forgotten since it changed is not published.
      if (this.svc.devices.byKey(device.key) !== device) continue;
      this.devicesSent++;
      // Built when sent, with the record the device has then; given back to the changed set if the link fails under it.
      const message: FleetMessage = {
        subject: this.subjects.device(device.phyname, device.key),
        id: this.#nextId(),
        payload: () => JSON.stringify({ sensor: this.identity, time: Date.now() / 1000, device: this.svc.devices.record(device) }),
        giveBack: () => void this.#dirty.add(device),
      };
      this.link.publish(message);
    }
  }
}
