/**
 * Remote capture's side of the datasource tracker: a connected capture tool is bound to its
 * source (found by UUID, or created, up to `remote_capture_max_sources`) and opened over the
 * connection; a tool that drops puts its source in error until it reconnects, one that shuts
 * down cleanly closes it, and sources whose tool has been gone longer than
 * `remote_capture_forget_after` are removed.
 */
import { SvcError } from '../../errors.js';
import { MessageFlags } from '../../messages/message-bus.js';
import type { Registry } from '../../registry.js';
import type { Datasource, RemoteOpener } from '../datasource.js';
import type { DatasourceDefaults } from '../datasource-settings.js';
import type { DatasourceTypeDefinition } from '../datasource-type.js';
import { parseDefinition, type SourceDefinition } from '../definition.js';
import { readSourceOptions } from '../source-options.js';

/** What binding needs of the datasource tracker: its sources and the steps of their lifecycle. */
export interface SourceLifecycle {
  readonly types: Registry<DatasourceTypeDefinition>;
  readonly defaults: DatasourceDefaults;
  /** A source by its upper-case UUID. */
  get(uuid: string): Datasource | undefined;
  list(): Datasource[];
  create(uuid: string, definition: SourceDefinition, type: DatasourceTypeDefinition): Datasource;
  open(source: Datasource): Promise<void>;
  shut(source: Datasource, state: 'closed' | 'error', reason: string): Promise<void>;
  cancelRetry(source: Datasource): void;
  fail(source: Datasource, generation: number, error: unknown): Promise<void>;
  remove(source: Datasource): Promise<void>;
  publish(topic: string, source: Datasource, text: string): void;
  message(text: string, flags: number): void;
}

/** What a connected capture tool asks to be bound to. */
export interface RemoteBindRequest {
  readonly uuid: string;
  readonly type: string;
  readonly definition: string;
  readonly remoteIp: string;
  readonly opener: RemoteOpener;
}

/**
 * The remote-capable type a capture tool names; a name svc has no type for, or a type remote
 * tools cannot feed, is refused naming it and the types that take remote capture tools
 * (Kismet's tools name their own type: `ticc2531`, `linuxbluetooth`...).
 */
export function remoteType(types: Registry<DatasourceTypeDefinition>, name: string): DatasourceTypeDefinition {
  const type = types.get(name.toLowerCase());
  if (type?.capabilities.remote) return type;
  // Scan-report types (passive) are fed over HTTP, not by capture tools.
  const remote = types.list().filter((candidate) => candidate.capabilities.remote && !candidate.capabilities.passive).map((candidate) => candidate.name);
  const has = `svc takes remote capture tools of type ${remote.join(', ') || 'none (no plugin provides one)'}`;
  if (!type) throw new SvcError('SVC_ERR_NO_DATASOURCE_TYPE', `no datasource type '${name}' (${has})`);
  throw new SvcError('SVC_ERR_DATASOURCE_UNSUPPORTED', `datasource type '${type.name}' does not accept remote capture (${has})`);
}

/** Binds remote capture tools to datasources. */
export class RemoteBinding {
  #forgetTimer: NodeJS.Timeout | undefined;

  constructor(private readonly sources: SourceLifecycle) {}

  /**
   * Binds a connected remote capture tool to its source (found by UUID, or created), and opens
   * it over the connection. The source must be of a remote-capable type.
   */
  async bind(request: RemoteBindRequest): Promise<Datasource> {
    const { sources } = this;
    const type = remoteType(sources.types, request.type);
    const uuid = request.uuid.toUpperCase();
    let source = sources.get(uuid);
    const definition = parseDefinition(request.definition);
    if (source) {
      if (!source.remote) {
        throw new SvcError('SVC_ERR_CONFLICT', `UUID ${uuid} belongs to the local datasource ${source.name}; a remote capture tool may only use a free UUID or one of a remote source`);
      }
      if (source.type !== type) throw new SvcError('SVC_ERR_CONFLICT', `datasource ${uuid} is of type ${source.type.name}, not ${type.name}`);
      if (source.running || source.state === 'opening') await sources.shut(source, 'closed', 'replaced by a new remote connection');
      sources.cancelRetry(source);
      source.definition = definition;
      source.options = readSourceOptions(definition);
    } else {
      const remotes = sources.list().filter((other) => other.remote).length;
      if (remotes >= sources.defaults.maxRemoteSources) {
        throw new SvcError('SVC_ERR_TOO_MANY_SOURCES', `the server holds ${remotes} remote sources, its limit (remote_capture_max_sources); sources whose tool has gone are forgotten after remote_capture_forget_after`);
      }
      source = sources.create(uuid, definition, type);
      this.#forgetTimer ??= setInterval(() => void this.#forgetGone(), Math.min(60_000, (sources.defaults.forgetRemoteAfter * 1000) / 2)).unref();
    }
    source.remote = true;
    source.remoteLeftAt = 0;
    source.remoteIp = request.remoteIp;
    source.remoteOpener = request.opener;
    await sources.open(source);
    return source;
  }

  /** A remote capture tool went away: its source goes into error until the tool reconnects. */
  lost(source: Datasource, opener: RemoteOpener, reason: string): void {
    if (!this.#leave(source, opener)) return;
    void this.sources.fail(source, source.generation, new Error(reason));
  }

  /** A remote capture tool shut down cleanly (SHUTDOWN): its source is closed, not failed, until the tool connects again. */
  async ended(source: Datasource, opener: RemoteOpener, reason: string): Promise<void> {
    if (!this.#leave(source, opener)) return;
    await this.sources.shut(source, 'closed', reason);
    this.sources.publish('DATASOURCE_CLOSED', source, `datasource ${source.name} closed: ${reason}`);
  }

  /** Stops forgetting (shutdown). */
  stop(): void {
    clearInterval(this.#forgetTimer);
  }

  /** Unbinds `opener` from the source; true when the source is still open and must be shut. */
  #leave(source: Datasource, opener: RemoteOpener): boolean {
    if (source.remoteOpener !== opener) return false;
    source.remoteOpener = undefined;
    source.remoteLeftAt = Date.now();
    return source.state !== 'closed';
  }

  /** Removes remote sources whose tool left longer ago than `remote_capture_forget_after`. */
  async #forgetGone(): Promise<void> {
    const { forgetRemoteAfter } = this.sources.defaults;
    const cutoff = Date.now() - forgetRemoteAfter * 1000;
    for (const source of this.sources.list()) {
      if (source.remote && !source.remoteOpener && source.remoteLeftAt > 0 && source.remoteLeftAt < cutoff) {
        await this.sources.remove(source);
        this.sources.message(`datasource ${source.name} forgotten: its remote tool left more than ${forgetRemoteAfter} s ago`, MessageFlags.INFO);
      }
    }
  }
}
