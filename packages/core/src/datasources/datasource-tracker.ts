/**
 * The datasource tracker: every source the server knows, from `source=` lines, `svc start -c`,
 * `add_source.cmd` and remote capture tools. It picks a source's type (named, or probed across
 * every probe-capable type), opens its capture, feeds its packets into the packet chain, and
 * runs its states (spec section 3): open, paused (packets discarded), closed (listed, costing
 * nothing) and error (re-opened after a back-off when `retry` is on). Each change is published
 * as an event and a message. Its parts live beside it: the packet pump (packet-pump.ts), channel
 * control (source-channels.ts) and remote capture binding (remote/remote-binding.ts).
 */
import { describeError, SvcError } from '../errors.js';
import type { EventBus } from '../events/event-bus.js';
import type { Logger } from '../logger.js';
import { MessageFlags, type MessageBus } from '../messages/message-bus.js';
import type { PacketStats } from '../packets/packet-stats.js';
import type { Registry } from '../registry.js';
import { nowSeconds } from '../time/timestamp.js';
import { Datasource } from './datasource.js';
import { datasourceRecord, mergeSourceDetails, probedInterfaceRecord } from './datasource-fields.js';
import type { Capture, DatasourceTypeDefinition, OpenContext } from './datasource-type.js';
import { parseDefinition, type SourceDefinition } from './definition.js';
import { checkDefinition, isPermanentFailure } from './definition-check.js';
import type { DatasourceDefaults } from './datasource-settings.js';
import { PacketPump, type PacketPumpDependencies } from './packet-pump.js';
import { SourceChannels, type ChannelRequest } from './source-channels.js';
import { RemoteBinding } from './remote/remote-binding.js';
import { readSourceOptions } from './source-options.js';
import { resolveSourceType, sourceUuid, withProbeTimeout } from './type-resolution.js';

/** Seconds a list_interfaces answer is reused: listing is costly. */
const LIST_CACHE_MS = 15_000;
/** Longest delay between re-open attempts. */
const RETRY_MAX_MS = 60_000;

/** A definition checked and ready to add: its type found, its options valid, its UUID free. */
export interface PreparedSource {
  readonly definition: SourceDefinition;
  readonly type: DatasourceTypeDefinition;
  readonly uuid: string;
}

interface Dependencies extends PacketPumpDependencies {
  /** The GPSes: a source's `metagps=` makes a `meta` GPS of that name unless one exists. */
  readonly gps?: PacketPumpDependencies['gps'] & { ensureMeta(name: string): void };
  readonly types: Registry<DatasourceTypeDefinition>;
  readonly events: EventBus;
  readonly messages: MessageBus;
  readonly log: Logger;
  readonly defaults: DatasourceDefaults;
}

/** Every datasource of the server. */
export class DatasourceTracker {
  readonly #sources = new Map<string, Datasource>();
  readonly #retryTimers = new Map<Datasource, NodeJS.Timeout>();
  readonly #channels: SourceChannels;
  #nextNumber = 1;
  #listCache: { at: number; result: Promise<Record<string, unknown>[]> } | undefined;
  #stopped = false;
  readonly #pump: PacketPump;
  /** Remote capture tools bound to their sources (remote/remote-binding.ts). */
  readonly remote: RemoteBinding;

  constructor(private readonly deps: Dependencies) {
    this.#pump = new PacketPump({ ...deps, report: (text) => this.#message(text, MessageFlags.ERROR) });
    this.remote = new RemoteBinding({
      types: deps.types,
      defaults: deps.defaults,
      get: (uuid) => this.#sources.get(uuid),
      list: () => this.list(),
      create: (uuid, definition, type) => this.#create(uuid, definition, type),
      open: (source) => this.#open(source),
      shut: (source, state, reason) => this.#shut(source, state, reason),
      cancelRetry: (source) => this.#cancelRetry(source),
      fail: (source, generation, error) => this.#fail(source, generation, error),
      remove: (source) => this.remove(source),
      publish: (topic, source, text) => this.#publish(topic, source, text),
      message: (text, flags) => this.#message(text, flags),
    });
    this.#channels = new SourceChannels(() => this.list(), deps.defaults.hop, deps.log, (text) => this.#message(text, MessageFlags.ERROR));
  }

  /** The packet chain's counters and histories (`/packetchain`, `/metrics`). */
  get packetStats(): PacketStats {
    return this.#pump.stats;
  }

