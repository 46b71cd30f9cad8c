/**
 * Channel control of the datasources: the lock or hop list a source opens with (`channel=`,
 * `channels=`, `add_channels=`, `block_channels=`, `channel_hop=`), and `set_channel.cmd` /
 * `set_hop.cmd` while it runs. Sources of one type hop together through the hopping engine,
 * which splits their hop lists so they cover different channels at once.
 */
import { describeError, SvcError } from '../errors.js';
import type { Logger } from '../logger.js';
import { ChannelHopper } from './channel-hopper.js';
import type { Datasource } from './datasource.js';
import type { Capture } from './datasource-type.js';

/** What `setChannel` asks for (set_channel.cmd). */
export interface ChannelRequest {
  readonly channel?: string;
  readonly channels?: readonly string[];
  readonly rate?: number;
  readonly shuffle?: boolean;
}

/** Locks, hops and tunes the channels of the sources. */
export class SourceChannels {
  readonly #hopper: ChannelHopper;

  /**
   * @param sources every source (those of one type hop as a group)
   * @param defaultHop `channel_hop`: hop when a source can and its definition does not say
   * @param reportError posts a failure users should see (a channel= lock that failed)
   */
  constructor(
    private readonly sources: () => Datasource[],
    private readonly defaultHop: boolean,
    log: Logger,
    private readonly reportError: (text: string) => void,
  ) {
    this.#hopper = new ChannelHopper((source, channel, error) => log.debug(`datasource ${source.name}: could not tune to channel ${channel}: ${describeError(error)}`));
  }

  /** Locks a channel, or sets the hop list (keeping the rate unless one is given). */
  async set(source: Datasource, request: ChannelRequest): Promise<void> {
    const capture = this.#tunable(source);
    if (request.channel !== undefined) {
      const channel = request.channel.trim();
      if (channel === '') throw new SvcError('SVC_ERR_BAD_CHANNEL', "'channel' must not be empty");
      if (source.channels.length && !source.channels.includes(channel)) {
        throw new SvcError('SVC_ERR_BAD_CHANNEL', `datasource ${source.name} does not support channel '${channel}'; it supports ${source.channels.join(', ')}`);
      }
      this.stop(source);
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
  resumeHopping(source: Datasource): void {
    this.#tunable(source);
    if (!source.type.capabilities.hop) throw new SvcError('SVC_ERR_DATASOURCE_UNSUPPORTED', `datasource type '${source.type.name}' cannot hop channels`);
    if (source.hopChannels.length < 2) throw new SvcError('SVC_ERR_BAD_CHANNEL', `datasource ${source.name} has no hop list; set one with set_channel.cmd {channels: [...]}`);
    this.#hopper.start(source, this.#group(source));
  }

  /** Locks `channel=`, or starts hopping over the hop list when the source and config allow. */
  setUp(source: Datasource): void {
    const { options } = source;
    const base = options.channels ?? [...source.channels, ...options.addChannels.filter((channel) => !source.channels.includes(channel))];
    source.hopChannels = base.filter((channel) => !options.blockChannels.includes(channel));
    const tunable = source.type.capabilities.tune && source.capture?.setChannel;
    if (options.channel !== undefined && tunable) {
      source.capture!.setChannel!(options.channel).then(
        () => (source.channel = options.channel!),
        (error: unknown) => this.reportError(`datasource ${source.name} could not lock channel ${options.channel}: ${describeError(error)}`),
      );
      return;
    }
    const hop = options.channelHop ?? this.defaultHop;
    if (hop && tunable && source.type.capabilities.hop && source.hopChannels.length > 1) this.#hopper.start(source, this.#group(source));
  }

  #tunable(source: Datasource): Required<Pick<Capture, 'setChannel'>> {
    if (!source.type.capabilities.tune) throw new SvcError('SVC_ERR_DATASOURCE_UNSUPPORTED', `datasource type '${source.type.name}' cannot change channels`);
    if (!source.running || !source.capture?.setChannel) throw new SvcError('SVC_ERR_CONFLICT', `datasource ${source.name} is not running (${source.state}); open it first`);
    return source.capture as Required<Pick<Capture, 'setChannel'>>;
  }

  #group(source: Datasource): Datasource[] {
    return this.sources().filter((other) => other.type === source.type);
  }

  /** Stops a source hopping. */
  stop(source: Datasource): void {
    this.#hopper.stop(source, this.#group(source));
  }

  /** Splits the hop lists again after a source of the group left. */
  resplit(source: Datasource): void {
    this.#hopper.resplit(this.#group(source));
  }

  /** Stops all hopping (shutdown). */
  stopAll(): void {
    this.#hopper.stopAll();
  }
}
