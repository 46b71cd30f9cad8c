/**
 * Event bus topics are declared before they are published, so `/eventbus/events.ws` clients and
 * `svc start --plugins` can see what a server may send.
 */

/** A topic contributed through the `eventTopics` hook. */
export interface EventTopicDefinition {
  /** Topic name as subscribers spell it (`TIMESTAMP`, `DOT11_PROBED_SSID`). */
  readonly name: string;
  /** What the topic carries and when it fires. */
  readonly description: string;
}
