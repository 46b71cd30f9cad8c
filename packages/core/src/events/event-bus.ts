/**
 * The event bus: plugins and the core publish records on named topics; websocket clients and
 * hook taps receive them. Topics must be declared (the `eventTopics` hook) so a typo in a
 * publisher fails loudly instead of sending into the void.
 */
import { SvcError } from '../errors.js';
import type { RunHooks } from '../run-hooks.js';
import type { Registry } from '../registry.js';
import type { EventTopicDefinition } from './event-topic.js';

/** Receives published events. */
export type EventListener = (topic: string, payload: unknown) => void;

/** The topic that matches every event. */
export const ALL_TOPICS = '*';

/** Publishes events to hook taps and subscribers. */
export class EventBus {
  readonly #listeners = new Map<string, Set<EventListener>>();

  constructor(
    private readonly hooks: Pick<RunHooks, 'event'>,
    private readonly topics: Registry<EventTopicDefinition>,
    private readonly onListenerError: (error: unknown) => void,
  ) {}

  /**
   * Publishes an event; the topic must have been declared. During boot, before the topics are
   * frozen, nothing can be listening yet and events are dropped.
   */
  publish(topic: string, payload: unknown): void {
    if (!this.topics.frozen) return;
    if (!this.topics.has(topic)) {
      throw new SvcError('SVC_ERR_UNKNOWN_TOPIC', `event topic '${topic}' was not declared through the eventTopics hook`);
    }
    this.hooks.event.call(topic, payload);
    this.#deliver(this.#listeners.get(topic), topic, payload);
    this.#deliver(this.#listeners.get(ALL_TOPICS), topic, payload);
  }

  /** Subscribes to a topic (or `*`); returns the function that unsubscribes. */
  subscribe(topic: string, listener: EventListener): () => void {
    let set = this.#listeners.get(topic);
    if (!set) this.#listeners.set(topic, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.#listeners.get(topic) === set) this.#listeners.delete(topic);
    };
  }

  /**
   * True when anyone listens to a topic, so publishers can skip building payloads nobody reads.
   * Counts taps, not `isUsed()`: the plugin guards intercept every hook, which makes it always true.
   */
  hasListeners(topic: string): boolean {
    return this.#listeners.has(topic) || this.#listeners.has(ALL_TOPICS) || this.hooks.event.taps.length > 0;
  }

  /** Whether a topic was declared (`*` always is), so subscribers can refuse a typo. */
  hasTopic(topic: string): boolean {
    return topic === ALL_TOPICS || this.topics.has(topic);
  }

  /** Declared topics. */
  listTopics(): EventTopicDefinition[] {
    return this.topics.list();
  }

  #deliver(listeners: Set<EventListener> | undefined, topic: string, payload: unknown): void {
    if (!listeners) return;
    for (const listener of listeners) {
      try {
        listener(topic, payload);
      } catch (error) {
        this.onListenerError(error);
      }
    }
  }
}
