/**
 * The run hooks: what carries packets, device changes, alerts and events while the server runs,
 * and its lifecycle. They are the half of the hook table (hooks.ts) that the trackers and buses
 * call, kept apart from the contribute hooks so that calling them needs none of the registries'
 * types. The packet chain is synchronous so tapable compiles it to straight code.
 */
import { AsyncSeriesBailHook, AsyncSeriesHook, HookMap, SyncHook } from 'tapable';
import type { AlertRecord } from './alerts/alert-tracker.js';
import type { Login } from './auth/login.js';
import type { Packet } from './packets/packet.js';
import type { Device } from './tracker/device.js';
import type { SensorReport } from './tracker/sensor-report.js';

/** A datasource command for a source this server does not have (`remoteDatasourceCommand`). */
export interface RemoteDatasourceCommand {
  readonly uuid: string;
  /** The route's command: `pause_source`, `resume_source`, `set_channel`, `set_hop`, ... */
  readonly command: string;
  /** The command dictionary the client sent. */
  readonly input: Readonly<Record<string, unknown>>;
  /** Who asked (the route already required the admin role). */
  readonly login: Login | undefined;
}

/** The hooks that run after boot. */
export interface RunHooks {
  /**
   * Run (sync, hot path): the packet chain, keyed by stage (`decode`, `classify`, `track`).
   * Within a stage, taps run by their `stage` option (lower first). Return values are ignored.
   */
  readonly packet: HookMap<SyncHook<[Packet]>>;
  /** Run (sync): a device was created by the tracker. */
  readonly deviceCreated: SyncHook<[Device]>;
  /** Run (sync): a known device changed. */
  readonly deviceUpdated: SyncHook<[Device]>;
  /**
   * Run (sync): an alert was raised and passed its throttle, with its record; counting it on its
   * device, posting it and publishing `ALERT` are taps of the alerts feature.
   */
  readonly alertRaised: SyncHook<[AlertRecord]>;
  /**
   * Run (sync): a sensor PHY's plugin tracked a sensor's message; the report carries its
   * readings in standard units (`SensorReport`), for plugins that pass readings on. Fired only
   * while the hook has taps. Return values are ignored.
   */
  readonly sensorReported: SyncHook<[SensorReport]>;
  /**
   * Run (async, bail): a datasource command route (`/datasource/by-uuid/<uuid>/<command>.cmd`)
   * names a UUID no local source has; the first tap that knows the source (plugin-fleet's view:
   * a source of a remote sensor) carries the command out and returns the source's record. With
   * no answer the route answers 404 as before.
   */
  readonly remoteDatasourceCommand: AsyncSeriesBailHook<[RemoteDatasourceCommand], Record<string, unknown> | undefined>;
  /** Run (sync): an event was published on the bus; `payload` is the topic's record. */
  readonly event: SyncHook<[topic: string, payload: unknown]>;
  /** Lifecycle (async, series): the server is listening; start timers and sources here. */
  readonly ready: AsyncSeriesHook<[]>;
  /** Lifecycle (async, series): the server is stopping; close what you opened. */
  readonly shutdown: AsyncSeriesHook<[]>;
}

/** Creates the run hooks of one service (createHooks adds the contribute hooks). */
export function createRunHooks(): RunHooks {
  return {
    packet: new HookMap(() => new SyncHook<[Packet]>(['packet'])),
    deviceCreated: new SyncHook<[Device]>(['device'], 'deviceCreated'),
    deviceUpdated: new SyncHook<[Device]>(['device'], 'deviceUpdated'),
    alertRaised: new SyncHook<[AlertRecord]>(['alert'], 'alertRaised'),
    sensorReported: new SyncHook<[SensorReport]>(['report'], 'sensorReported'),
    remoteDatasourceCommand: new AsyncSeriesBailHook<[RemoteDatasourceCommand], Record<string, unknown> | undefined>(['command'], 'remoteDatasourceCommand'),
    event: new SyncHook<[string, unknown]>(['topic', 'payload'], 'event'),
    ready: new AsyncSeriesHook<[]>([], 'ready'),
    shutdown: new AsyncSeriesHook<[]>([], 'shutdown'),
  };
}
