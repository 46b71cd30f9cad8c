/**
 * Watchlist routes (Kismet's `/devices/alerts/mac/{found|lost|both}/...`), which feed the
 * DEVICEFOUND and DEVICELOST alerts of watchlists/watchlists-plugin.ts. `add.cmd` and `remove.cmd` take Kismet's
 * `mac` and `macs` keys (MACs, `MAC/MASK` ranges or OUIs); svc adds `name`, and `macs` items may
 * be `{mac, name}` objects. `macs.json` is Kismet's list of MAC strings; `entries.json` gives
 * the records with names, origins and the time of the last alert. Changing needs admin, reading
 * readonly, as in Kismet.
 */
import { SvcError } from '../../errors.js';
import { definePlugin } from '../../plugin.js';
import { formatMacPrefix, macPrefixKey, parseMacPrefix, type MacPrefix } from '../../util/mac-prefix.js';
import { checkWatchName, parseWatchTypes, type WatchEntry, type WatchItem } from '../../watchlists/watchlist.js';
import { watchEntryRecord } from '../../watchlists/watchlist-records.js';
import { TRACKED_FORMATS } from '../route-registry.js';
import { StreamedList } from '../streamed-list.js';
import { answerRecordList, type RecordListOptions } from './record-list.js';

/** The entries' records, and what a search of them looks in. */
const ENTRY_LIST_OPTIONS: RecordListOptions<WatchEntry> = {
  summaryFields: ['svc.watchlist.entry.mac', 'svc.watchlist.entry.name', 'svc.watchlist.entry.type', 'svc.watchlist.entry.origin'],
  record: (entry) => watchEntryRecord(entry),
};

/** Name of the built-in watchlist routes. */
export const WATCHLISTS_ROUTES = '@svc/core:watchlists-routes';

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

/** Serves the watchlists. */
export const watchlistsRoutes = definePlugin({
  name: WATCHLISTS_ROUTES,
  apply(svc) {
    const { watchlist } = svc;
    svc.hooks.routes.tap(WATCHLISTS_ROUTES, (routes) => {
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
