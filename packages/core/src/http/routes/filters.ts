/**
 * Ingest filter routes. svc's own routes under `/filters/ingest/` list the
 * rules with what each dropped, add and remove rules (a MAC, MAC/MASK, OUI, `randomized` or
 * `*`, pass or block, on one PHY or every PHY) and set the default. Kismet's packet filter
 * routes are served for the same table under `/filters/packet/ingest/` (its filter record, and
 * `set_filter` / `remove_filter` / `set_default` commands) for tools written against Kismet;
 * there the `{block}` segment must be `any`, since svc matches a MAC wherever a packet names it.
 * Changing needs admin, reading readonly, as in Kismet.
 */
import { SvcError } from '../../errors.js';
import { formatFilterMatch, normalizePhy, parseFilterAction, parseFilterMatch, type FilterRule } from '../../filters/filter-rule.js';
import type { IngestFilter } from '../../filters/ingest-filter.js';
import { FILTER_ADDRESS_BLOCKS, parseFilterAddressBlock } from '../../filters/address-blocks.js';
import { definePlugin } from '../../plugin.js';
import { optionalString, requireString } from '../command-input.js';
import { TRACKED_FORMATS } from '../route-registry.js';
import { StreamedList } from '../streamed-list.js';
import { answerRecordList, type RecordListOptions } from './record-list.js';

/** Name of the built-in ingest filter routes. */
export const FILTERS_ROUTES = '@svc/core:filters-routes';

/** The id of the ingest filter in Kismet's `/filters/packet/{id}/` routes. */
export const INGEST_FILTER_ID = 'ingest';

/** A rule as the routes serve it. */
export function filterRuleRecord(rule: FilterRule): Record<string, unknown> {
  return {
    'svc.ingestfilter.rule.phy': rule.phy,
    'svc.ingestfilter.rule.kind': rule.match.kind,
    'svc.ingestfilter.rule.match': formatFilterMatch(rule.match),
    'svc.ingestfilter.rule.action': rule.action,
    'svc.ingestfilter.rule.origin': rule.origin,
    'svc.ingestfilter.rule.dropped_packets': rule.droppedPackets,
    'svc.ingestfilter.rule.dropped_devices': rule.droppedDevices,
    'svc.ingestfilter.rule.dropped_devices_exact': rule.droppedDevicesExact ? 1 : 0,
  };
}

/** The filter's default and totals: the whole filter record but its rules. */
function ingestFilterTotals(filter: IngestFilter): Record<string, unknown> {
  return {
    'svc.ingestfilter.default': filter.defaultAction,
    'svc.ingestfilter.dropped_packets': filter.droppedPackets,
    'svc.ingestfilter.dropped_devices': filter.droppedDevices,
    'svc.ingestfilter.default_dropped_packets': filter.defaultRule.droppedPackets,
    'svc.ingestfilter.default_dropped_devices': filter.defaultRule.droppedDevices,
  };
}

/** The whole filter: default, totals and rules. */
export function ingestFilterRecord(filter: IngestFilter): Record<string, unknown> {
  return { ...ingestFilterTotals(filter), 'svc.ingestfilter.rules': filter.rules().map(filterRuleRecord) };
}

/** The whole filter as `filter.json` serves it: the same record, its rules streamed. */
function ingestFilterAnswer(filter: IngestFilter): StreamedList<FilterRule> {
  return new StreamedList(filter.rules(), filterRuleRecord, { head: ingestFilterTotals(filter), listKey: 'svc.ingestfilter.rules', tail: {} });
}

/** The rules' records, and what a search of them looks in. */
const RULE_LIST_OPTIONS: RecordListOptions<FilterRule> = {
  summaryFields: ['svc.ingestfilter.rule.match', 'svc.ingestfilter.rule.kind', 'svc.ingestfilter.rule.phy', 'svc.ingestfilter.rule.action', 'svc.ingestfilter.rule.origin'],
  record: filterRuleRecord,
};

/** The filter as Kismet's packet filter record: MAC, mask and OUI rules under the `any` block of their PHY. */
function kismetFilterRecord(filter: IngestFilter): Record<string, unknown> {
  const byPhy: Record<string, Record<string, Record<string, number>>> = {};
  for (const rule of filter.rules()) {
    if (rule.match.kind === 'randomized' || rule.match.kind === 'any') continue;
    const blocks = (byPhy[rule.phy] ??= Object.fromEntries(FILTER_ADDRESS_BLOCKS.map((block) => [`svc.packetfilter.macaddr.${block}`, {}])));
    blocks['svc.packetfilter.macaddr.any']![formatFilterMatch({ kind: 'mask', prefix: rule.match.prefix })] = rule.action === 'block' ? 1 : 0;
  }
  return {
    'svc.packetfilter.id': INGEST_FILTER_ID,
    'svc.packetfilter.description': 'svc ingest filter: packets naming a blocked MAC are not tracked, logged or exported (randomized and * rules: /filters/ingest/filter.json)',
    'svc.packetfilter.type': 'mac_addr',
    'svc.packetfilter.default': filter.defaultAction === 'block' ? 1 : 0,
    'svc.packetfilter.macaddr.blocks_by_phy': byPhy,
  };
}