  /** The settings sources start from. */
  get defaults(): DatasourceDefaults {
    return this.deps.defaults;
  }

  /** Every source, in the order added. */
  list(): Datasource[] {
    return [...this.#sources.values()];
  }

  /** A source by UUID (any case); undefined when unknown. */
  get(uuid: string): Datasource | undefined {
    return this.#sources.get(uuid.toUpperCase());
  }

  /** A source by UUID, or a 404 naming it. */
  require(uuid: string): Datasource {
    const source = this.get(uuid);
    if (!source) throw new SvcError('SVC_ERR_NOT_FOUND', `no datasource with UUID '${uuid}'; /datasource/all_sources.json lists them`);
    return source;
  }

  /** The record of a source as served. */
  record(source: Datasource): Record<string, unknown> {
    return datasourceRecord(source, nowSeconds());
  }

  /**
   * Adds a source from a definition line and tries to open it. Resolves once it is added: an
   * open failure leaves it in error (and retrying unless the failure is permanent), not a
   * rejection. Rejects for a bad definition (syntax, options the type does not take or values it
   * refuses, a file that is missing or not a regular file), an unknown or unrecognised type, or
   * a UUID already in use by a source that is not disabled.
   */
  async add(line: string): Promise<Datasource> {
    return this.addPrepared(await this.prepare(line));
  }

  /**
   * Everything `add` checks before it creates a source: the definition parsed, its type found
   * and its options checked, its UUID free. `svc start` prepares its `source=` lines before it
   * listens, so a bad one stops it with the reason instead of running without the source.
   */
  async prepare(line: string): Promise<PreparedSource> {
    const definition = parseDefinition(line);
    const type = await resolveSourceType(this.deps.types, definition);
    if (!type.open) {
      throw new SvcError('SVC_ERR_DATASOURCE_UNSUPPORTED', `datasource type '${type.name}' cannot capture on this server; it takes remote capture tools only`);
    }
    await checkDefinition(type, definition);
    const uuid = sourceUuid(type, definition);
    this.#checkUuidFree(uuid);
    return { definition, type, uuid };
  }

  /** Adds a prepared source and tries to open it (see `add`); a disabled source of the same UUID is replaced. */
  async addPrepared(prepared: PreparedSource): Promise<Datasource> {
    this.#checkUuidFree(prepared.uuid);
    const replaced = this.#sources.get(prepared.uuid);
    if (replaced) await this.remove(replaced);
    const source = this.#create(prepared.uuid, prepared.definition, prepared.type);
    await this.#open(source);
    return source;
  }

  /**
   * Disables a source (Kismet's disable_source): closed, in error "disabled", never retried; a
   * corrected definition can then be added under the same UUID, or the source opened again.
   */
  async disable(source: Datasource): Promise<void> {
    if (source.disabled) throw new SvcError('SVC_ERR_CONFLICT', `datasource ${source.name} is already disabled`);
    source.remoteOpener = undefined;
    await this.#shut(source, 'error', 'disabled by request');
    source.errorKind = 'permanent';
    source.disabled = true;
    this.#publish('DATASOURCE_CLOSED', source, `datasource ${source.name} disabled`);
  }

  /**
   * Adds a consumer downstream of the packet chain that may ask sources to wait (a log writing
   * to disk): between batches every source awaits what `pacer` returns. A file source then reads
   * no faster than the slowest log; a live source's queue fills and drops, bounded.
   */
  addPacer(pacer: () => Promise<void> | undefined): void {
    this.#pump.addPacer(pacer);
  }

  /** Removes a source from the server altogether: closed, unlisted, its UUID free for a new definition. */
  async remove(source: Datasource): Promise<void> {
    source.remoteOpener = undefined;
    await this.#shut(source, 'closed', 'removed by request');
    this.#sources.delete(source.uuid);
    this.#channels.resplit(source);
    this.#publish('DATASOURCE_REMOVED', source, `datasource ${source.name} removed`);
  }

  /** Re-opens a closed, failed or disabled source from its definition. */
  async open(source: Datasource): Promise<void> {
    if (source.running || source.state === 'opening') throw new SvcError('SVC_ERR_CONFLICT', `datasource ${source.name} is already open`);
    if (source.remote && !source.remoteOpener) {
      throw new SvcError('SVC_ERR_CONFLICT', `datasource ${source.name} is a remote capture; it opens when its capture tool connects`);
    }
    this.#cancelRetry(source);
    source.disabled = false;
    await this.#open(source);
  }

  /** Closes a source: it stays listed, captures nothing and costs nothing until opened again. */
  async close(source: Datasource, reason = 'closed by request'): Promise<void> {
    if (source.state === 'closed') throw new SvcError('SVC_ERR_CONFLICT', `datasource ${source.name} is already closed`);
    await this.#shut(source, 'closed', reason);
    this.#publish('DATASOURCE_CLOSED', source, `datasource ${source.name} closed: ${reason}`);
  }

  /** Pauses a running source: its packets are discarded until resumed. */
  pause(source: Datasource): void {
    if (source.state === 'paused') throw new SvcError('SVC_ERR_CONFLICT', `datasource ${source.name} is already paused`);
    if (source.state !== 'running') throw new SvcError('SVC_ERR_CONFLICT', `datasource ${source.name} is not running (${source.state})`);
    source.state = 'paused';
    this.#publish('DATASOURCE_PAUSED', source, `datasource ${source.name} paused; its packets are discarded`);
  }

  /** Resumes a paused source. */
  resume(source: Datasource): void {
    if (source.state !== 'paused') throw new SvcError('SVC_ERR_CONFLICT', `datasource ${source.name} is not paused (${source.state})`);
    source.state = 'running';
    this.#publish('DATASOURCE_RESUMED', source, `datasource ${source.name} resumed`);
  }

  /** Locks a channel, or sets the hop list (keeping the rate unless one is given). */
  setChannel(source: Datasource, request: ChannelRequest): Promise<void> {
    return this.#channels.set(source, request);
  }

  /** Turns hopping back on over the source's hop list. */
  setHop(source: Datasource): void {
    this.#channels.resumeHopping(source);
  }

  /** Every interface the list-capable types can see (cached for 15 s: listing is costly). */
  listInterfaces(): Promise<Record<string, unknown>[]> {
    const now = Date.now();
    if (this.#listCache && now - this.#listCache.at < LIST_CACHE_MS) return this.#listCache.result;
    const types = this.deps.types.list().filter((type) => type.capabilities.list && type.list);
    const result = Promise.all(
      types.map(async (type) => {
        try {
          const found = await withProbeTimeout((signal) => type.list!({ signal }), `listing ${type.name} interfaces`);
          return found.map((item) => probedInterfaceRecord(type, item, this.#inUse(type, item.interface)));
        } catch (error) {
          this.deps.log.warn(`datasource type ${type.name} could not list interfaces: ${describeError(error)}`);
          return [];
        }
      }),
    ).then((lists) => lists.flat());
    this.#listCache = { at: now, result };
    return result;
  }

  /**
   * Reads every open capture's backlog and drop counter into its source and the packet chain's
   * records; the datasource plugin calls it once a second.
   */
  sampleCaptures(now = Date.now() / 1000): void {
    this.#pump.sample(this.#sources.values(), now);
  }

  /** Closes every source (shutdown). */
  async stop(): Promise<void> {
    this.#stopped = true;
    this.remote.stop();
    this.#channels.stopAll();
    for (const source of this.#sources.values()) {
      this.#cancelRetry(source);
      if (source.running || source.state === 'opening') await this.#shut(source, 'closed', 'server stopping');
    }
  }

  #create(uuid: string, definition: SourceDefinition, type: DatasourceTypeDefinition): Datasource {
    const source = new Datasource(uuid, this.#nextNumber++, definition, readSourceOptions(definition), type, this.deps.defaults);
    this.#sources.set(uuid, source);
    if (source.options.metaGps !== undefined) this.deps.gps?.ensureMeta(source.options.metaGps);
    this.#publish('NEW_DATASOURCE', source, `new datasource ${source.name} (${type.name}, ${uuid})`);
    return source;
  }

  async #open(source: Datasource): Promise<void> {
    if (this.#stopped) return;
    const generation = ++source.generation;
    source.state = 'opening';
    source.errorReason = '';
    let capture: Capture;
    try {
      if (source.remoteOpener) capture = await source.remoteOpener(source);
      else if (source.type.open) capture = await source.type.open(source.definition, this.#context(source));
      else throw new Error(`type '${source.type.name}' captures only through remote capture tools`);
    } catch (error) {
      if (generation === source.generation) await this.#fail(source, generation, error);
      return;
    }
    if (generation !== source.generation) {
      await capture.close().catch(() => {});
      return;
    }
    source.capture = capture;
    source.captureDropped = 0;
    source.backlog = 0;
    source.info = capture.info;
    source.channels = capture.info.channels ?? [];
    source.channel = capture.info.channel ?? '';
    source.state = 'running';
    source.capturingSince = Date.now();
    source.capturingUntil = undefined;
    source.retryAttempts = 0;
    this.#channels.setUp(source);
    this.#publish('DATASOURCE_OPENED', source, `datasource ${source.name} opened (${source.type.name} on ${source.info.captureInterface ?? source.definition.interface})`);
    void this.#consume(source, capture, generation);
  }

  /** Pumps the capture's packets into the chain until it ends (published) or fails (retried). */
  async #consume(source: Datasource, capture: Capture, generation: number): Promise<void> {
    const current = () => generation === source.generation;
    try {
      await this.#pump.deliver(source, capture, current, () => this.#sources.size > 1);
      if (current() && source.running) this.#publish('DATASOURCE_ENDED', source, `datasource ${source.name} has no more data; it stays open`);
    } catch (error) {
      if (current()) await this.#fail(source, generation, error);
    } finally {
      if (current()) source.capturingUntil = Date.now();
    }
  }

  async #fail(source: Datasource, generation: number, error: unknown): Promise<void> {
    if (generation !== source.generation) return;
    const reason = describeError(error);
    const permanent = isPermanentFailure(error);
    await this.#shut(source, 'error', reason);
    source.errorKind = permanent ? 'permanent' : 'transient';
    this.#publish('DATASOURCE_ERROR', source, `datasource ${source.name} failed${permanent ? ' (permanently: fix its definition, then open it or add it again)' : ''}: ${reason}`, MessageFlags.ERROR);
    if (source.retry && !source.remote && !this.#stopped && !permanent) {
      const delay = Math.min(RETRY_MAX_MS, this.deps.defaults.retryDelay * 1000 * 2 ** Math.min(source.retryAttempts, 4));
      const timer = setTimeout(() => {
        this.#retryTimers.delete(source);
        source.retryAttempts++;
        source.totalRetryAttempts++;
        void this.#open(source);
      }, delay);
      timer.unref();
      this.#retryTimers.set(source, timer);
    }
  }

  /** Stops the capture and hopping and moves the source to `state` with `reason`. */
  async #shut(source: Datasource, state: 'closed' | 'error', reason: string): Promise<void> {
    source.generation++;
    this.#cancelRetry(source);
    this.#channels.stop(source);
    source.state = state;
    source.errorReason = reason;
    const capture = source.capture;
    source.capture = undefined;
    if (capture) {
      await capture.close().catch((error: unknown) => this.deps.log.warn(`datasource ${source.name}: closing its capture failed: ${describeError(error)}`));
    }
  }

  #checkUuidFree(uuid: string): void {
    const existing = this.#sources.get(uuid);
    if (existing && !existing.disabled) {
      throw new SvcError(
        'SVC_ERR_CONFLICT',
        `a datasource with UUID ${uuid} already exists (${existing.definition.line}); disable_source.cmd or remove_source.cmd takes it out so another definition can use the UUID`,
      );
    }
  }

  #cancelRetry(source: Datasource): void {
    const timer = this.#retryTimers.get(source);
    if (timer) clearTimeout(timer);
    this.#retryTimers.delete(source);
  }

  #inUse(type: DatasourceTypeDefinition, iface: string): string | undefined {
    return this.list().find((source) => source.type === type && source.definition.interface === iface && source.state !== 'closed')?.uuid;
  }

  #context(source: Datasource): OpenContext {
    return {
      uuid: source.uuid,
      log: this.deps.log,
      message: (text, level = 'info') => this.#message(`datasource ${source.name}: ${text}`, level === 'error' ? MessageFlags.ERROR : MessageFlags.INFO),
      details: (update) => mergeSourceDetails(source, update),
    };
  }

  #publish(topic: string, source: Datasource, text: string, flags: number = MessageFlags.INFO): void {
    this.#message(text, flags);
    this.deps.events.publish(topic, this.record(source));
  }

  #message(text: string, flags: number): void {
    this.deps.messages.post(text, flags);
  }
}
