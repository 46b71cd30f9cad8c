/**
 * The datasource tracker: every source the server knows, from `source=` lines, `svc start -c`,
 * `add_source.cmd` and remote capture tools. It picks a source's type (named, or probed across
 * every probe-capable type), opens its capture, feeds its packets into the packet chain, and
 * runs its states (spec section 3): open, paused (packets discarded), closed (listed, costing
 * nothing) and error (re-opened after a back-off when `retry` is on). Channel control goes
 * through the hopping engine. Each change is published as an event and a message.
 */
import { describeError, SvcError } from '../errors.js';
import type { EventBus } from '../events/event-bus.js';
import type { Hooks } from '../hooks.js';
import type { Logger } from '../logger.js';
import { MessageFlags, type MessageBus } from '../messages/message-bus.js';
import { runPacketChain } from '../packets/chain.js';
import { FrameDedup } from '../packets/frame-dedup.js';
import { packetHash } from '../packets/packet-hash.js';
import type { Packet, PacketGps } from '../packets/packet.js';
import { PacketStats } from '../packets/packet-stats.js';
import type { Registry } from '../registry.js';
import { nowSeconds } from '../time/timestamp.js';
import { ChannelHopper } from './channel-hopper.js';
import { Datasource, type RemoteOpener } from './datasource.js';
import { datasourceRecord, probedInterfaceRecord } from './datasource-fields.js';
import type { Capture, DatasourceTypeDefinition } from './datasource-type.js';
import { parseDefinition, type SourceDefinition } from './definition.js';
import { checkDefinition, isPermanentFailure } from './definition-check.js';
import { readSourceOptions } from './source-options.js';
import { namedType, resolveSourceType, sourceUuid, withProbeTimeout } from './type-resolution.js';

/** Server-wide datasource settings (`svc.conf`). */
export interface DatasourceDefaults {
  /** `channel_hop`: hop when a source can and has more than one channel. */
  readonly hop: boolean;
  /** `channel_hop_speed`, hops per second. */
  readonly hopRate: number;
  /** `split_source_hopping`. */
  readonly split: boolean;
  /** `randomized_hopping`. */
  readonly shuffle: boolean;
  /** `retry_on_source_error`. */
  readonly retry: boolean;
  /** `override_remote_timestamp`. */
  readonly overrideTimestamp: boolean;
  /** `source_retry_delay`: seconds before the first re-open of a failed source; doubles per attempt up to 60 s. */
  readonly retryDelay: number;
  readonly remoteCaptureListen: string;
  readonly remoteCapturePort: number;
  /** `remote_capture_max_sources`: remote sources (capture tools, scan reporters) the server keeps at most. */
  readonly maxRemoteSources: number;
  /** `remote_capture_forget_after`: seconds after which a remote source whose tool has gone is removed. */
  readonly forgetRemoteAfter: number;
}

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

/** What `setChannel` asks for (set_channel.cmd). */
export interface ChannelRequest {
  readonly channel?: string;
  readonly channels?: readonly string[];
  readonly rate?: number;
  readonly shuffle?: boolean;
}

interface Dependencies {
  readonly types: Registry<DatasourceTypeDefinition>;
  readonly hooks: Hooks;
  readonly events: EventBus;
  readonly messages: MessageBus;
  readonly log: Logger;
  readonly defaults: DatasourceDefaults;
  /** The current GPS position, stamped onto packets that arrive without one. */
  readonly gps?: { readonly packetGps: PacketGps | undefined };
  /** Recent frames the duplicate filter compares (`packet_dedup_size`); 0 or absent turns it off. */
  readonly dedupSize?: number;
  /** Runs the packet chain for one packet (the metrics' sampled timing); `runPacketChain` by default. */
  readonly runChain?: (packet: Packet) => void;
}

/** Every datasource of the server. */
export class DatasourceTracker {
  readonly #sources = new Map<string, Datasource>();
  readonly #retryTimers = new Map<Datasource, NodeJS.Timeout>();
  readonly #hopper: ChannelHopper;
  #nextNumber = 1;
  #listCache: { at: number; result: Promise<Record<string, unknown>[]> } | undefined;
  #stopped = false;
  readonly #pacers: (() => Promise<void> | undefined)[] = [];
  #forgetTimer: NodeJS.Timeout | undefined;
  /** The packet chain's counters and histories (`/packetchain`, `/metrics`). */
  readonly packetStats = new PacketStats();
  /** The duplicate filter (frame-dedup.ts), unless `packet_dedup_size=0`. */
  readonly #dedup: FrameDedup<Datasource> | undefined;