/** The PHY and block segments of Kismet's set_filter / remove_filter paths. */
function kismetPath(params: Readonly<Record<string, string>>): string {
  if (parseFilterAddressBlock(params.block) !== 'any') throw new SvcError('SVC_ERR_BAD_REQUEST', `svc's ingest filter matches a MAC wherever a packet names it: use the block 'any', not '${params.block}'`);
  return normalizePhy(params.phyname);
}

/** Serves the ingest filter. */
export const filtersRoutes = definePlugin({
  name: FILTERS_ROUTES,
  apply(svc) {
    const filter = svc.filters;
    svc.hooks.routes.tap(FILTERS_ROUTES, (routes) => {
      const readonly = (path: string, description: string, handler: () => unknown) =>
        routes.http({ methods: ['GET', 'POST'], path, formats: TRACKED_FORMATS, role: 'readonly', description, handler });
      const admin = (path: string, description: string, handler: Parameters<typeof routes.http>[0]['handler']) =>
        routes.http({ methods: ['POST'], path, formats: ['cmd'], role: 'admin', description, handler });

      readonly('/filters/ingest/filter', 'the ingest filter: default, packets and devices dropped, and every rule with its counts (streamed)', () => ingestFilterAnswer(filter));
      routes.http({
        methods: ['GET', 'POST'],
        path: '/filters/ingest/rules',
        formats: TRACKED_FORMATS,
        role: 'readonly',
        description: 'the ingest filter rules with what each dropped; fields, regex, datatables or page paging, search, sort',
        simplify: false,
        handler: (context) => answerRecordList(filter.rules(), context, RULE_LIST_OPTIONS),
      });
      admin('/filters/ingest/add_rule', 'add or change an ingest filter rule: match (MAC, MAC/MASK, OUI, randomized or *), action (pass or block), phy (a PHY name, default any)', ({ command }) => {
        const [rule] = filter.add([{ phy: normalizePhy(optionalString(command, 'phy')), match: parseFilterMatch(requireString(command, 'match')), action: parseFilterAction(requireString(command, 'action')) }]);
        return filterRuleRecord(rule!);
      });
      admin('/filters/ingest/remove_rule', 'remove an ingest filter rule: match, phy (default any)', ({ command }) => {
        const [rule] = filter.remove([{ phy: normalizePhy(optionalString(command, 'phy')), match: parseFilterMatch(requireString(command, 'match')) }]);
        return filterRuleRecord(rule!);
      });
      admin('/filters/ingest/set_default', 'set what happens to MACs no rule matches: default (pass or block)', ({ command }) => {
        filter.setDefault(parseFilterAction(requireString(command, 'default'), 'default'));
        return ingestFilterRecord(filter);
      });

      const base = `/filters/packet/${INGEST_FILTER_ID}`;
      readonly(`${base}/filter`, "the ingest filter as Kismet's packet filter record (MAC, mask and OUI rules)", () => kismetFilterRecord(filter));
      admin(`${base}/set_default`, "set the ingest filter's default: default (block/reject/deny/true or pass/allow/false)", ({ command }) => {
        if (command.default === undefined) throw new SvcError('SVC_ERR_MISSING_KEY', "'default' is required: block or pass");
        filter.setDefault(parseFilterAction(command.default, 'default'));
        return kismetFilterRecord(filter);
      });
      admin(`${base}/:phyname/:block/set_filter`, 'set ingest filter rules, Kismet style: filter {MAC: true (block) or false (pass)}; phyname a PHY or any; block any', ({ params, command }) => {
        const phy = kismetPath(params);
        const entries = command.filter;
        if (entries === null || typeof entries !== 'object' || Array.isArray(entries)) throw new SvcError('SVC_ERR_BAD_REQUEST', "'filter' must be a dictionary of MAC: true (block) or false (pass)");
        const rules = Object.entries(entries as Record<string, unknown>).map(([mac, value]) => ({ phy, match: parseFilterMatch(mac), action: parseFilterAction(value, `filter value of ${mac}`) }));
        if (rules.length === 0) throw new SvcError('SVC_ERR_BAD_REQUEST', "'filter' holds no MAC");
        filter.add(rules);
        return kismetFilterRecord(filter);
      });
      admin(`${base}/:phyname/:block/remove_filter`, 'remove ingest filter rules, Kismet style: filter [MAC, ...]; phyname a PHY or any; block any', ({ params, command }) => {
        const phy = kismetPath(params);
        const entries = command.filter;
        if (!Array.isArray(entries) || entries.length === 0) throw new SvcError('SVC_ERR_BAD_REQUEST', "'filter' must be a non-empty list of MACs");
        filter.remove(
          entries.map((mac: unknown) => {
            if (typeof mac !== 'string') throw new SvcError('SVC_ERR_BAD_REQUEST', "'filter' must list MACs as strings");
            return { phy, match: parseFilterMatch(mac) };
          }),
        );
        return kismetFilterRecord(filter);
      });
    });
  },
});

