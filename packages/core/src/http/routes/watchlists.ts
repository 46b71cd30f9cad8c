/**
 * Watchlist routes (Kismet's `/devices/alerts/mac/{found|lost|both}/...`) and the DEVICEFOUND
 * and DEVICELOST alerts they feed, as a built-in plugin. `add.cmd` and `remove.cmd` take Kismet's
 * `mac` and `macs` keys (MACs, `MAC/MASK` ranges or OUIs); svc adds `name`, and `macs` items may
 * be `{mac, name}` objects. `macs.json` is Kismet's list of MAC strings; `entries.json` gives
 * the records with names, origins and the time of the last alert. Changing needs admin, reading
 * readonly, as in Kismet.
 */
import { SvcError } from '../../errors.js';
import type { FieldDefinition } from '../../fields/field-registry.js';
import { definePlugin } from '../../plugin.js';
import { formatMacPrefix, macPrefixKey, parseMacPrefix, type MacPrefix } from '../../util/mac-prefix.js';
import { DEVICE_FOUND_ALERT, DEVICE_LOST_ALERT, DevicePresence, type PresenceSettings } from '../../watchlists/device-presence.js';
import { checkWatchName, parseWatchTypes, type WatchEntry, type WatchItem } from '../../watchlists/watchlist.js';
import { TRACKED_FORMATS } from '../route-registry.js';
import { StreamedList } from '../streamed-list.js';
import { answerRecordList, type RecordListOptions } from './record-list.js';

/** The entries' records, and what a search of them looks in. */
const ENTRY_LIST_OPTIONS: RecordListOptions<WatchEntry> = {
  summaryFields: ['svc.watchlist.entry.mac', 'svc.watchlist.entry.name', 'svc.watchlist.entry.type', 'svc.watchlist.entry.origin'],
  record: (entry) => watchEntryRecord(entry),
};

/** Name of the built-in watchlists plugin. */
export const WATCHLISTS_PLUGIN = '@svc/core:watchlists';

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

/** The MACs of a command (`mac` and `macs`), with names for `add.cmd`; 400 for anything malformed or for none. */
function commandItems(command: Readonly<Record<string, unknown>>, withNames: boolean): WatchItem[] {
  const items: WatchItem[] = [];
  const name = withNames ? checkWatchName(command.name) : undefined;
  const parse = (value: unknown, what: string): MacPrefix => {
    if (typeof value !== 'string') throw new SvcError('SVC_ERR_BAD_REQUEST', `${what} must be a MAC string such as AA:BB:CC:DD:EE:FF or AA:BB:CC:00:00:00/24`);
    return parseMacPrefix(value, what);
  };
  if (command.mac !== undefined && command.mac !== null) items.push({ prefix: parse(command.mac, "'mac'"), name: name || undefined });
  if (command.macs !== undefined && command.macs !== null) {
    if (!Array.isArray(command.macs)) throw new SvcError('SVC_ERR_BAD_REQUEST', "'macs' must be a list of MACs (or of {mac, name} objects)");
    command.macs.forEach((item: unknown, index) => {
      const what = `'macs[${index}]'`;
      if (item !== null && typeof item === 'object' && !Array.isArray(item)) {
        const object = item as Record<string, unknown>;
        items.push({ prefix: parse(object.mac, `${what}.mac`), name: withNames ? checkWatchName(object.name, `${what}.name`) || undefined : undefined });
      } else items.push({ prefix: parse(item, what), name: name || undefined });
    });
  }
  if (items.length === 0) throw new SvcError('SVC_ERR_MISSING_KEY', "expected a MAC in 'mac' or a list in 'macs'");
  const seen = new Set<string>();
  for (const item of items) {
    const key = macPrefixKey(item.prefix);
    if (seen.has(key)) throw new SvcError('SVC_ERR_BAD_REQUEST', `${formatMacPrefix(item.prefix)} is given twice`);
    seen.add(key);
  }
  return items;
}

/** Serves the watchlists and raises DEVICEFOUND / DEVICELOST with the timeouts from config. */
export const watchlistsPlugin = (settings: PresenceSettings) =>
  definePlugin({
  name: WATCHLISTS_PLUGIN,
  apply(svc) {
    const { watchlist } = svc;
    for (const [name, description] of [
      [DEVICE_FOUND_ALERT, 'A target device has been seen'],
      [DEVICE_LOST_ALERT, 'A target device has timed out'],
    ] as const) {
      // Kismet's defaults for an alert its config files give no rate: 10/min, burst 1/sec.
      svc.alerts.define({ name, class: 'SYSTEM', severity: 15, description, throttle: '10/min', burst: '1/sec' });
    }
    const presence = new DevicePresence(watchlist, svc.devices, svc.alerts, settings);
    svc.hooks.ready.tap(WATCHLISTS_PLUGIN, () => presence.start());
    svc.hooks.shutdown.tap(WATCHLISTS_PLUGIN, () => presence.stop());
    svc.hooks.fields.tap(WATCHLISTS_PLUGIN, (fields) => fields.registerAll(WATCHLIST_FIELDS));

    svc.hooks.routes.tap(WATCHLISTS_PLUGIN, (routes) => {
      routes.http({
        methods: ['POST'],
        path: '/devices/alerts/mac/:type/add',
        formats: ['cmd'],
        role: 'admin',
        description: 'add MACs, MAC/MASK ranges or OUIs to the found, lost or both watchlists: mac, macs (strings or {mac, name}), name',
        handler: ({ params, command }) => watchlist.add(parseWatchTypes(params.type!), commandItems(command, true)).map(watchEntryRecord),
      });
      routes.http({
        methods: ['POST'],
        path: '/devices/alerts/mac/:type/remove',
        formats: ['cmd'],
        role: 'admin',
        description: 'remove MACs or ranges from the found, lost or both watchlists: mac, macs',
        handler: ({ params, command }) =>
          watchlist
            .remove(
              parseWatchTypes(params.type!),
              commandItems(command, false).map((item) => item.prefix),
            )
            .map(watchEntryRecord),
      });
      routes.http({
        methods: ['GET', 'POST'],
        path: '/devices/alerts/mac/:type/macs',
        formats: TRACKED_FORMATS,
        role: 'readonly',
        description: 'the MACs and ranges on the found, lost or both watchlists, as strings (streamed)',
        simplify: false,
        handler: ({ params }) => {
          // Kismet's list names a MAC on both lists once.
          const entries = watchlist.entries(parseWatchTypes(params.type!));
          const once = params.type === 'both' ? [...new Map(entries.map((entry) => [macPrefixKey(entry.prefix), entry])).values()] : entries;
          return new StreamedList(once, (entry) => formatMacPrefix(entry.prefix));
        },
      });
      routes.http({
        methods: ['GET', 'POST'],
        path: '/devices/alerts/mac/:type/entries',
        formats: TRACKED_FORMATS,
        role: 'readonly',
        description: 'the entries of the found, lost or both watchlists, with names, origins and last alert times; fields, regex, datatables or page paging, search, sort',
        simplify: false,
        handler: (context) => answerRecordList(watchlist.entries(parseWatchTypes(context.params.type!)), context, ENTRY_LIST_OPTIONS),
      });
    });
  },
  });
