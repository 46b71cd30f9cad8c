/**
 * One datasource at run time: its definition and type, its state (opening, running, paused,
 * closed, error), what the capture reported, channel and hopping settings, counters and retry
 * bookkeeping. The datasource tracker drives the state; this object only holds it, so the
 * record a client reads is always what the tracker last decided.
 */
import { kismetChecksum } from '../tracker/device-key.js';
import { Rrd } from '../tracker/rrd.js';
import type { SourceDefinition } from './definition.js';
import type { Capture, CaptureInfo, DatasourceTypeDefinition, SourceDetailValue } from './datasource-type.js';
import type { SourceOptions } from './source-options.js';

/** Where a datasource is in its life. */
export type DatasourceState = 'opening' | 'running' | 'paused' | 'closed' | 'error';

/** Opens the capture of a remote source over its connection (set while one is connected). */
export type RemoteOpener = (source: Datasource) => Promise<Capture>;

/** A datasource. */
export class Datasource {
  state: DatasourceState = 'opening';
  errorReason = '';
  /**
   * What kind of failure the error is: `permanent` (the definition, its type or what it names is
   * wrong; it is not retried) or `transient` (a device unplugged, a helper died, a remote tool
   * gone; it is retried per the retry policy). Empty while there is no error.
   */
  errorKind: '' | 'permanent' | 'transient' = '';
  /** Set by disable_source: closed and never retried until opened again or replaced. */
  disabled = false;
  capture: Capture | undefined = undefined;
  info: CaptureInfo = {};
  /**
   * The hardware state its captures reported (`OpenContext.details`), by field name; kept across
   * errors and re-opens so the record shows the last known state.
   */
  readonly details: Record<string, SourceDetailValue> = {};
  /** Channels the capture supports. */
  channels: readonly string[] = [];
  /** Current or locked channel; empty when unknown. */
  channel = '';
  hopChannels: readonly string[] = [];
  /** `hopChannels` in hopping order (shuffled when `hopShuffle`). */
  hopOrder: readonly string[] = [];
  hopping = false;
  /** Hops per second. */
  hopRate: number;
  hopShuffle: boolean;
  hopSplit: boolean;
  /** Where in `hopOrder` this source starts (sources of one type share a list, offset). */
  hopOffset = 0;
  hopPosition = 0;
  /**
   * When the current capture began and, once it stopped (a replayed file ended, the capture
   * failed or was closed), when it stopped (ms): the duplicate filter compares frames only
   * between sources that were capturing at the same time.
   */
  capturingSince = 0;
  capturingUntil: number | undefined = undefined;
  numPackets = 0;
  numErrorPackets = 0;
  /** Packets its captures reported lost, over every time it was open. */
  numDroppedPackets = 0;
  /** Drops the current capture had reported at the last sample. */
  captureDropped = 0;
  /** Packets waiting in the current capture at the last sample. */
  backlog = 0;
  readonly packetsRrd = new Rrd();
  readonly datasizeRrd = new Rrd();
  retry: boolean;
  retryAttempts = 0;
  totalRetryAttempts = 0;
  remote = false;
  remoteIp = '';
  /** Set while a remote capture tool is connected for this source. */
  remoteOpener: RemoteOpener | undefined = undefined;
  /** When (ms since the epoch) the remote tool last went away; 0 while connected or never. */
  remoteLeftAt = 0;
  /** Replace packet times with server time (remote sources). */
  overrideTimestamp: boolean;
  /** Bumped on every open and close, so a capture loop can tell it has been replaced. */
  generation = 0;
  /** Kismet's source key: checksum of the UUID (keys seen-by maps in Kismet). */
  readonly key: number;

  constructor(
    readonly uuid: string,
    /** Sequential number, stable for the process lifetime. */
    readonly number: number,
    public definition: SourceDefinition,
    public options: SourceOptions,
    readonly type: DatasourceTypeDefinition,
    defaults: { hopRate: number; shuffle: boolean; split: boolean; retry: boolean; overrideTimestamp: boolean },
  ) {
    this.key = kismetChecksum(uuid) >>> 0;
    this.hopRate = options.hopRate ?? defaults.hopRate;
    this.hopShuffle = defaults.shuffle;
    this.hopSplit = defaults.split;
    this.retry = options.retry ?? defaults.retry;
    this.overrideTimestamp = options.timestamp ?? defaults.overrideTimestamp;
  }

  /** The source's name: `name=`, else the interface. */
  get name(): string {
    return this.options.name ?? this.definition.interface;
  }

  /** Open and capturing (paused included). */
  get running(): boolean {
    return this.state === 'running' || this.state === 'paused';
  }
}
