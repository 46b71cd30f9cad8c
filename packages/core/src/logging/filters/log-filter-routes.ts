/**
 * Kismet's routes of the kismetdb log's filters, under svc's names: the device filter at
 * `/filters/class/svcdb_devices/` and the packet filter at `/filters/packet/svcdb_packets/`.
 * Each serves its record (`filter.json`, readonly), sets its default (`filter.cmd`, where
 * Kismet's code takes it, and `set_default.cmd`, where its docs put it: `default` block or
 * pass), and sets and removes rules per PHY (and per address block for packets):
 * `set_filter.cmd` with `filter: {MAC: true (block) or false (pass)}`, `remove_filter.cmd` with
 * `filter: [MAC, ...]` (or `addresses`, as Kismet's docs name it). Changing takes admin. Every
 * command checks all it is given first (a PHY no plugin registers, a bad MAC or block, a MAC with
 * no rule to remove) and then changes nothing on a refusal.
 */
import { SvcError } from '../../errors.js';
import { parseFilterAddressBlock, type FilterAddressBlock } from '../../filters/address-blocks.js';
import { parseFilterAction } from '../../filters/filter-rule.js';
import { TRACKED_FORMATS, type HttpRouteDefinition, type RouteRegistry } from '../../http/route-registry.js';
import type { Service } from '../../service-types.js';
import { requireRoom } from '../../util/list-limit.js';
import { parseMacPrefix, type MacPrefix } from '../../util/mac-prefix.js';
import { DEVICE_LOG_FILTER_ID } from './device-log-filter.js';
import type { LogFilters } from './log-filter-settings.js';
import { PACKET_LOG_FILTER_ID } from './packet-log-filter.js';

/** What the rule commands do to one of the two filters. */
interface FilterTarget {
  readonly base: string;
  readonly name: string;
  /** The path segments after the base that name where rules go. */
  readonly ruleSegments: string;
  record(): Record<string, unknown>;
  setDefault(block: boolean): void;
  size(): number;
  has(params: Readonly<Record<string, string>>, prefix: MacPrefix): boolean;
  set(params: Readonly<Record<string, string>>, prefix: MacPrefix, block: boolean): void;
  remove(params: Readonly<Record<string, string>>, prefix: MacPrefix): void;
  /** Checks the path's PHY (and block); throws a 400 naming what is wrong. */
  check(params: Readonly<Record<string, string>>): void;
}

/** Adds the svcdb log filters' routes. */
export function addLogFilterRoutes(routes: RouteRegistry, svc: Service, filters: LogFilters): void {
  const checkPhy = (phy: string | undefined) => {
    if (!phy || !svc.phys.has(phy)) throw new SvcError('SVC_ERR_BAD_REQUEST', `no PHY named '${phy}'; use one /phy/all_phys.json lists`);
  };
  const block = (params: Readonly<Record<string, string>>): FilterAddressBlock => parseFilterAddressBlock(params.block);
  const { devices, packets } = filters;
  const targets: FilterTarget[] = [
    {
      base: `/filters/class/${DEVICE_LOG_FILTER_ID}`,
      name: 'the svcdb device filter',
      ruleSegments: ':phyname',
      record: () => devices.record(),
      setDefault: (value) => void (devices.blockByDefault = value),
      size: () => devices.size,
      has: (params, prefix) => devices.has(params.phyname!, prefix),
      set: (params, prefix, value) => devices.set(params.phyname!, prefix, value),
      remove: (params, prefix) => void devices.remove(params.phyname!, prefix),
      check: (params) => checkPhy(params.phyname),
    },
    {
      base: `/filters/packet/${PACKET_LOG_FILTER_ID}`,
      name: 'the svcdb packet filter',
      ruleSegments: ':phyname/:block',
      record: () => packets.record(),
      setDefault: (value) => void (packets.blockByDefault = value),
      size: () => packets.size,
      has: (params, prefix) => packets.has(params.phyname!, block(params), prefix),
      set: (params, prefix, value) => packets.set(params.phyname!, block(params), prefix, value),
      remove: (params, prefix) => void packets.remove(params.phyname!, block(params), prefix),
      check: (params) => {
        checkPhy(params.phyname);
        block(params);
      },
    },
  ];
  for (const target of targets) addFilterRoutes(routes, target, filters.maxRules);
}

function addFilterRoutes(routes: RouteRegistry, target: FilterTarget, maxRules: number): void {
  const admin = (path: string, description: string, handler: HttpRouteDefinition['handler']) => routes.http({ methods: ['POST'], path, formats: ['cmd'], role: 'admin', description, handler });
  routes.http({
    methods: ['GET', 'POST'],
    path: `${target.base}/filter`,
    formats: TRACKED_FORMATS,
    role: 'readonly',
    description: `${target.name}: default and MAC rules by PHY (what it blocks is not written to the svcdb log)`,
    handler: () => target.record(),
  });
  const setDefault: HttpRouteDefinition['handler'] = ({ command }) => {
    if (command.default === undefined) throw new SvcError('SVC_ERR_MISSING_KEY', "'default' is required: block or pass");
    target.setDefault(parseFilterAction(command.default, 'default') === 'block');
    return target.record();
  };
  admin(`${target.base}/filter`, `set the default of ${target.name}: default (block/reject/deny/true or pass/allow/false), where Kismet's code takes it`, setDefault);
  admin(`${target.base}/set_default`, `the same, where Kismet's docs put it`, setDefault);
  admin(`${target.base}/${target.ruleSegments}/set_filter`, `set rules of ${target.name}: filter {MAC or MAC/MASK: true (block) or false (pass)}`, ({ params, command }) => {
    target.check(params);
    const entries = command.filter;
    if (entries === null || typeof entries !== 'object' || Array.isArray(entries) || Object.keys(entries).length === 0) {
      throw new SvcError('SVC_ERR_BAD_REQUEST', "'filter' must be a dictionary of MAC: true (block) or false (pass)");
    }
    const rules = Object.entries(entries as Record<string, unknown>).map(([mac, value]) => ({ prefix: parseMacPrefix(mac, 'filter MAC'), block: parseFilterAction(value, `filter value of ${mac}`) === 'block' }));
    requireRoom({ what: `rules in ${target.name}`, key: 'log_filter_max_rules', max: maxRules }, target.size(), rules.filter((rule) => !target.has(params, rule.prefix)).length);
    for (const rule of rules) target.set(params, rule.prefix, rule.block);
    return target.record();
  });
  admin(`${target.base}/${target.ruleSegments}/remove_filter`, `remove rules of ${target.name}: filter [MAC or MAC/MASK, ...] (or addresses, as Kismet's docs say); 404 for a MAC with no rule`, ({ params, command }) => {
    target.check(params);
    const entries = command.filter ?? command.addresses;
    if (!Array.isArray(entries) || entries.length === 0 || entries.some((mac) => typeof mac !== 'string')) throw new SvcError('SVC_ERR_BAD_REQUEST', "'filter' must be a non-empty list of MACs");
    const prefixes = (entries as string[]).map((mac) => parseMacPrefix(mac, 'filter MAC'));
    const missing = (entries as string[]).find((_mac, index) => !target.has(params, prefixes[index]!));
    if (missing !== undefined) throw new SvcError('SVC_ERR_NOT_FOUND', `${target.name} has no rule for ${missing} there; filter.json lists them`);
    for (const prefix of prefixes) target.remove(params, prefix);
    return target.record();
  });
}