  constructor(private readonly deps: Dependencies) {
    this.#dedup = deps.dedupSize ? new FrameDedup(deps.dedupSize) : undefined;
    this.#hopper = new ChannelHopper((source, channel, error) =>
      deps.log.debug(`datasource ${source.name}: could not tune to channel ${channel}: ${describeError(error)}`),
    );
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
    this.#pacers.push(pacer);
  }

  /** Removes a source from the server altogether: closed, unlisted, its UUID free for a new definition. */
  async remove(source: Datasource): Promise<void> {
    source.remoteOpener = undefined;
    await this.#shut(source, 'closed', 'removed by request');
    this.#sources.delete(source.uuid);
    this.#hopper.resplit(this.#group(source));
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
  async setChannel(source: Datasource, request: ChannelRequest): Promise<void> {
    const capture = this.#tunable(source);
    if (request.channel !== undefined) {
      const channel = request.channel.trim();
      if (channel === '') throw new SvcError('SVC_ERR_BAD_CHANNEL', "'channel' must not be empty");
      if (source.channels.length && !source.channels.includes(channel)) {
        throw new SvcError('SVC_ERR_BAD_CHANNEL', `datasource ${source.name} does not support channel '${channel}'; it supports ${source.channels.join(', ')}`);
      }
      this.#hopper.stop(source, this.#group(source));
      try {
        await capture.setChannel(channel);
      } catch (error) {
        throw new SvcError('SVC_ERR_DATASOURCE_OPEN', `datasource ${source.name} could not tune to channel '${channel}': ${describeError(error)}`, { cause: error });
      }
      source.channel = channel;
      return;
    }
    if (request.channels === undefined) throw new SvcError('SVC_ERR_MISSING_KEY', "set_channel needs 'channel' (lock) or 'channels' (hop list)");
    if (!source.type.capabilities.hop) throw new SvcError('SVC_ERR_DATASOURCE_UNSUPPORTED', `datasource type '${source.type.name}' cannot hop channels`);
    const channels = request.channels.map((channel) => channel.trim());
    if (channels.length === 0 || channels.some((channel) => channel === '')) {
      throw new SvcError('SVC_ERR_BAD_CHANNEL', "'channels' must be a non-empty list of channel names");
    }
    if (request.rate !== undefined) {
      if (!(request.rate > 0) || !Number.isFinite(request.rate)) throw new SvcError('SVC_ERR_BAD_RATE', `the hop rate must be a number of hops per second > 0, got ${request.rate}`);
      source.hopRate = request.rate;
    }
    if (request.shuffle !== undefined) source.hopShuffle = request.shuffle;
    source.hopChannels = channels;
    this.#hopper.start(source, this.#group(source));
  }

  /** Turns hopping back on over the source's hop list. */
  setHop(source: Datasource): void {
    this.#tunable(source);
    if (!source.type.capabilities.hop) throw new SvcError('SVC_ERR_DATASOURCE_UNSUPPORTED', `datasource type '${source.type.name}' cannot hop channels`);
    if (source.hopChannels.length < 2) throw new SvcError('SVC_ERR_BAD_CHANNEL', `datasource ${source.name} has no hop list; set one with set_channel.cmd {channels: [...]}`);
    this.#hopper.start(source, this.#group(source));
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
   * Binds a connected remote capture tool to its source (found by UUID, or created), and opens
   * it over the connection. The source must be of a remote-capable type.
   */
  async bindRemote(request: { uuid: string; type: string; definition: string; remoteIp: string; opener: RemoteOpener }): Promise<Datasource> {
    const type = namedType(this.deps.types, request.type);
    if (!type.capabilities.remote) throw new SvcError('SVC_ERR_DATASOURCE_UNSUPPORTED', `datasource type '${type.name}' does not accept remote capture`);
    const uuid = request.uuid.toUpperCase();
    let source = this.#sources.get(uuid);
    const definition = parseDefinition(request.definition);
    if (source) {
      if (!source.remote) {
        throw new SvcError('SVC_ERR_CONFLICT', `UUID ${uuid} belongs to the local datasource ${source.name}; a remote capture tool may only use a free UUID or one of a remote source`);
      }
      if (source.type !== type) throw new SvcError('SVC_ERR_CONFLICT', `datasource ${uuid} is of type ${source.type.name}, not ${type.name}`);
      if (source.running || source.state === 'opening') await this.#shut(source, 'closed', 'replaced by a new remote connection');
      this.#cancelRetry(source);
      source.definition = definition;
      source.options = readSourceOptions(definition);
    } else {
      const remotes = this.list().filter((other) => other.remote).length;
      if (remotes >= this.deps.defaults.maxRemoteSources) {
        throw new SvcError('SVC_ERR_TOO_MANY_SOURCES', `the server holds ${remotes} remote sources, its limit (remote_capture_max_sources); sources whose tool has gone are forgotten after remote_capture_forget_after`);
      }
      source = this.#create(uuid, definition, type);
      this.#forgetTimer ??= setInterval(() => void this.#forgetGoneRemotes(), Math.min(60_000, (this.deps.defaults.forgetRemoteAfter * 1000) / 2)).unref();
    }
    source.remote = true;
    source.remoteLeftAt = 0;
    source.remoteIp = request.remoteIp;
    source.remoteOpener = request.opener;
    await this.#open(source);
    return source;
  }

  /** A remote capture tool went away: its source goes into error until the tool reconnects. */
  remoteLost(source: Datasource, opener: RemoteOpener, reason: string): void {
    if (source.remoteOpener !== opener) return;
    source.remoteOpener = undefined;
    source.remoteLeftAt = Date.now();
    if (source.state === 'closed') return;
    void this.#fail(source, source.generation, new Error(reason));
  }

  /** A remote capture tool shut down cleanly (SHUTDOWN): its source is closed, not failed, until the tool connects again. */
  async remoteEnded(source: Datasource, opener: RemoteOpener, reason: string): Promise<void> {
    if (source.remoteOpener !== opener) return;
    source.remoteOpener = undefined;
    source.remoteLeftAt = Date.now();
    if (source.state === 'closed') return;
    await this.#shut(source, 'closed', reason);
    this.#publish('DATASOURCE_CLOSED', source, `datasource ${source.name} closed: ${reason}`);
  }

  /** Removes remote sources whose tool left longer ago than `remote_capture_forget_after`. */
  async #forgetGoneRemotes(): Promise<void> {
    const cutoff = Date.now() - this.deps.defaults.forgetRemoteAfter * 1000;
    for (const source of this.list()) {
      if (source.remote && !source.remoteOpener && source.remoteLeftAt > 0 && source.remoteLeftAt < cutoff) {
        await this.remove(source);
        this.#message(`datasource ${source.name} forgotten: its remote tool left more than ${this.deps.defaults.forgetRemoteAfter} s ago`, MessageFlags.INFO);
      }
    }
  }

  /**
   * Reads every open capture's backlog and drop counter into its source and the packet chain's
   * records; the datasource plugin calls it once a second.
   */
  sampleCaptures(now = Date.now() / 1000): void {
    let queued = 0;
    let newlyDropped = 0;
    for (const source of this.#sources.values()) {
      const capture = source.capture;
      source.backlog = capture?.backlog?.() ?? 0;
      queued += source.backlog;
      const dropped = capture?.dropped?.() ?? 0;
      if (dropped > source.captureDropped) {
        newlyDropped += dropped - source.captureDropped;
        source.numDroppedPackets += dropped - source.captureDropped;
        source.captureDropped = dropped;
      }
    }
    this.packetStats.sample(Math.floor(now), queued, newlyDropped);
  }

  /** Closes every source (shutdown). */
  async stop(): Promise<void> {
    this.#stopped = true;
    clearInterval(this.#forgetTimer);
    this.#hopper.stopAll();
    for (const source of this.#sources.values()) {
      this.#cancelRetry(source);
      if (source.running || source.state === 'opening') await this.#shut(source, 'closed', 'server stopping');
    }
  }

  #create(uuid: string, definition: SourceDefinition, type: DatasourceTypeDefinition): Datasource {
    const source = new Datasource(uuid, this.#nextNumber++, definition, readSourceOptions(definition), type, this.deps.defaults);
    this.#sources.set(uuid, source);
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
      if (source.remoteOpener) capture = await source.remoteOpener();
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
    this.#setUpChannels(source);
    this.#publish('DATASOURCE_OPENED', source, `datasource ${source.name} opened (${source.type.name} on ${source.info.captureInterface ?? source.definition.interface})`);
    void this.#consume(source, capture, generation);
  }

  /** Locks `channel=`, or starts hopping over the hop list when the source and config allow. */
  #setUpChannels(source: Datasource): void {
    const { options } = source;
    const base = options.channels ?? [...source.channels, ...options.addChannels.filter((channel) => !source.channels.includes(channel))];
    source.hopChannels = base.filter((channel) => !options.blockChannels.includes(channel));
    const tunable = source.type.capabilities.tune && source.capture?.setChannel;
    if (options.channel !== undefined && tunable) {
      source.capture!.setChannel!(options.channel).then(
        () => (source.channel = options.channel!),
        (error: unknown) => this.#message(`datasource ${source.name} could not lock channel ${options.channel}: ${describeError(error)}`, MessageFlags.ERROR),
      );
      return;
    }
    const hop = options.channelHop ?? this.deps.defaults.hop;
    if (hop && tunable && source.type.capabilities.hop && source.hopChannels.length > 1) this.#hopper.start(source, this.#group(source));
  }

  async #consume(source: Datasource, capture: Capture, generation: number): Promise<void> {
    const { hooks } = this.deps;
    try {
      await this.#deliver(source, capture, generation, hooks);
    } finally {
      if (generation === source.generation) source.capturingUntil = Date.now();
    }
  }

  async #deliver(source: Datasource, capture: Capture, generation: number, hooks: Hooks): Promise<void> {
    try {
      for await (const batch of capture.packets) {
        if (generation !== source.generation) return;
        if (source.state === 'paused') continue;
        const errorsBefore = source.numErrorPackets;
        // Frames are compared only while there is another source: one radio has no duplicates.
        const dedup = this.#sources.size > 1 ? this.#dedup : undefined;
        let duplicates = 0;
        for (const packet of batch) {
          if (dedup !== undefined && packet.data !== undefined) {
            packet.hash = packetHash(packet.data, packet.dlt);
            if (dedup.isDuplicate(packet.hash, source)) {
              packet.duplicate = true;
              duplicates++;
            }
          }
          this.#process(source, packet, hooks);
        }
        this.packetStats.addBatch(Math.floor(Date.now() / 1000), batch.length, source.numErrorPackets - errorsBefore, duplicates);
        for (const pacer of this.#pacers) {
          const wait = pacer();
          if (wait) await wait;
        }
      }
      if (generation === source.generation && source.running) this.#publish('DATASOURCE_ENDED', source, `datasource ${source.name} has no more data; it stays open`);
    } catch (error) {
      if (generation === source.generation) await this.#fail(source, generation, error);
    }
  }

  #process(source: Datasource, packet: Packet, hooks: Hooks): void {
    if (source.overrideTimestamp && source.remote) {
      const now = Date.now();
      packet.tsSec = Math.floor(now / 1000);
      packet.tsUsec = (now % 1000) * 1000;
    }
    if (packet.gps === undefined && this.deps.gps) {
      const gps = this.deps.gps.packetGps;
      if (gps) packet.gps = gps;
    }
    source.numPackets++;
    source.packetsRrd.add(packet.tsSec, 1);
    if (packet.data) source.datasizeRrd.add(packet.tsSec, packet.data.length);
    if (this.deps.runChain) this.deps.runChain(packet);
    else runPacketChain(hooks, packet);
    if (packet.error) source.numErrorPackets++;
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
    this.#hopper.stop(source, this.#group(source));
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

  #tunable(source: Datasource): Required<Pick<Capture, 'setChannel'>> {
    if (!source.type.capabilities.tune) throw new SvcError('SVC_ERR_DATASOURCE_UNSUPPORTED', `datasource type '${source.type.name}' cannot change channels`);
    if (!source.running || !source.capture?.setChannel) throw new SvcError('SVC_ERR_CONFLICT', `datasource ${source.name} is not running (${source.state}); open it first`);
    return source.capture as Required<Pick<Capture, 'setChannel'>>;
  }

  #group(source: Datasource): Datasource[] {
    return this.list().filter((other) => other.type === source.type);
  }

  #inUse(type: DatasourceTypeDefinition, iface: string): string | undefined {
    return this.list().find((source) => source.type === type && source.definition.interface === iface && source.state !== 'closed')?.uuid;
  }

  #context(source: Datasource) {
    return {
      uuid: source.uuid,
      log: this.deps.log,
      message: (text: string, level: 'info' | 'error' = 'info') =>
        this.#message(`datasource ${source.name}: ${text}`, level === 'error' ? MessageFlags.ERROR : MessageFlags.INFO),
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
