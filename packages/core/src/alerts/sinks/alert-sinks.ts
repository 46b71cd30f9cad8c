/**
 * The alert sink manager: the sinks of the `alert_sink=` lines, each with a bounded queue and a
 * worker of its own, so a slow or dead far end (an HTTP endpoint that hangs, a syslog server
 * that went away) delays nothing but its own sink. Each alert the filter lets through is tried,
 * and retried with back-off (`retry_delay`, doubling up to 60 s) until `retries` run out; then
 * it counts as failed and the failure is posted to the messages (once per run of failures,
 * and again when the sink recovers). Counters are plain getters for status and metrics.
 */
import { describeError, SvcError } from '../../errors.js';
import type { Logger } from '../../logger.js';
import { MessageFlags, type MessageBus } from '../../messages/message-bus.js';
import type { ConfigValue } from '../../config/config.js';
import type { Registry } from '../../registry.js';
import type { AlertRecord } from '../alert-tracker.js';
import { MAX_RETRY_DELAY, parseAlertSinkLine, sinkWants, type AlertSinkFilter, type AlertSinkPolicy } from './alert-sink-definition.js';
import type { AlertSink, AlertSinkContext, AlertSinkTypeDefinition } from './alert-sink-type.js';

/** What a sink is doing: `idle` (nothing to send), `delivering`, `retrying` (waiting to try again), `failing` (the last alert could not be delivered). */
export type AlertSinkState = 'idle' | 'delivering' | 'retrying' | 'failing';

/** One configured sink: its definition, delivery and counters. */
export class AlertSinkRunner {
  state: AlertSinkState = 'idle';
  /** Alerts delivered. */
  sent = 0;
  /** Alerts given up on after every retry. */
  failed = 0;
  /** Alerts dropped because the queue was full. */
  dropped = 0;
  /** Attempts that failed (retried or not). */
  failedAttempts = 0;
  lastError = '';
  /** Unix seconds of the last delivery and the last failure (0: never). */
  lastSentTime = 0;
  lastErrorTime = 0;
  readonly #queue: AlertRecord[] = [];
  #running = false;
  #streakFailures = 0;
  #streakDropped = 0;
  #stopped = new AbortController();

  constructor(
    readonly name: string,
    readonly type: string,
    readonly sink: AlertSink,
    readonly filter: AlertSinkFilter,
    readonly policy: AlertSinkPolicy,
    private readonly messages: MessageBus,
    private readonly log: Logger,
  ) {}

  /** Alerts waiting. */
  get queued(): number {
    return this.#queue.length;
  }

