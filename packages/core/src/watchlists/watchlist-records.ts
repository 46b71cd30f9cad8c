/**
 * A watchlist entry as the API serves it (`entries.json`) and the fields of that record.
 */
import type { FieldDefinition } from '../fields/field-registry.js';
import { formatMacPrefix } from '../util/mac-prefix.js';
import type { WatchEntry } from './watchlist.js';

/** Fields of a watchlist entry record. */
export const WATCHLIST_FIELDS: readonly FieldDefinition[] = [
  { name: 'svc.watchlist.entry.mac', type: 'string', description: 'the watched MAC, or MAC/MASK range' },
  { name: 'svc.watchlist.entry.type', type: 'string', description: 'found (DEVICEFOUND when it appears) or lost (DEVICELOST when it goes silent)' },
  { name: 'svc.watchlist.entry.name', type: 'string', description: 'the name the alert text gives it, empty when unnamed' },
  { name: 'svc.watchlist.entry.origin', type: 'string', description: 'config (a devicefound=/devicelost= line) or api (added through add.cmd, kept across restarts)' },
  { name: 'svc.watchlist.entry.last_alert', type: 'double', description: 'time of the last alert raised for it, Unix seconds (0: none yet)' },
];

/** An entry as `entries.json` serves it. */
export function watchEntryRecord(entry: WatchEntry): Record<string, unknown> {
  return {
    'svc.watchlist.entry.mac': formatMacPrefix(entry.prefix),
    'svc.watchlist.entry.type': entry.type,
    'svc.watchlist.entry.name': entry.name,
    'svc.watchlist.entry.origin': entry.origin,
    'svc.watchlist.entry.last_alert': entry.lastAlert,
  };
}
