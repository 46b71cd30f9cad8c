/**
 * Kismet's packet tags: a word a stage attaches to a packet worth finding again
 * (`DOT11_WPAHANDSHAKE`, `ALERT_DEAUTHFLOOD`), kept by the logs so a log can be searched by it.
 */
import type { Packet } from './packet.js';

/** Tags `packet` with `tag`, once. */
export function tagPacket(packet: Packet, tag: string): void {
  const tags = packet.tags;
  if (tags === undefined) packet.tags = [tag];
  else if (!tags.includes(tag)) tags.push(tag);
}