  /** Queues an alert if the filter wants it; never waits. */
  offer(alert: AlertRecord): void {
    if (this.#stopped.signal.aborted) return;
    if (!sinkWants(this.filter, String(alert['svc.alert.header']), Number(alert['svc.alert.severity']))) return;
    if (this.#queue.length >= this.policy.queueMax) {
      this.#queue.shift();
      this.dropped++;
      if (this.#streakDropped++ === 0) this.#post(`its queue is full (${this.policy.queueMax} alerts): the oldest are dropped and counted`);
    }
    this.#queue.push(alert);
    if (!this.#running) void this.#drain();
  }

  /** Stops delivering: the attempt under way is aborted, queued alerts are left. */
  async stop(): Promise<void> {
    this.#stopped.abort(new SvcError('SVC_ERR_BAD_ALERT_SINK', 'svc is stopping'));
    try {
      await this.sink.close?.();
    } catch (error) {
      this.log.debug(`alert sink ${this.name}: closing: ${describeError(error)}`);
    }
  }

  async #drain(): Promise<void> {
    this.#running = true;
    try {
      while (this.#queue.length > 0 && !this.#stopped.signal.aborted) {
        const alert = this.#queue.shift()!;
        await this.#deliver(alert);
      }
    } finally {
      this.#running = false;
      if (this.state === 'delivering') this.state = 'idle';
    }
  }

  /** Tries one alert until it is delivered or the retries are spent. */
  async #deliver(alert: AlertRecord): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      this.state = 'delivering';
      try {
        await this.#attempt(alert);
        this.sent++;
        this.lastSentTime = Date.now() / 1000;
        if (this.#streakFailures > 0 || this.#streakDropped > 0) {
          this.#post(`delivers again (${this.#streakFailures} alerts failed and ${this.#streakDropped} were dropped meanwhile)`, MessageFlags.INFO);
        }
        this.#streakFailures = 0;
        this.#streakDropped = 0;
        return;
      } catch (error) {
        if (this.#stopped.signal.aborted) return;
        this.failedAttempts++;
        this.lastError = describeError(error);
        this.lastErrorTime = Date.now() / 1000;
        if (attempt >= this.policy.retries) {
          this.failed++;
          this.state = 'failing';
          if (this.#streakFailures++ === 0) {
            this.#post(`could not deliver alert ${String(alert['svc.alert.header'])} after ${attempt + 1} attempts: ${this.lastError}; further failures are only counted until it delivers again`);
          }
          return;
        }
        this.state = 'retrying';
        await this.#sleep(Math.min(this.policy.retryDelay * 2 ** attempt, MAX_RETRY_DELAY));
        if (this.#stopped.signal.aborted) return;
      }
    }
  }

  /** One attempt, aborted after the policy's timeout. */
  async #attempt(alert: AlertRecord): Promise<void> {
    const timeout = AbortSignal.timeout(this.policy.timeout * 1000);
    const signal = AbortSignal.any([timeout, this.#stopped.signal]);
    const aborted = new Promise<never>((_, reject) => {
      const fail = () => reject(timeout.aborted ? new Error(`no answer within ${this.policy.timeout} s`) : signal.reason);
      if (signal.aborted) fail();
      else signal.addEventListener('abort', fail, { once: true });
    });
    aborted.catch(() => undefined);
    await Promise.race([this.sink.deliver(alert, signal), aborted]);
  }

  #sleep(seconds: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, seconds * 1000);
      const signal = this.#stopped.signal;
      function done() {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        resolve();
      }
      signal.addEventListener('abort', done, { once: true });
    });
  }

  #post(text: string, flags: number = MessageFlags.ERROR): void {
    this.messages.post(`alert sink ${this.name} (${this.type} ${this.sink.target}) ${text}`, flags);
  }
}

/** Every configured sink. */
export class AlertSinks {
  #runners: AlertSinkRunner[] = [];
  #unsubscribe: (() => void) | undefined;

  constructor(
    private readonly types: Registry<AlertSinkTypeDefinition>,
    private readonly messages: MessageBus,
    private readonly log: Logger,
    private readonly context: Omit<AlertSinkContext, 'log'>,
  ) {}

  /**
   * Builds the sinks of the `alert_sink=` lines (after the contribute phase, so plugin types are
   * known). A bad line is an `SVC_ERR_CONFIG_VALUE` naming file and line: svc does not start.
   */
  configure(lines: readonly ConfigValue[]): void {
    const taken = new Set<string>();
    const runners: AlertSinkRunner[] = [];
    for (const { value, origin } of lines) {
      try {
        const { definition, filter, policy } = parseAlertSinkLine(value, (type) => this.types.get(type)?.options, taken);
        const type = this.types.get(definition.type)!;
        const sink = type.create(definition, { ...this.context, log: this.log });
        taken.add(definition.name);
        runners.push(new AlertSinkRunner(definition.name, type.name, sink, filter, policy, this.messages, this.log));
      } catch (error) {
        const known = this.types.list().map((type) => type.name).join(', ') || 'none';
        const hint = error instanceof SvcError && /no sink type/.test(error.message) ? ` (types: ${known})` : '';
        throw new SvcError('SVC_ERR_CONFIG_VALUE', `${origin}: ${describeError(error)}${hint}`, { cause: error });
      }
    }
    this.#runners = runners;
  }

  /** The sinks, in line order. */
  list(): readonly AlertSinkRunner[] {
    return this.#runners;
  }

  /** Starts delivering alerts published on the bus. */
  begin(subscribe: (listener: (record: AlertRecord) => void) => () => void): void {
    if (this.#runners.length === 0) return;
    this.#unsubscribe = subscribe((record) => {
      for (const runner of this.#runners) runner.offer(record);
    });
    this.messages.post(`alert sinks: ${this.#runners.map((runner) => `${runner.name} (${runner.type} ${runner.sink.target})`).join(', ')}`);
  }

  /** Stops every sink (at shutdown). */
  async end(): Promise<void> {
    this.#unsubscribe?.();
    await Promise.all(this.#runners.map((runner) => runner.stop()));
  }
}
