/**
 * The datasource tracker's settings from config (Kismet's `kismet.conf` source keys): channel
 * hopping, retries, remote capture timestamps and listener, the remote source cap, and the
 * duplicate filter. A bad value is a startup error naming where it was set.
 */
import type { Config } from '../config/config.js';
import { configValue } from '../config/config-value.js';
import { parseHopRate } from './source-options.js';

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

/** What the datasource tracker takes from config. */
export interface DatasourceSettings {
  /** What every source starts from. */
  readonly defaults: DatasourceDefaults;
  /** `packet_dedup_size`: recent frames the duplicate filter compares; 0 turns it off. */
  readonly dedupSize: number;
  /** `ingest_threads`: worker threads decoding frames; 0 decodes on the main thread. */
  readonly ingestThreads: number;
  /** `packet_backlog_limit`: packets of a live source's backlog the chain takes at most; 0 takes all. */
  readonly backlogLimit: number;
}

/** `source_retry_delay`: seconds before a failed source (or GPS) is first re-opened. */
export function readRetryDelay(config: Config): number {
  return config.getNumber('source_retry_delay', 5, { min: 0.1, max: 3600 });
}

/** Reads the datasource settings from config. */
export function readDatasourceSettings(config: Config): DatasourceSettings {
  return {
    dedupSize: config.getNumber('packet_dedup_size', 2048, { min: 0, max: 1_000_000, integer: true }),
    ingestThreads: config.getNumber('ingest_threads', 0, { min: 0, max: 64, integer: true }),
    backlogLimit: config.getNumber('packet_backlog_limit', 8192, { min: 0, integer: true }),
    defaults: {
      hop: config.getBoolean('channel_hop', true),
      hopRate: configValue(config, 'channel_hop_speed', (text) => parseHopRate(text || '5/sec')),
      split: config.getBoolean('split_source_hopping', true),
      shuffle: config.getBoolean('randomized_hopping', true),
      retry: config.getBoolean('retry_on_source_error', true),
      retryDelay: readRetryDelay(config),
      overrideTimestamp: config.getBoolean('override_remote_timestamp', true),
      remoteCaptureListen: config.get('remote_capture_listen') ?? '127.0.0.1',
      remoteCapturePort: config.getNumber('remote_capture_port', 3501, { min: 0, max: 65535, integer: true }),
      maxRemoteSources: config.getNumber('remote_capture_max_sources', 256, { min: 1, integer: true }),
      forgetRemoteAfter: config.getNumber('remote_capture_forget_after', 3600, { min: 0.1 }),
    },
  };
}
