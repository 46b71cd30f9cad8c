/**
 * UUIDs derived from a name (SHA-1, shaped as a version 5 UUID, uppercase), for things that must
 * keep their UUID across restarts without storing one: a datasource from its type and
 * interface, a GPS from its definition, an antenna from its datasource.
 */
import { createHash } from 'node:crypto';

/** The UUID of `name`: the same name always gives the same UUID. */
export function nameUuid(name: string): string {
  const hex = createHash('sha1').update(name).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`.toUpperCase();
}
